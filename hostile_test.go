package robotstxt

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// chainFile is a group whose pieces end one another everywhere on a path
// of one letter: "Allow: /*a", "Allow: /*aa", ..., k of them, so that k
// pieces end at each position of a path of 'a's past the k-th. With keep
// > 0 it also has a rule whose prefix is keep octets of 'a' and whose
// piece is "a": it can take "a" only past its prefix, and a sweep that
// counted "a" as live until then walked the whole chain at every
// position. Eight rules "/a*c" before it fill the chain of the prefix
// "/a", so that the entries leave that rule to the sweep (see
// takeSparse). With revive, a last rule takes "a" at every position
// ("/*a*a*...*a*b", revive pieces "a"), which gives "a" a waiting rule
// again each time. With late, rules "/x*a", "/xx*a", ..., late of them,
// give "a" a first-piece rule that fits at each of the first late
// positions, so that it is due again at each.
func chainFile(k, keep, revive, late int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 1; i <= k; i++ {
		b.WriteString("Allow: /*" + strings.Repeat("a", i) + "\n")
	}
	if keep > 0 {
		b.WriteString(strings.Repeat("Disallow: /a*c\n", chainMax))
		b.WriteString("Disallow: /" + strings.Repeat("a", keep) + "*a\n")
	}
	if revive > 0 {
		b.WriteString("Disallow: /" + strings.Repeat("*a", revive) + "*b\n")
	}
	for i := 1; i <= late; i++ {
		b.WriteString("Disallow: /" + strings.Repeat("x", i) + "*a\n")
	}
	return []byte(b.String())
}

// lightChainFile is a group of a piece for each string over "ab" of 1 to
// depth octets, and a rule "/*a*a*...*a*z" of steps pieces "a": a path
// of 'a's ends depth pieces at each position, one on each path of the
// automaton's decomposition (each "a" + s is a light child of s, as "b" +
// s is as heavy and sorts after it), and the rule takes "a" at each
// position, which wakes the chains again.
func lightChainFile(depth, steps int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	var walk func(s string)
	walk = func(s string) {
		if s != "" {
			b.WriteString("Allow: /*" + s + "\n")
		}
		if len(s) < depth {
			walk(s + "a")
			walk(s + "b")
		}
	}
	walk("")
	b.WriteString("Disallow: /" + strings.Repeat("*a", steps) + "*z\n")
	return []byte(b.String())
}

// listedStarRuns is a crowd of distinct rules "/*...*a*...*a*b*a" of 14
// pieces "a", each after a run of 1 to 16 '*'s, up to DefaultMaxBytes:
// a path of 14 'a's and a 'b' holds their octets but none matches.
func listedStarRuns() []byte {
	rnd := rand.New(rand.NewPCG(9309, 14))
	seen := make(map[string]bool)
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for len(seen) < listMost-1 {
		p := "/"
		for range 14 {
			p += strings.Repeat("*", 1+rnd.IntN(16)) + "a"
		}
		p += "*b*a"
		if line := "Disallow: " + p + "\n"; !seen[p] {
			if b.Len()+len(line) > DefaultMaxBytes {
				break
			}
			seen[p] = true
			b.WriteString(line)
		}
	}
	return []byte(b.String())
}

// TestIndexChainShapes checks the sweep against the scan on chainFile's
// shapes, for paths that start with the kept rule's prefix or just miss
// it, with an "a" after it or not: a chain skipped past the position
// where that rule can first take "a" would miss it.
func TestIndexChainShapes(t *testing.T) {
	for _, c := range []struct{ k, keep, revive, late int }{{40, 0, 0, 0}, {40, 50, 0, 0}, {40, 50, 60, 0}, {40, 0, 60, 0}, {40, 50, 60, 45}} {
		for _, mode := range []Mode{RFC, Google} {
			g := Options{Mode: mode}.Parse(chainFile(c.k, c.keep, c.revive, c.late)).Group("FooBot")
			ix := g.prepare()
			if ix.swept == nil {
				t.Fatalf("%+v: the index sweeps no rules", c)
			}
			// Long enough to be swept rather than listed (see listWork).
			a, long := strings.Repeat("a", c.keep), strings.Repeat("c", 2000)
			for _, path := range []string{
				"/" + strings.Repeat("a", 2000), "/" + a + long + "a", "/" + a + long, "/" + a + "b" + long,
				"/" + strings.TrimSuffix(a, "a") + "b" + long + "a", "/" + strings.Repeat("ab", 1000),
				"/" + a + strings.Repeat("a", 60) + long + "b", "/b" + a + long + "a", "/" + long + a,
			} {
				checkIndex(t, &g.matcher, ix, path)
			}
		}
	}
}

// BenchmarkWorstCaseAttacks times shapes built against the steps of the
// sweep and of the matcher, each about 500 KiB of rules, in both modes,
// with the index built, for a path of 8 KiB of 'a's (see index.decide):
//   - "chain": chainFile's 970 pieces that end one another, the most
//     500 KiB holds (4 ms a decision when every chain was walked while
//     its newest piece was live);
//   - "chain-kept-live": with the rule whose prefix is longer than the
//     path (62 ms when its piece counted as live meanwhile);
//   - "chain-revived": 940 pieces and a rule that gives "a" a waiting
//     rule at every position (80 ms when that made every chain be walked
//     again);
//   - "chain-late": 700 pieces and rules whose prefixes give "a" a
//     first-piece rule that fits at each of the first 700 positions (2
//     ms when that made a chain be walked at each);
//   - "light-chains": lightChainFile's pieces, every string over "ab" of
//     12 octets or fewer, whose 12 pieces that end at each position of a
//     path of 'a's lie on 12 paths of the decomposition, each visited at
//     each position as a rule takes "a" there (1.3 ms, 2.1 before each
//     piece's run was one record; 0.35 ms for that rule's steps alone);
//   - "many-steps": rules "/*a*a*...*a*b" of 50, 250 and 1,000 pieces,
//     each of which every rule takes, one step at a time;
//   - "few-many-steps": sweepMin-1 rules "/*a*a*...*a*b" of 8,190 to
//     8,220 pieces, a list that every query takes whatever its path's
//     length, each rule matched along the whole path "/aa...ab" of 8,191
//     octets before it fails (3.5 ms);
//   - "listed-star-runs": listedStarRuns' crowd and a path "/aa...ab" of
//     16 octets, which the list took while its work counted 3,430 rules
//     times 16 octets, within listWork, and not their octets: each rule
//     passed the masks and the matcher took its 14 pieces, each behind a
//     run of '*'s, before it failed (2 ms; swept, 0.6 ms);
//   - "many-stars": rules of two runs of 255,000 '*' (RFC mode, one
//     rule) or of 8,000 (Google mode, which cuts its lines, 31 rules)
//     around two letters the path "/ab" holds in the other order, on the
//     index and on the scan (4 ms when the matcher stepped through each
//     '*').
func BenchmarkWorstCaseAttacks(b *testing.B) {
	path := "/" + strings.Repeat("a", 8<<10-1)
	type shape struct {
		name string
		data []byte
		path string
	}
	shapes := []shape{
		{"chain", chainFile(970, 0, 0, 0), path},
		{"chain-kept-live", chainFile(970, 8<<10, 0, 0), path},
		{"chain-revived", chainFile(940, 0, 8<<10, 0), path},
		{"chain-late", chainFile(700, 0, 0, 700), path},
		{"light-chains", lightChainFile(12, 8<<10), path},
	}
	for _, steps := range []int{50, 250, 1000} {
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		line := "Disallow: /" + strings.Repeat("*a", steps) + "*b\n"
		for sb.Len()+len(line) <= DefaultMaxBytes {
			sb.WriteString(line)
		}
		shapes = append(shapes, shape{fmt.Sprintf("many-steps/steps=%d", steps), []byte(sb.String()), path})
	}
	few := []byte("User-agent: *\n")
	for i := range sweepMin - 1 {
		few = append(few, "Disallow: /"+strings.Repeat("*a", 8<<10-2+i)+"*b\n"...)
	}
	shapes = append(shapes, shape{"few-many-steps", few, path[:len(path)-2] + "b"})
	shapes = append(shapes, shape{"listed-star-runs", listedStarRuns(), "/" + strings.Repeat("a", 14) + "b"})
	for _, mode := range []Mode{RFC, Google} {
		for _, s := range shapes {
			g := Options{Mode: mode}.Parse(s.data).Group("FooBot")
			ix := g.prepare()
			b.Run(fmt.Sprintf("%s/%v/path=%d", s.name, mode, len(s.path)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					ix.decide(g.text, g.d.emptyMatches, s.path)
				}
			})
		}
	}
	for _, c := range []struct {
		mode         Mode
		rules, stars int
	}{{RFC, 1, 255000}, {Google, sweepMin - 1, 8000}} {
		run := strings.Repeat("*", c.stars)
		data := []byte("User-agent: *\n" + strings.Repeat("Disallow: /"+run+"b"+run+"a\n", c.rules))
		g := Options{Mode: c.mode}.Parse(data).Group("FooBot")
		if len(g.rules) != c.rules {
			b.Fatalf("%v: %d rules, want %d", c.mode, len(g.rules), c.rules)
		}
		ix := g.prepare()
		for _, m := range []struct {
			name   string
			decide func() bool
		}{
			{"index", func() bool { return ix.decide(g.text, g.d.emptyMatches, "/ab") >= 0 }},
			{"scan", func() bool { return g.scan("/ab") != nil }},
		} {
			b.Run(fmt.Sprintf("many-stars/%v/%s", c.mode, m.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if m.decide() {
						b.Fatal(`a rule matches "/ab"`)
					}
				}
			})
		}
	}
}
