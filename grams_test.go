package robotstxt

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// gramGroup parses one group of the given rules, after filler rules
// enough for the group to be indexed and for every rule to be keyed:
// crowdMin rules of the prefix "/" with pieces no path below holds.
func gramGroup(t *testing.T, rules ...string) *Group {
	t.Helper()
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range max(indexMin, crowdMin) {
		fmt.Fprintf(&b, "Disallow: /*%08dqq\n", i)
	}
	for _, r := range rules {
		b.WriteString(r + "\n")
	}
	return Parse([]byte(b.String())).Group("FooBot")
}

// TestGramCandidates checks the gram index on the edges of finding a
// rule by a key of its pieces: each row's group is indexed with every
// crowded rule keyed, and its decision must be the linear pass's, and the
// slow matcher's.
func TestGramCandidates(t *testing.T) {
	tests := []struct {
		name  string // the edge, the source of the row
		rules []string
		path  string
		want  string // the deciding pattern, "" for none
	}{
		{"piece at the path's start", []string{"Allow: */abcd"}, "/abcd", "*/abcd"},
		{"piece not before the prefix", []string{"Allow: /*/abcd"}, "/abcd", ""},
		{"piece at the path's end", []string{"Allow: /*wxyz"}, "/a/b/wxyz", "/*wxyz"},
		{"piece cut by the path's end", []string{"Allow: /*wxyz"}, "/a/b/wxy", ""},
		{"anchored, at the end", []string{"Allow: /*wxyz$"}, "/wxyz/wxyz", "/*wxyz$"},
		{"anchored, not at the end", []string{"Allow: /*wxyz$"}, "/wxyz/wxyzq", ""},
		{"overlapping pieces, too short for two", []string{"Allow: /*abab*abab"}, "/ababab", ""},
		{"overlapping pieces, room for two", []string{"Allow: /*abab*abab"}, "/abababab", "/*abab*abab"},
		{"overlapping occurrences of one piece", []string{"Allow: /*aaaa*b"}, "/aaaaaaaaab", "/*aaaa*b"},
		{"piece longer than the path", []string{"Allow: /*abcdefgh"}, "/abc", ""},
		{"path shorter than a key", []string{"Allow: /*abcd"}, "/ab", ""},
		{"rules of only '*'", []string{"Allow: *", "Allow: /*", "Disallow: **"}, "/x", "/*"},
		{"only '*' beaten by a longer keyed rule", []string{"Allow: /*", "Disallow: /*wxyz"}, "/wxyz", "/*wxyz"},
		{"piece in the middle", []string{"Disallow: /*bcde*f"}, "/a/bcde/f", "/*bcde*f"},
		{"piece present, later text missing", []string{"Disallow: /*bcde*f"}, "/a/bcde/g", ""},
		{"two keyed rules, the longer wins", []string{"Allow: /*bcde", "Disallow: /*bcde*fg"}, "/bcde/fg", "/*bcde*fg"},
		{"tie of length: allow wins", []string{"Disallow: /*bcdef", "Allow: /*abcde"}, "/abcdef", "/*abcde"},
		{"key inside its piece (the fillers share \"0000\")", []string{"Allow: /*0000wxyz"}, "/a0000wxyz", "/*0000wxyz"},
		{"pieces as short as a key", []string{"Disallow: /*abcd*efgh"}, "/efgh/abcd/efgh", "/*abcd*efgh"},
		{"a '*' after a long prefix", []string{"Disallow: /shop/*/cart"}, "/shop/x/cart", "/shop/*/cart"},
		{"keyed and prefix rules", []string{"Disallow: /shop/", "Allow: /*/shop/cart"}, "/shop/shop/cart", "/*/shop/cart"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gramGroup(t, tt.rules...)
			ix := buildIndex(g.text, g.rules, 1)
			if ix.grams == nil {
				t.Fatal("no gram index")
			}
			got := ""
			if j := ix.decide(g.text, g.d.emptyMatches, tt.path); j >= 0 {
				got = g.text.pattern(&ix.rules[j])
			}
			if got != tt.want {
				t.Errorf("decide(%q) by %q, want %q", tt.path, got, tt.want)
			}
			want := ""
			if r := g.scan(tt.path); r != nil {
				want = g.text.pattern(r)
			}
			if got != want {
				t.Errorf("decide(%q) by %q, the linear pass by %q", tt.path, got, want)
			}
			if a, want := g.Allowed(tt.path), slowAllowed(g, RFC, tt.path); a != want {
				t.Errorf("Allowed(%q) = %v, slow evaluation says %v", tt.path, a, want)
			}
		})
	}
}

// TestWorstCaseWork counts the rules a decision matches exactly on the
// hostile shapes (see hostileShapes) of about 500 KB: with the index a
// group builds, they are the few whose pieces occur in the path, not the
// thousands that share the prefix "/" (the prefix entries alone match
// every one of them that the path's octets do not rule out).
func TestWorstCaseWork(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9309, 28))
	for _, shape := range hostileShapes {
		g := Parse(hostileFile(shape.line, 500<<10)).Group("FooBot")
		ix := g.prepare()
		general := buildIndex(g.text, g.rules, math.MaxInt)
		for _, n := range []int{101, 8 << 10} {
			path := "/" + randomLetters(rnd, n-1)
			if shape.name == "shared-prefix" {
				path = sharedPrefix + randomLetters(rnd, n-len(sharedPrefix))
			}
			// A path that holds one rule's letters, so that one matches.
			letters := strings.TrimSuffix(g.text.pattern(&g.rules[len(g.rules)/2]), "$")
			hit := path[:max(n/2, len(sharedPrefix))] + letters[len(letters)-16:]
			for _, p := range []string{path, hit} {
				best, tried := ix.find(g.text, g.d.emptyMatches, p)
				if p == hit && best < 0 {
					t.Errorf("%s, path of %d: no rule matches a path with a rule's letters at its end", shape.name, len(p))
				}
				gbest, gtried := general.find(g.text, g.d.emptyMatches, p)
				if (best < 0) != (gbest < 0) || best >= 0 && ix.rules[best] != general.rules[gbest] {
					t.Errorf("%s, path of %d: the indexes disagree", shape.name, len(p))
				}
				if tried > 8 {
					t.Errorf("%s, path of %d: %d rules matched exactly, want at most 8 (the prefix entries alone: %d)", shape.name, len(p), tried, gtried)
				}
			}
		}
	}
}

// TestGramIndexDoesNotAllocate decides, with the gram index, a path that
// holds the letters of 40 rules of the wildcard shape, each line earlier
// than the one before, so that each beats the last: past the 16 marks a
// query keeps on its stack, its marks come from the pool, and allocate
// nothing once it holds some.
func TestGramIndexDoesNotAllocate(t *testing.T) {
	g := Parse(hostileFile(hostileShapes[0].line, 64<<10)).Group("FooBot")
	if g.prepare().grams == nil {
		t.Fatal("no gram index")
	}
	var b strings.Builder
	b.WriteString("/")
	for i := 40; i > 0; i-- {
		p := g.text.pattern(&g.rules[i*10])
		b.WriteString(p[len(p)-16:] + "/")
	}
	path := b.String()
	if _, tried := g.prepare().find(g.text, g.d.emptyMatches, path); tried <= 16 {
		t.Fatalf("%d rules matched exactly, want more than 16, to use the pool", tried)
	}
	if n := testing.AllocsPerRun(100, func() { g.Allowed(path) }); n != 0 {
		t.Errorf("Allowed(%q) allocates %v times, want 0", path, n)
	}
	if g.Allowed(path) {
		t.Errorf("Allowed(%q) = true, want false", path)
	}
}

// TestLongPathBuildsIndex checks that a query's linear pass counts for
// the work it does (Group.decide): one 8 KB path over the 17,654 rules of
// the wildcard shape builds the group's index at once, where sixteen
// passes would have cost a second or more, while a short path counts for
// one query and leaves the group to its passes.
func TestLongPathBuildsIndex(t *testing.T) {
	r := Parse(hostileFile(hostileShapes[0].line, DefaultMaxBytes))
	g := r.Group("FooBot")
	if n := len(g.rules); n < 10000 {
		t.Fatalf("the wildcard file has %d rules, want over 10,000", n)
	}
	g.Allowed("/short")
	if g.c.ix.Load() != nil {
		t.Errorf("one query of a 6-octet path built the index of %d rules, want it left to the linear pass", len(g.rules))
	}
	g.Allowed("/" + strings.Repeat("q", 8<<10))
	if g.c.ix.Load() == nil {
		t.Errorf("one query of an 8 KB path left %d '*' rules to the linear pass, want the index built", len(g.rules))
	}
}
