package robotstxt

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// slowMatch is the obviously-correct matcher the fast one is checked
// against: the definition of a '*'/'$' pattern, evaluated by dynamic
// programming over (pattern position, path position), one pattern
// position at a time from the end.
func slowMatch(pattern, path string) bool {
	// The octets before the first '*' (and before a final '$') start
	// every path the pattern matches: tested first, as they rule out
	// most of a file's rules at once.
	lit := pattern
	if i := strings.IndexByte(lit, '*'); i >= 0 {
		lit = lit[:i]
	} else {
		lit = strings.TrimSuffix(lit, "$")
	}
	if !strings.HasPrefix(path, lit) {
		return false
	}
	// next[j]: pattern[i+1:] matches a prefix of path[j:] (all of it, when
	// the pattern ends in an anchoring '$'); cur[j]: the same for pattern[i:].
	next := make([]bool, len(path)+1)
	cur := make([]bool, len(path)+1)
	for j := range next {
		next[j] = true
	}
	for i := len(pattern) - 1; i >= 0; i-- {
		for j := len(path); j >= 0; j-- {
			switch c := pattern[i]; {
			case c == '$' && i == len(pattern)-1:
				cur[j] = j == len(path)
			case c == '*': // match nothing here, or one octet and stay on '*'
				cur[j] = next[j] || j < len(path) && cur[j+1]
			default:
				cur[j] = j < len(path) && path[j] == c && next[j+1]
			}
		}
		next, cur = cur, next
	}
	return next[0]
}

// slowNormalize is the obviously-correct RFC normaliser: read the string
// as octets, each remembered as escaped or bare, then write each octet in
// its canonical form.
func slowNormalize(s string, pattern bool) string {
	type octet struct {
		c       byte
		escaped bool
	}
	var os []octet
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+1])) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+2])) {
			var v byte
			fmt.Sscanf(s[i+1:i+3], "%02x", &v)
			os = append(os, octet{v, true})
			i += 2
			continue
		}
		os = append(os, octet{s[i], false})
	}
	var b strings.Builder
	for i, o := range os {
		unreserved := strings.IndexByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~", o.c) >= 0
		bad := o.c <= ' ' || o.c >= 0x7F || strings.IndexByte("\"<>\\^`{|}%", o.c) >= 0
		switch {
		case o.escaped && unreserved:
			b.WriteByte(o.c)
		case o.escaped:
			fmt.Fprintf(&b, "%%%02X", o.c)
		case pattern && o.c == '*', pattern && o.c == '$' && i == len(os)-1:
			b.WriteByte(o.c)
		case bad || o.c == '*' || o.c == '$':
			fmt.Fprintf(&b, "%%%02X", o.c)
		default:
			b.WriteByte(o.c)
		}
	}
	return b.String()
}

func TestMatches(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
		source        string
	}{
		{"/", "/", true, "RFC 9309 section 2.2.2: prefix match"},
		{"/fish", "/fish.html", true, "prefix"},
		{"/fish", "/Fish", false, "case-sensitive"},
		{"/fish", "/catfish", false, "anchored at the start of the path"},
		{"", "/", true, "the empty pattern is a prefix of everything (decide gives it priority 0)"},
		{"*", "/", true, "RFC 9309 section 2.2.3: '*' matches any run"},
		{"/*.php", "/a/b.php?x", true, "'*' crosses '/'"},
		{"/*.php$", "/a/b.php?x", false, "'$' anchors at the end of path and query"},
		{"/*.php$", "/a/b.php", true, "'$' at the end"},
		{"/a$b", "/a$b", true, "'$' inside a pattern is literal"},
		{"/a$b", "/a", false, "'$' inside a pattern does not anchor"},
		{"$", "/", false, "a lone '$' matches only the empty path"},
		{"/*$", "/anything", true, "'*' then '$'"},
		{"/a*b*c$", "/aXbYbZc", true, "leftmost matching never loses"},
		{"/a*bc*c$", "/abcbcc", true, "segments may share nothing"},
		{"/a*ab$", "/aab", true, "a segment after '*' may start right away"},
		{"/a*aa", "/aa", false, "segments may not overlap"},
		{"**/x", "/x", true, "consecutive stars"},
		{"/x**", "/x", true, "trailing stars"},
		{"/*/search?*$", "/a/search?q", true, "corpus 031: '$' right after '*'"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			if got := matches(tt.pattern, tt.path); got != tt.want {
				t.Errorf("matches(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
			}
			if got := slowMatch(tt.pattern, tt.path); got != tt.want {
				t.Errorf("slowMatch(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
			}
		})
	}
}

func TestNormalizeRFC(t *testing.T) {
	tests := []struct {
		in       string
		pattern  bool
		want     string
		wantPrio int
		source   string
	}{
		{"/a/b", false, "/a/b", 4, "canonical input is returned as is"},
		{"/ツ", false, "/%E3%83%84", 10, "RFC 9309 section 2.2.2: non-ASCII is percent-encoded"},
		{"/%e3%83%84", false, "/%E3%83%84", 10, "hex digits are upper-cased"},
		{"/%62%61%7A", false, "/baz", 4, "escapes of unreserved characters are decoded"},
		{"/a%2Fb", false, "/a%2Fb", 6, "escapes of reserved characters stay"},
		{"/a%2fb", false, "/a%2Fb", 6, "escapes of reserved characters get upper-case hex"},
		{"/a b", false, "/a%20b", 6, "space is escaped"},
		{"/a%", false, "/a%25", 5, "a bare '%' is escaped"},
		{"/a%zz", false, "/a%25zz", 7, "a '%' without two hex digits is escaped"},
		{"/a?b=c&d", false, "/a?b=c&d", 8, "reserved characters stay"},
		{"/a*b", false, "/a%2Ab", 6, "a literal '*' in a URL is written %2A"},
		{"/a$", false, "/a%24", 5, "a literal '$' in a URL is written %24"},
		{"/a*b$", true, "/a*b$", 5, "pattern: '*' and a final '$' stay special"},
		{"/a$b", true, "/a%24b", 4, "pattern: a '$' inside is literal and counts one octet"},
		{"/a%2Ab", true, "/a%2Ab", 6, "RFC 9309 section 2.2.3: %2A names a literal '*'"},
		{"/a%2ab", true, "/a%2Ab", 6, "RFC 9309 section 2.2.3: %2a names a literal '*' too"},
		{"/a%24", true, "/a%24", 5, "RFC 9309 section 2.2.3: %24 names a literal '$'"},
		{"/\x00\x7f", false, "/%00%7F", 7, "controls are escaped"},
		{"/[x]", false, "/[x]", 4, "reserved gen-delims stay"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			got, prio := normalizeRFC(tt.in, tt.pattern)
			if got != tt.want || prio != tt.wantPrio {
				t.Errorf("normalizeRFC(%q, %v) = %q, %d; want %q, %d", tt.in, tt.pattern, got, prio, tt.want, tt.wantPrio)
			}
			if slow := slowNormalize(tt.in, tt.pattern); slow != tt.want {
				t.Errorf("slowNormalize(%q, %v) = %q, want %q", tt.in, tt.pattern, slow, tt.want)
			}
		})
	}
}

func TestNormalizeRFCNoAlloc(t *testing.T) {
	for _, s := range []string{"/", "/a/b/c?d=e&f=g", "/%E3%83%84/x"} {
		if n := testing.AllocsPerRun(100, func() { normalizeRFC(s, false) }); n != 0 {
			t.Errorf("normalizeRFC(%q) allocates %v times, want 0", s, n)
		}
	}
}

// FuzzMatch compares the fast matcher and normaliser with the slow ones.
func FuzzMatch(f *testing.F) {
	seeds := [][2]string{
		{"/fish*.php$", "/fish/a.php"}, {"/*.gif$", "/a.gif"}, {"*", "/"}, {"/a%2Ab", "/a*b"},
		{"/%E3%83%84", "/ツ"}, {"/a$b", "/a$b"}, {"/a*ab$", "/aab"}, {"/%7ejoe", "/~joe/"},
		{"", "/x"}, {"$", ""}, {"/x/*/y*z$", "/x/1/y/2z"},
		// A hostile shape, small version: a '*' and 16 letters against a
		// long path of near misses.
		{"/*abcdefghijklmnop", "/" + strings.Repeat("abcdefghijklmno", 16)},
		// The other hostile shapes (see hostileShapes): anchored, and
		// after a long shared prefix.
		{"/*abcdefghijklmnop$", "/" + strings.Repeat("abcdefghijklmnop", 15) + "x"},
		{sharedPrefix + "*abcdefghijklmnop", sharedPrefix + strings.Repeat("abcdefghijklmno", 12)},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, path string) {
		if len(pattern) > 64 || len(path) > 256 {
			return // keep the slow matcher fast
		}
		if got, want := matches(pattern, path), slowMatch(pattern, path); got != want {
			t.Fatalf("matches(%q, %q) = %v, slowMatch says %v", pattern, path, got, want)
		}
		if headMismatch(pattern, path) && slowMatch(pattern, path) {
			t.Fatalf("headMismatch(%q, %q) rules out a pattern that matches", pattern, path)
		}
		for _, isPattern := range []bool{false, true} {
			got, _ := normalizeRFC(path, isPattern)
			if want := slowNormalize(path, isPattern); got != want {
				t.Fatalf("normalizeRFC(%q, %v) = %q, slowNormalize says %q", path, isPattern, got, want)
			}
			if again, _ := normalizeRFC(got, isPattern); again != got {
				t.Fatalf("normalizeRFC is not idempotent: %q -> %q -> %q", path, got, again)
			}
		}
		cp, _ := normalizeRFC(pattern, true)
		cu, _ := normalizeRFC(path, false)
		if got, want := matches(cp, cu), slowMatch(slowNormalize(pattern, true), slowNormalize(path, false)); got != want {
			t.Fatalf("RFC match of %q against %q = %v, slow says %v", pattern, path, got, want)
		}
	})
}

// TestHeadMismatch checks the quick test of Group.scan on each edge of
// what it can tell: it rules a pattern out only when one of its first two
// octets, neither a wildcard nor its anchor, differs from the path's.
func TestHeadMismatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, path string
		want          bool
	}{
		{"/a=1/", "/some/page", true},
		{"/s", "/some", false},
		{"/so", "/some", false},
		{"/x", "/", true},     // the path is too short to match
		{"/", "/x", false},    // one octet: the matcher decides
		{"", "/x", false},     // empty: Google's library matches every path
		{"*x", "/x", false},   // a leading wildcard
		{"/*x", "/yx", false}, // a wildcard second
		{"/$", "/", false},    // the anchor that ends the pattern
		{"/$x", "/$x", false}, // a '$' inside is an octet like any other
		{"/$x", "/ax", true},  // and must match as one
		{"$$", "$", false},    // an anchored "$"
		{"/ab*$", "/zz", true},
	} {
		if got := headMismatch(tt.pattern, tt.path); got != tt.want {
			t.Errorf("headMismatch(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
		if headMismatch(tt.pattern, tt.path) && matches(tt.pattern, tt.path) {
			t.Errorf("headMismatch(%q, %q) rules out a pattern that matches", tt.pattern, tt.path)
		}
	}
}

// TestIndexAgreesWithScan checks the index of every group of the corpus,
// large (prefix entries) and small (priority order), against the linear
// pass a group makes before it has one, on paths made from the group's
// own rules (so that many of them match) and variations of them.
func TestIndexAgreesWithScan(t *testing.T) {
	checked := 0
	for _, cf := range corpus(t) {
		t.Run(cf.name, func(t *testing.T) {
			for _, mode := range []Mode{RFC, Google} {
				r := Options{Mode: mode, MaxBytes: -1}.Parse(cf.data)
				for _, g := range r.Groups() {
					ix := g.prepare()
					step := max(1, len(g.rules)/100)
					for i := 0; i < len(g.rules); i += step {
						p := g.text.pattern(&g.rules[i])
						base := strings.TrimSuffix(strings.ReplaceAll(p, "*", "x"), "$")
						for _, path := range []string{base, base + "/z", base[:len(base)/2], "/", "/zzz" + base} {
							var got *rule
							if j := ix.decide(g.text, g.d.emptyMatches, path); j >= 0 {
								got = &ix.rules[j]
							}
							want := g.scan(path)
							if (got == nil) != (want == nil) || got != nil && *got != *want {
								t.Fatalf("%v: indexed decide(%q) = %+v, linear scan gives %+v", mode, path, got, want)
							}
							checked++
						}
					}
				}
			}
		})
	}
	if checked < 5000 {
		t.Errorf("checked %d paths, want at least 5000", checked)
	}
}

// TestIndexBuiltUnderQueries asks a large group from many goroutines at
// once, from its first query on, so that linear passes run while the
// index is built: under -race this catches a pass reading rules the build
// writes, and every answer must equal the one a group that has its index
// gives.
func TestIndexBuiltUnderQueries(t *testing.T) {
	data := corpusFile(t, "016_docs.oracle.com.txt")
	opts := Options{MaxBytes: -1}
	warm := opts.Parse(data).Group("FooBot")
	warm.prepare()
	paths := []string{"/", "/cd/E11882_01/server.112/e10592/toc.htm", "/javase/8/docs/api/", "/zzz", "/en/java/javase/11/"}
	want := make([]bool, len(paths))
	for i, p := range paths {
		want[i] = warm.Allowed(p)
	}
	g := opts.Parse(data).Group("FooBot")
	if g.c.ix.Load() != nil {
		t.Fatal("a fresh group already has its index")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for w := range 16 {
		wg.Go(func() {
			for q := range 4 * indexAfter {
				i := (w + q) % len(paths)
				if got := g.Allowed(paths[i]); got != want[i] {
					errs <- fmt.Sprintf("Allowed(%q) = %v, want %v (query %d)", paths[i], got, want[i], q)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if g.c.ix.Load() == nil {
		t.Error("the group built no index after many queries")
	}
}

// normalizeRFC returns s in the canonical form appendRFC builds, for
// tests: the form used for matching in RFC
// mode (RFC 9309 section 2.2.2): octets that may not appear bare in a URI
// path or query are percent-encoded, escapes of unreserved characters are
// decoded, and the hex digits of the remaining escapes are upper-cased.
// Reserved characters and their escapes are kept as they are, so
// "/a%2Fb" and "/a/b" stay different.
//
// On top of that, a literal '*' or '$' is written as "%2A" or "%24", on both
// sides: this is how RFC 9309 section 2.2.3 lets a pattern name these
// characters, and it leaves a bare '*' in a canonical pattern meaning "any
// octets" and a bare final '$' meaning "end of path", with nothing else
// special. In a pattern (pattern == true) '*' and a final '$' are kept bare;
// in a URL they are literal characters and get escaped.
//
// The second result is the pattern's length in octets as RFC 9309 section
// 2.2.2 counts them for "the most specific match": the normalised pattern,
// where a '$' inside a pattern counts as the one octet it is.
func normalizeRFC(s string, pattern bool) (string, int) {
	b, prio, changed := appendRFC(nil, s, pattern)
	if !changed {
		return s, len(s)
	}
	// b is written no more, so the result may share its bytes.
	return view(b), prio
}
