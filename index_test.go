package robotstxt

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// worstShapes are groups of about 500 KiB of rules (DefaultMaxBytes)
// shaped against the index: many pieces per rule over few letters, which
// a path over the same letters holds everywhere; '$' anchors; a long
// shared prefix; allow and disallow mixed; pieces of one letter in many
// lengths, which end one another. Each file is the same on every run.
var worstShapes = []worstShape{
	{"pieces-of-two-letters", "", func(rnd *rand.Rand) string {
		return "Allow: /*" + letterRun(rnd, "ab", 5) + "*" + letterRun(rnd, "ab", 5) + "*" + letterRun(rnd, "ab", 5) + "\n"
	}},
	{"ten-pieces", "", func(rnd *rand.Rand) string {
		var b strings.Builder
		b.WriteString("Disallow: /")
		for range 10 {
			b.WriteString("*" + letterRun(rnd, "abc", 3))
		}
		return b.String() + "\n"
	}},
	{"anchored", "", func(rnd *rand.Rand) string {
		return "Disallow: /*" + letterRun(rnd, "ab", 8) + "*" + letterRun(rnd, "ab", 8) + "$\n"
	}},
	{"shared-prefix", sharedPrefix, func(rnd *rand.Rand) string {
		return "Disallow: " + sharedPrefix + "*" + letterRun(rnd, "ab", 6) + "*" + letterRun(rnd, "ab", 6) + "\n"
	}},
	{"mixed", "", func(rnd *rand.Rand) string {
		key := [2]string{"Allow", "Disallow"}[rnd.IntN(2)]
		end := [2]string{"", "$"}[rnd.IntN(2)]
		return key + ": /" + letterRun(rnd, "ab", rnd.IntN(3)) + "*" + letterRun(rnd, "ab", 1+rnd.IntN(8)) + "*" + letterRun(rnd, "ab", 1+rnd.IntN(8)) + end + "\n"
	}},
	{"one-letter", "", func(rnd *rand.Rand) string {
		return "Disallow: /*" + strings.Repeat("a", 1+rnd.IntN(64)) + "*" + strings.Repeat("a", 1+rnd.IntN(64)) + "*b\n"
	}},
	{"sixteen-letters", "", func(rnd *rand.Rand) string {
		return "Disallow: /*" + letterRun(rnd, "abcdefghijklmnopqrstuvwxyz", 16) + "\n"
	}},
}

// A worstShape is a shape of group, made by a line of random letters.
type worstShape struct {
	name   string
	prefix string // what each rule's pattern starts with, and the paths asked
	line   func(rnd *rand.Rand) string
}

// file returns the shape's group.
func (s worstShape) file() []byte {
	rnd := rand.New(rand.NewPCG(37, uint64(len(s.name))))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < DefaultMaxBytes-200 {
		b.WriteString(s.line(rnd))
	}
	return []byte(b.String())
}

// letterRun returns n random octets of letters.
func letterRun(rnd *rand.Rand, letters string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[rnd.IntN(len(letters))]
	}
	return string(b)
}

// worstPath returns a path of n octets: prefix, then letters, repeated
// when there is one or two of them, random otherwise.
func worstPath(prefix, letters string, n int) string {
	rnd := rand.New(rand.NewPCG(9309, uint64(n)))
	var b strings.Builder
	b.WriteString("/")
	b.WriteString(strings.TrimPrefix(prefix, "/"))
	for i := 0; b.Len() < n; i++ {
		if len(letters) <= 2 {
			b.WriteByte(letters[i%len(letters)])
		} else {
			b.WriteByte(letters[rnd.IntN(len(letters))])
		}
	}
	return b.String()
}

// TestIndexWorstShapes checks the index against the scan on every
// hostile shape, in both modes, for paths over one, two and all letters,
// short and long, and made from the group's own rules.
func TestIndexWorstShapes(t *testing.T) {
	for _, shape := range worstShapes {
		for _, mode := range []Mode{RFC, Google} {
			g := Options{Mode: mode}.Parse(shape.file()).Group("FooBot")
			ix := g.prepare()
			var paths []string
			for _, letters := range []string{"a", "ab", "abc", "abcdefghijklmnopqrstuvwxyz"} {
				for _, n := range []int{5, 101, 1 << 10} {
					paths = append(paths, worstPath(shape.prefix, letters, n))
				}
			}
			for i := 0; i < len(g.rules); i += len(g.rules) / 20 {
				p := strings.TrimSuffix(g.text.pattern(&g.rules[i]), "$")
				paths = append(paths, strings.ReplaceAll(p, "*", ""), strings.ReplaceAll(p, "*", "ab"), strings.ReplaceAll(p, "*", "b")+"x")
			}
			for _, path := range paths {
				checkIndex(t, &g.matcher, ix, path)
			}
		}
	}
}

// checkIndex fails when ix and the scan decide path differently.
func checkIndex(t *testing.T, g *matcher, ix *index, path string) {
	t.Helper()
	var got *rule
	if j := ix.decide(g.text, g.d.emptyMatches, path); j >= 0 {
		got = &ix.rules[j]
	}
	want := g.scan(path)
	if (got == nil) != (want == nil) || got != nil && *got != *want {
		pat := func(r *rule) string {
			if r == nil {
				return "none"
			}
			return g.text.pattern(r)
		}
		t.Fatalf("index decides %.80q by %q, the scan by %q", path, pat(got), pat(want))
	}
}

// FuzzIndex compares the index with the slow matcher on groups of rules
// over few letters, with '*'s and '$'s anywhere a pattern may have them,
// and paths over the same letters: every rule is matched by slowMatch and
// the best kept as RFC 9309 section 2.2.2 ranks them.
func FuzzIndex(f *testing.F) {
	f.Add("/*ab*ba\n/*a$\n/b*\n/*abab*bb*a", "/ababbaab", uint8(3))
	f.Add("/*aa*aaa\n/*a*aa*aaa$\n/aa*\n*a", "/aaaaaaa", uint8(0))
	f.Add("/*abc\n/*bca\n/*cab$\n/a*b*c*a*b*c\n/", "/abcabcabc", uint8(5))
	f.Fuzz(func(t *testing.T, lines, path string, allows uint8) {
		if len(lines) > 2048 || len(path) > 256 {
			return
		}
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i, l := range strings.Split(lines, "\n") {
			if strings.ContainsAny(l, "#\r\x00 \t") {
				continue
			}
			key := "Disallow: "
			if allows>>(i%8)&1 != 0 {
				key = "Allow: "
			}
			b.WriteString(key + l + "\n")
		}
		g := Options{Mode: Google}.Parse([]byte(b.String())).Group("x")
		if g == nil || strings.ContainsAny(path, "#?") {
			return
		}
		ix := g.prepare()
		var got *rule
		if j := ix.decide(g.text, g.d.emptyMatches, path); j >= 0 {
			got = &ix.rules[j]
		}
		var want *rule
		for i := range g.rules {
			r := &g.rules[i]
			p := g.text.pattern(r)
			if (p != "" && slowMatch(p, path) || p == "" && g.d.emptyMatches) && (want == nil || g.text.better(r, want)) {
				want = r
			}
		}
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Fatalf("index decides %q by %v, the slow matcher by %v; rules:\n%s", path, got, want, b.String())
		}
	})
}

// TestIndexDoesNotAllocate checks that a decision by the index allocates
// nothing once its pool holds a sweep's state, on a hostile shape whose
// sweep takes many rules through their pieces.
func TestIndexDoesNotAllocate(t *testing.T) {
	g := Parse(worstShapes[0].file()).Group("FooBot")
	g.prepare()
	path := worstPath("", "ab", 1<<10)
	want := g.Allowed(path)
	n := testing.AllocsPerRun(100, func() {
		if g.Allowed(path) != want {
			t.Fatalf("Allowed(%.20q...) changed its answer", path)
		}
	})
	if n != 0 && !raceEnabled { // the race detector's pools drop states
		t.Errorf("Allowed(%.20q...) allocates %v times, want 0", path, n)
	}
}

// TestLongPathBuildsIndex checks that a query's scan counts for the work
// it does (see scanWork): one 8 KB path over the 17,654 rules of the
// wildcard shape builds the group's index at once, where a scan would
// have cost 50 ms or more, while a short path counts for one query and
// leaves the group to its scans.
func TestLongPathBuildsIndex(t *testing.T) {
	r := Parse(hostileFile(hostileShapes[0].line, DefaultMaxBytes))
	g := r.Group("FooBot")
	if n := len(g.rules); n < 10000 {
		t.Fatalf("the wildcard file has %d rules, want over 10,000", n)
	}
	g.Allowed("/short")
	if g.c.ix.Load() != nil {
		t.Errorf("one query of a 6-octet path built the index of %d rules, want it left to the scan", len(g.rules))
	}
	g.Allowed("/" + strings.Repeat("q", 8<<10))
	if g.c.ix.Load() == nil {
		t.Errorf("one query of an 8 KB path left %d '*' rules to the scan, want the index built", len(g.rules))
	}
}

// TestIndexRoutes checks the index against the scan on each route a
// rule with pieces takes: the entries (a prefix that few such rules
// share), the list (a short path) and the sweep (a long one) of a crowd
// that has both.
func TestIndexRoutes(t *testing.T) {
	rnd := rand.New(rand.NewPCG(37, 9309))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range 100 {
		key := [2]string{"Allow", "Disallow"}[i%2]
		fmt.Fprintf(&b, "%s: /*%s*%s\n", key, letterRun(rnd, "ab", 1+i%6), letterRun(rnd, "ab", 1+i%5))
		fmt.Fprintf(&b, "%s: /p%d/*%s\n", key, i%40, letterRun(rnd, "ab", 2+i%3))
		fmt.Fprintf(&b, "Disallow: /*%s$\n", letterRun(rnd, "ab", 3))
	}
	g := Parse([]byte(b.String())).Group("FooBot")
	ix := g.prepare()
	if ix.masks == nil || ix.swept == nil {
		t.Fatalf("a crowd of %d rules with pieces has masks %v, sweep %v; want both", len(ix.rules)-ix.direct, ix.masks != nil, ix.swept != nil)
	}
	if len(ix.rules)-ix.direct != 100 {
		t.Errorf("%d rules listed and swept, want the 100 of prefix \"/\"", len(ix.rules)-ix.direct)
	}
	for _, n := range []int{20, 300, 4000} {
		for i := range 40 {
			for _, letters := range []string{"ab", "abc"} {
				checkIndex(t, &g.matcher, ix, worstPath(fmt.Sprintf("/p%d/", i), letters, n))
				checkIndex(t, &g.matcher, ix, worstPath("", letters, n+i))
			}
		}
	}
}

// TestIndexManyLooseRules checks a group of listMost or more rules with a
// '*' but no pieces ("/*x$"), which neither a list nor a sweep takes:
// the index once dropped them all and allowed what "Disallow: *" forbids.
func TestIndexManyLooseRules(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("User-agent: *\nDisallow: *\n")
	for i := range listMost + 10 {
		fmt.Fprintf(&sb, "Disallow: /*x%d$\n", i)
	}
	g := Parse([]byte(sb.String())).Group("FooBot")
	ix := g.prepare()
	for _, p := range []string{"/a/b", "/q/x7"} {
		if j := ix.decide(g.text, g.d.emptyMatches, p); j < 0 || ix.rules[j].allows() {
			t.Errorf("index decides %q by %d, want a disallow", p, j)
		}
	}
}

// TestPrefixKeyOrder holds prefixKey to the order the entries' search
// needs: two strings whose keys differ compare as their keys do, NUL and
// 0xff octets, prefixes of one another and strings past 8 octets too.
func TestPrefixKeyOrder(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9309, 8))
	str := func() string { return letterRun(rnd, "\x00/ab\xff", rnd.IntN(12)) }
	differ := 0
	for range 20000 {
		a, b := str(), str()
		if rnd.IntN(4) == 0 {
			b = a[:rnd.IntN(len(a)+1)]
		}
		ka, kb := prefixKey(a), prefixKey(b)
		if ka == kb {
			continue
		}
		differ++
		if got, want := cmp.Compare(ka, kb), strings.Compare(a, b); got != want {
			t.Fatalf("prefixKey(%q) = %#x, prefixKey(%q) = %#x: compare as %d, the strings as %d", a, ka, b, kb, got, want)
		}
	}
	if differ < 10000 {
		t.Fatalf("only %d pairs of 20,000 had different keys", differ)
	}
}
