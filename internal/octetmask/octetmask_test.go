package octetmask

import "testing"

func TestPatternWithin(t *testing.T) {
	for _, tt := range []struct {
		pattern, path string
		may           bool // the path may match: its mask holds the pattern's
	}{
		{"/a*b$", "/a/x/b", true},
		{"/a*b$", "/a/x", false}, // no 'b'
		{"*", "", true},          // no literal octet
		{"/x$", "/x", true},      // the final '$' is no octet
		{"/$x", "/x", false},     // a '$' inside is one
		{"/\x81", "/\x01", true}, // 0x81 and 0x01 share bit 1
		{"/pdf", "/docs/p.df", true},
	} {
		p, s := Pattern(tt.pattern), Of(tt.path)
		if got := p&^s == 0; got != tt.may {
			t.Errorf("Pattern(%q) within Of(%q) = %v, want %v", tt.pattern, tt.path, got, tt.may)
		}
	}
}

func TestMaskWithin(t *testing.T) {
	for _, tt := range []struct {
		pattern, path string
		may           bool
	}{
		{"/*/about", "/x/about", true},
		{"/*/about", "/x/abut/o", false}, // every octet, but no "bo" nor "ou"
		{"/a*b$", "/a/x/b", true},
		{"/a*b", "/ba", false},  // no pair "/a"
		{"/a*b", "/axxb", true}, // no pair across the '*'
		{"*", "", true},
		{"/x$", "/x", true},
		{"/$x", "/x", false},
		{"/pdf", "/docs/p.df", false}, // "pd" missing
		{"/pdf", "/docs/pdf", true},
	} {
		m := PatternMask(tt.pattern)
		if got := m.Octets&^Of(tt.path)|m.Pairs&^Pairs(tt.path) == 0; got != tt.may {
			t.Errorf("PatternMask(%q) within the masks of %q = %v, want %v", tt.pattern, tt.path, got, tt.may)
		}
	}
}
