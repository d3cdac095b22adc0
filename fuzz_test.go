package robotstxt

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// slowRule is a rule as slowDecide tries it: its pattern in the form the
// path is compared with, and its priority.
type slowRule struct {
	pattern string
	allow   bool
	n       int
}

// slowRules returns the rules of g as slowDecide tries them, in file
// order, with the slow normaliser.
func slowRules(g *Group, mode Mode) []slowRule {
	var rules []slowRule
	for _, r := range g.Rules() {
		if mode == Google {
			p := escapeGoogle(r.Pattern)
			rules = append(rules, slowRule{p, r.Allow, len(p)})
			if i := strings.LastIndexByte(p, '/'); r.Allow && i >= 0 && strings.HasPrefix(p[i:], "/index.htm") {
				rules = append(rules, slowRule{p[:i+1] + "$", true, i + 2})
			}
			continue
		}
		// A '$' inside a pattern is written "%24" but counts as one octet.
		p := slowNormalize(r.Pattern, true)
		rules = append(rules, slowRule{p, r.Allow, len(p) - 2*strings.Count(r.Pattern[:max(len(r.Pattern)-1, 0)], "$")})
	}
	return rules
}

// slowDecide decides target by every rule of rules with the slow matcher
// and normaliser: every rule is tried and the longest match kept, allow
// winning a tie. With slowRules, it shares only targetPath and
// escapeGoogle with the code under test.
func slowDecide(rules []slowRule, mode Mode, target string) bool {
	path := mode.dialect().targetPath(target)
	if mode == RFC {
		path = slowRemoveDots(slowNormalize(path, false))
		if path == "/robots.txt" || strings.HasPrefix(path, "/robots.txt?") {
			return true
		}
	}
	best, allowed := 0, true
	for _, r := range rules {
		if r.pattern == "" || !slowMatch(r.pattern, path) {
			continue
		}
		if r.n > best || r.n == best && r.allow {
			best, allowed = r.n, r.allow
		}
	}
	return allowed
}

func FuzzParse(f *testing.F) {
	for _, seed := range parseSeeds(f) {
		f.Add(seed.data, seed.target)
	}
	f.Fuzz(checkParse)
}

// parseSeed is one of FuzzParse's seeds: a file and a target.
type parseSeed struct {
	data   []byte
	target string
}

// parseSeeds returns FuzzParse's seeds: the corpus files under 4 KiB, two
// rows of the modes' differences, and hostile shapes.
func parseSeeds(tb testing.TB) []parseSeed {
	var seeds []parseSeed
	for _, cf := range corpus(tb) {
		if len(cf.data) < 4<<10 {
			seeds = append(seeds, parseSeed{cf.data, "/a/b?c"})
		}
	}
	seeds = append(seeds,
		parseSeed{[]byte("User-agent: FooBot\nDisallow: /a$b\nAllow: /a%24\n"), "/a$"},
		parseSeed{[]byte("User-agent: *\nAllow: /d/index.html\nDisallow: /\n"), "/d/"})
	// Hostile shapes, small versions (each within checkParse's 16 KiB):
	// many "*" disallows, then many named groups of one rule, which
	// package lint's check that pairs them compares; and many rules of a
	// '*' and 16 letters, the costliest to match. 4 KiB of those is
	// about 130 rules of pieces, past the few that a group tries one by
	// one before it sweeps them with its index.
	var pairs strings.Builder
	pairs.WriteString("User-agent: *\n")
	for i := range 50 {
		fmt.Fprintf(&pairs, "Disallow: /p%05d\n", i)
	}
	for i := range 50 {
		fmt.Fprintf(&pairs, "User-agent: b%05d\nDisallow: /q%05d\n", i, i)
	}
	seeds = append(seeds,
		parseSeed{[]byte(pairs.String()), "/p00007/x"},
		parseSeed{hostileFile(hostileShapes[0].line, 4<<10), "/" + strings.Repeat("a", 64)}) // near misses
	// The hostile shapes, small versions, whose rules an index sweeps
	// (see hostileShapes), asked for a path that holds one rule's letters.
	for _, shape := range hostileShapes {
		data := hostileFile(shape.line, 4<<10)
		lines := strings.Split(string(data), "\n")
		line := lines[len(lines)/2]
		letters := strings.TrimSuffix(line, "$")
		seeds = append(seeds, parseSeed{data, sharedPrefix + "x" + letters[len(letters)-16:]})
	}
	return seeds
}

// BenchmarkCheckParse times FuzzParse's body over its seeds, one seed an
// iteration in turn: the fuzzer's speed on inputs of their sizes.
func BenchmarkCheckParse(b *testing.B) {
	seeds := parseSeeds(b)
	t := new(testing.T)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		seed := seeds[i%len(seeds)]
		checkParse(t, seed.data, seed.target)
	}
}

// hostileShapes are the shapes of file whose rules a path's prefix and
// octets rule out least, each line written by line from letters:
// rules of a '*' and 16 letters, the same anchored by a '$', and the same
// after one long literal prefix that every rule shares.
var hostileShapes = []struct {
	name string
	line func(letters string) string
}{
	{"wildcards", func(l string) string { return "Disallow: /*" + l + "\n" }},
	{"anchored", func(l string) string { return "Disallow: /*" + l + "$\n" }},
	{"shared-prefix", func(l string) string { return "Disallow: " + sharedPrefix + "*" + l + "\n" }},
}

// sharedPrefix is the literal prefix of every rule of the shared-prefix
// shape, and of the paths asked of it.
var sharedPrefix = "/" + strings.Repeat("catalogue/", 6)

// hostileFile is one group of about size bytes of rules of the given
// shape, each with 16 random letters (fixed seed: the same file each run).
func hostileFile(line func(string) string, size int) []byte {
	rnd := rand.New(rand.NewPCG(28, 2))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < size {
		b.WriteString(line(randomLetters(rnd, 16)))
	}
	return []byte(b.String())
}

// randomLetters returns n random lower-case letters.
func randomLetters(rnd *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(rnd.IntN(26))
	}
	return string(b)
}

// checkParse is FuzzParse's body: for data in each mode, Parse and
// ParseReader agree, the result keeps no view of data, writing it back
// keeps its verdicts and extensions, and the fast matcher agrees with
// the slow evaluation (slowRules, slowDecide) on target.
func checkParse(t *testing.T, data []byte, target string) {
	if len(data) > 16<<10 || len(target) > 256 {
		return // keep the slow evaluation fast
	}
	for _, mode := range []Mode{RFC, Google} {
		o := Options{Mode: mode}
		r := o.Parse(data)
		r2, err := o.ParseReader(iotest.HalfReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		// Compared first and diffed only on failure: the fuzzer runs
		// this body thousands of times a second, and cmp.Diff of equal
		// values would be most of its cost.
		if d, d2 := r.Diagnostics(), r2.Diagnostics(); !slices.Equal(d, d2) {
			t.Fatalf("%v: Parse and ParseReader diagnostics differ:\n%s", mode, cmp.Diff(d, d2))
		}
		// Parse keeps no view of its input (see view): a file parsed
		// from a copy that is then overwritten reads as the file parsed
		// from the untouched input. Its diagnostics are first asked
		// after the overwrite, so a lazy reading of the input is caught
		// as well as a kept one.
		written := canonical(r)
		in := bytes.Clone(data)
		rv := o.Parse(in)
		clear(in)
		if canonical(rv) != written || !slices.Equal(rv.Diagnostics(), r.Diagnostics()) || !slices.Equal(rv.Records(), r.Records()) {
			t.Fatalf("%v: overwriting the input changed the parsed file", mode)
		}
		checkPlainLines(t, string(data), mode.dialect())
		rt := o.Parse([]byte(written))
		checkSameExtensions(t, r, rt)
		// The names often find one group: its rules are read slowly once.
		slow := make(map[*Group][]slowRule)
		for _, agent := range []string{"FooBot", "googlebot", ""} {
			g := r.Group(agent)
			rules, ok := slow[g]
			if !ok {
				rules = slowRules(g, mode)
				slow[g] = rules
			}
			if got := rt.Allowed(agent, target); got != g.Allowed(target) {
				t.Fatalf("%v: after writing back, Allowed(%q, %q) = %v, was %v\nwritten:\n%s", mode, agent, target, got, g.Allowed(target), written)
			}
			d := r.Decide(agent, target)
			if d.Allowed != g.Allowed(target) || d.Allowed != r2.Allowed(agent, target) {
				t.Fatalf("%v: Decide, Group.Allowed and the ParseReader result disagree on %q", mode, target)
			}
			if once := o.DecideOnce(data, agent, target); once != d {
				t.Fatalf("%v: DecideOnce(%q, %q) = %+v, Decide %+v", mode, agent, target, once, d)
			}
			if want := slowDecide(rules, mode, target); d.Allowed != want {
				t.Fatalf("%v: Allowed(%q, %q) = %v, slow evaluation says %v", mode, agent, target, d.Allowed, want)
			}
			if mode == RFC && !g.Allowed("/robots.txt") {
				t.Fatalf("RFC mode disallows /robots.txt")
			}
			// The answers above may all be the linear pass's: the index
			// is built after indexAfter queries. Build it and ask again.
			if g == nil {
				continue
			}
			g.prepare()
			if got := g.Allowed(target); got != d.Allowed {
				t.Fatalf("%v: with the index, Allowed(%q, %q) = %v, without it %v", mode, agent, target, got, d.Allowed)
			}
			if d.Rule.Line < 0 || d.Rule.Line == 0 && d.Rule != (Rule{}) {
				t.Fatalf("deciding rule %+v has no line", d.Rule)
			}
		}
	}
}

// TestCheckParseCost keeps FuzzParse's checks cheap beside the work they
// check: on the small corpus files it starts from, what checkParse
// allocates beyond its own parses and diagnostics is at most 6 times what
// the parses alone allocate (about 3 times today). A comparison that diffs
// equal values (cmp.Diff on every input) takes it past 13 times, and the
// fuzzer to half its speed. Diagnostics are counted on both sides, so that
// the bound holds however much they cost; allocations are counted, not
// timed, so that it holds on a busy machine.
func TestCheckParseCost(t *testing.T) {
	parse := func(o Options, data []byte) (r, r2, rv *Robots) {
		r = o.Parse(data)
		r2, _ = o.ParseReader(iotest.HalfReader(bytes.NewReader(data)))
		rv = o.Parse(bytes.Clone(data))
		o.Parse([]byte(canonical(r)))
		return r, r2, rv
	}
	var checks, work, parses float64
	for _, cf := range corpus(t) {
		if len(cf.data) >= 4<<10 {
			continue // as FuzzParse's seeds
		}
		checks += testing.AllocsPerRun(2, func() { checkParse(t, cf.data, "/a/b?c") })
		work += testing.AllocsPerRun(2, func() {
			for _, mode := range []Mode{RFC, Google} {
				r, r2, rv := parse(Options{Mode: mode}, cf.data)
				r.Diagnostics()
				r2.Diagnostics()
				rv.Diagnostics()
			}
		})
		parses += testing.AllocsPerRun(2, func() {
			for _, mode := range []Mode{RFC, Google} {
				parse(Options{Mode: mode}, cf.data)
			}
		})
	}
	if ratio := (checks - work) / parses; ratio > 6 {
		t.Errorf("checkParse allocates %.0f times on the seeds, %.0f beyond its parses and diagnostics: %.1f times its parses' %.0f, want at most 6", checks, checks-work, ratio, parses)
	}
}

// checkSameExtensions fails when a and b differ in any extension value.
func checkSameExtensions(t testing.TB, a, b *Robots) {
	t.Helper()
	type ext struct {
		Sitemaps    []string
		Host        string
		CleanParams []cleanParam
		Signals     map[string]bool
		Groups      map[string][5]any
	}
	get := func(r *Robots) ext {
		h, _ := r.Host()
		e := ext{Sitemaps: r.Sitemaps(), Host: h, CleanParams: cleanParams(t, r), Signals: r.ContentSignals(), Groups: map[string][5]any{}}
		for _, g := range r.Groups() {
			for _, a := range g.Agents() {
				if set := r.lookupSet(a); set < 0 || set != int(g.set) {
					continue
				}
				cd, _ := g.CrawlDelay()
				rr, _ := g.RequestRate()
				vt, _ := g.VisitTime()
				e.Groups[asciiLower(a)] = [5]any{cd, rr, vt, g.ContentSignals(), len(g.Rules()) > 0}
			}
		}
		return e
	}
	ea, eb := get(a), get(b)
	// A group without rules is written with an empty Disallow.
	for k, v := range eb.Groups {
		if w, ok := ea.Groups[k]; ok && w[4] == false {
			v[4] = false
			eb.Groups[k] = v
		}
	}
	// reflect.DeepEqual first, as it is cheap and almost always true;
	// cmp.Diff decides when it is not (it also equates nil and empty).
	if reflect.DeepEqual(ea, eb) {
		return
	}
	if diff := cmp.Diff(ea, eb, cmpopts.EquateEmpty(), cmp.AllowUnexported(cleanParam{})); diff != "" {
		t.Fatalf("extensions changed by writing back (-before +after):\n%s\nwritten:\n%s", diff, canonical(a))
	}
}

// asciiLower lower-cases ASCII letters only: product tokens are ASCII, and
// Unicode case folding could make a non-ASCII agent equal to one.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
