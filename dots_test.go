package robotstxt

import (
	"strings"
	"testing"
)

func TestDotSegments(t *testing.T) {
	const file = "User-agent: *\nDisallow: /secret\nAllow: /secret/public\n"
	tests := []struct {
		target string
		rfc    bool // Allowed in RFC mode
		google bool // Allowed in Google mode
		source string
	}{
		{"/secret/data", false, false, "RFC 9309 section 2.2.2"},
		{"/./secret/data", false, true, "RFC 3986 section 5.2.4"},
		{"/x/../secret/data", false, true, "RFC 3986 section 5.2.4"},
		{"/%2e/secret/data", false, true, "RFC 3986 section 6.2.2.2 and 5.2.4"},
		{"/x/%2E%2E/secret", false, true, "RFC 3986 section 6.2.2.2 and 5.2.4"},
		{"/../../secret", false, true, "RFC 3986 section 5.2.4: no climbing above the root"},
		{"http://example.com/a/./../secret?q=/../x", false, true, "RFC 3986 section 5.2.4: the query is kept"},
		{"/secret/x/../public", true, false, "RFC 3986 section 5.2.4"},
		{"/secret/..", true, false, "RFC 3986 section 5.2.4: \"/secret/..\" is \"/\""},
		{"/public/.", true, true, "RFC 3986 section 5.2.4"},
		{"/..secret", true, true, "RFC 3986 section 3.3: \"..secret\" is no dot segment"},
		{"/.secret", true, true, "RFC 3986 section 3.3: \".secret\" is no dot segment"},
		{"/x/../robots.txt", true, true, "RFC 9309 section 2.2.2: /robots.txt is always allowed"},
	}
	rfc := Parse([]byte(file))
	google := Options{Mode: Google}.Parse([]byte(file))
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			if got := rfc.Allowed("bot", tt.target); got != tt.rfc {
				t.Errorf("RFC mode: Allowed(%q, %q) = %v, want %v (%s)", "bot", tt.target, got, tt.rfc, tt.source)
			}
			if got := google.Allowed("bot", tt.target); got != tt.google {
				t.Errorf("Google mode: Allowed(%q, %q) = %v, want %v (Google's library takes the path as given)", "bot", tt.target, got, tt.google)
			}
		})
	}
}

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct {
		in, want string
		source   string
	}{
		{"/a/b/c/./../../g", "/a/g", "RFC 3986 section 5.4.2"},
		{"/./a", "/a", "RFC 3986 section 5.2.4"},
		{"/a/.", "/a/", "RFC 3986 section 5.2.4"},
		{"/a/..", "/", "RFC 3986 section 5.2.4"},
		{"/..", "/", "RFC 3986 section 5.2.4"},
		{"//a/../b", "//b", "RFC 3986 section 5.2.4: empty segments stay"},
		{"/a/../b?x/../y", "/b?x/../y", "RFC 3986 section 5.2.4: the query is no path"},
		{"/a/b", "/a/b", "no dot segment"},
		{"/a.b/..c/...", "/a.b/..c/...", "no dot segment"},
	}
	for _, tt := range tests {
		if got := removeDotSegments(tt.in); got != tt.want {
			t.Errorf("removeDotSegments(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.source)
		}
		if slow := slowRemoveDots(tt.in); slow != tt.want {
			t.Errorf("slowRemoveDots(%q) = %q, want %q (%s)", tt.in, slow, tt.want, tt.source)
		}
	}
}

// slowRemoveDots is the obviously-correct removal of dot segments that
// the fuzz targets check removeDotSegments against: split the path into
// segments, keep a stack, and join it again.
func slowRemoveDots(p string) string {
	path, query, _ := strings.Cut(p, "?")
	if query != "" || strings.Contains(p, "?") {
		query = "?" + query
	}
	segs := strings.Split(path, "/")[1:]
	var out []string
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".", "..":
			if s == ".." && len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	return "/" + strings.Join(out, "/") + query
}

// TestAuthorityEnds checks where a target's authority ends: RFC mode
// reads it as RFC 3986 section 3.2 does, so a ';' in a password does not
// start the path; Google mode reads ';' as Google's library does.
func TestAuthorityEnds(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /private\n"))
	g := Options{Mode: Google}.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	tests := []struct {
		target      string
		rfc, google bool
	}{
		{"http://u:a;b@example.com/private", false, true},
		{"http://u@example.com/private", false, false},
		{"http://example.com/private;x", false, false},
		{"http://example.com/public;private", true, true},
		{"/private;x", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			if got := r.Allowed("bot", tt.target); got != tt.rfc {
				t.Errorf("RFC: Allowed(%q, %q) = %v, want %v", "bot", tt.target, got, tt.rfc)
			}
			if got := g.Allowed("bot", tt.target); got != tt.google {
				t.Errorf("Google: Allowed(%q, %q) = %v, want %v", "bot", tt.target, got, tt.google)
			}
		})
	}
}

// TestTargetChange checks the one scan of a target's path against the two
// it stands for: firstChange, and a search for "/." up to the offset found.
func TestTargetChange(t *testing.T) {
	paths := []string{"", "/", "/.", "/a.b", "/a/.b", "/a/./b", "/x/../y", "/a%2e/b", "/%2E%2e/x", "/a b/./c", "/ツ/./x", "/a/b.html?q=/.x", "/a.b%7e/./c", "/*/.", "/a.%41/."}
	// And every string of up to four octets from a small alphabet.
	alphabet := []string{"/", ".", "a", "%2e", " ", "*"}
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		paths = append(paths, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			grow(prefix+c, n-1)
		}
	}
	grow("", 4)
	for _, p := range paths {
		i, dots := targetChange(p)
		if want := firstChange(p, false); i != want {
			t.Errorf("targetChange(%q) offset %d, firstChange says %d", p, i, want)
		}
		if want := strings.Contains(p[:i], "/."); dots != want {
			t.Errorf("targetChange(%q) slashDot %v, %q holds \"/.\": %v", p, dots, p[:i], want)
		}
	}
}
