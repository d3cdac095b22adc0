package robotstxt

import (
	"runtime"
	"strings"
	"testing"
)

// TestAllowedNonCanonicalDoesNotAllocate checks that a target the RFC
// normaliser has to change (non-ASCII octets, lower-case escapes, bare
// spaces) is decided without allocating while its canonical form fits in
// the documented 512 bytes, and with at most one allocation past that.
func TestAllowedNonCanonicalDoesNotAllocate(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /%E3%83%84/\nDisallow: /*%C3%B6$\nAllow: /a%20b\nDisallow: /a\n"))
	g := r.Group("bot")
	// sized(n) is a target whose canonical form is n bytes: "/", then
	// "x" octets, then "/ä", which is "/%C3%A4".
	const documented = 512 // the README's Limits table
	sized := func(n int) string { return "/" + strings.Repeat("x", n-len("/%C3%A4")-1) + "/ä" }
	tests := []struct {
		name, target string
		allowed      bool
		maxAllocs    float64
		source       string
	}{
		{"non-ASCII segment", "/ツ/x", false, 0, "RFC 9309 section 2.2.2: octets percent-encoded"},
		{"non-ASCII path and query", "/ä?q=ö", false, 0, "RFC 9309 section 2.2.2"},
		{"non-ASCII, absolute URL", "https://example.com/ツ/x#frag", false, 0, "RFC 9309 section 2.2.2"},
		{"lower-case escape", "/%e3%83%84/x", false, 0, "RFC 3986 section 6.2.2.1"},
		{"bare space", "/a b", true, 0, "RFC 9309 section 2.2.2"},
		{"non-ASCII, not matched", "/b/ツ", true, 0, "RFC 9309 section 2.2.2"},
		{"canonical form of 512 bytes", sized(documented), true, 0, "README Limits: non-canonical targets up to 512 bytes"},
		{"canonical form one byte longer", sized(documented + 1), true, 1, "README Limits: non-canonical targets up to 512 bytes"},
		{"far longer", "/ツ/" + strings.Repeat("ö", 1000), false, 1, "README Limits: non-canonical targets up to 512 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Allowed(tt.target); got != tt.allowed {
				t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", tt.target, got, tt.allowed, tt.source)
			}
			if n := testing.AllocsPerRun(100, func() { g.Allowed(tt.target) }); n > tt.maxAllocs {
				t.Errorf("Group.Allowed(%q) allocates %v times, want at most %v (%s)", tt.target, n, tt.maxAllocs, tt.source)
			}
			if n := testing.AllocsPerRun(100, func() { r.Allowed("bot", tt.target) }); n > tt.maxAllocs {
				t.Errorf("Robots.Allowed(%q, %q) allocates %v times, want at most %v (%s)", "bot", tt.target, n, tt.maxAllocs, tt.source)
			}
		})
	}
}

// TestSmallFileAllocations checks that a parse and a first query of the
// corpus files of at most 1 KB (four in five real files are that small)
// allocate what the parsed file keeps and no more: its Robots and the
// block of its tables (see block); its table of Groups past two sets of
// groups, and the Group of a group of 8 rules or more, which the
// query makes; and for the files that have them, its
// file-wide records, its extension records, its rules' written forms and
// the rules of its sets of several groups. Buffers of its own rather
// than the pool's, which the race detector empties at random.
func TestSmallFileAllocations(t *testing.T) {
	for _, f := range corpus(t) {
		if len(f.data) > 1<<10 {
			continue
		}
		var b parseBuffers
		src := string(f.data)
		r := Options{}.parseWith(&b, src, false, -1, defaultLimits, false)
		want, why := 2.0, "the Robots and its block"
		if r.sets() > len(r.inline) {
			want, why = want+1, why+", its table of Groups"
		}
		set := r.lookupSet("Googlebot")
		if set < 0 {
			set = int(r.global) - 1
		}
		if set >= len(r.starts) || set >= 0 && len(r.groupRules(set)) >= groupless {
			want, why = want+1, why+", its Group"
		}
		if r.file != nil {
			want, why = want+1+float64(len(r.file.signals)), why+", its records"
			if r.file.host != "" {
				want++
			}
		}
		if r.exts != nil {
			want, why = want+2, why+", its extension records"
		}
		if r.text.written != nil {
			want, why = want+1, why+", its written forms"
		}
		if r.multi != nil {
			want, why = want+4, why+", its sets of several groups"
		}
		n := testing.AllocsPerRun(20, func() {
			b.reset()
			Options{}.parseWith(&b, src, false, -1, defaultLimits, false).Allowed("Googlebot", "/some/page.html?id=1")
		})
		if n > want {
			t.Errorf("%s (%d bytes): Parse then Allowed allocates %v times, want at most %v (%s)", f.name, len(f.data), n, want, why)
		}
	}
}

// TestReserveWritten checks that a parse reserves the room of its rules'
// written forms once, whatever ends its lines, and only in a group: RFC
// mode's parse of the file of BenchmarkParseDollarInside, every rule of
// which keeps its written form, allocates at most four times more than
// Google mode's, which keeps none (its written forms' two lists, and
// their copies in the parsed file); counted line by line (a file of CRs
// alone once had its rules' room but not their forms'), it allocates 34
// times, not 13. Where few rules have a written form, the room is
// theirs, not the rest of the file's, which it once was; a rule outside
// any group, which is not kept, reserves nothing.
func TestReserveWritten(t *testing.T) {
	lf := string(dollarInside())
	allocs := func(m Mode, src string) float64 {
		return testing.AllocsPerRun(2, func() {
			Options{Mode: m, MaxBytes: -1}.parseWith(new(parseBuffers), src, false, -1, defaultLimits, false)
		})
	}
	for _, c := range []struct{ name, src string }{
		{"LF", lf},
		{"CRLF", strings.ReplaceAll(lf, "\n", "\r\n")},
		{"CR", strings.ReplaceAll(lf, "\n", "\r")},
	} {
		// The race detector's pools drop buffers the parse borrows.
		if n, google := allocs(RFC, c.src), allocs(Google, c.src); n > google+4 && !raceEnabled {
			t.Errorf("%s: RFC mode's parse allocates %v times, want at most Google mode's %v and 4", c.name, n, google)
		}
	}
	// bytes returns what a parse of src allocates, in bytes.
	bytes := func(m Mode, src string) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		Options{Mode: m, MaxBytes: -1}.parseWith(new(parseBuffers), src, false, -1, defaultLimits, false)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	plain := strings.Repeat("Disallow: /a/b/c/d/e/f\n", 1000)
	sparse := "User-agent: *\n" + plain + "Disallow: /$a\n" + strings.Repeat(plain, 30)
	if n, google := bytes(RFC, sparse), bytes(Google, sparse); n > google+uint64(len(sparse)/16) {
		t.Errorf("one rule with a written form among %d octets of rules: RFC mode's parse allocates %d bytes, Google mode's %d; want at most %d more", len(sparse), n, google, len(sparse)/16)
	}
	outside := "Disallow: /$a\n" + strings.Repeat("# a comment, forty octets with its break\n", 1<<15)
	if n := bytes(RFC, outside); n > uint64(len(outside)/16) {
		t.Errorf("a parse of a rule outside any group and %d octets of comments allocates %d bytes, want at most %d", len(outside), n, len(outside)/16)
	}
}
