package robotstxt

import (
	"fmt"
	"strings"
	"testing"
)

// liveChainFile is a group of rules whose pieces end one another
// everywhere on a path of one letter: "Allow: /*a", "Allow: /*aa", ...,
// k of them, which puts k pieces on the automaton's chain of outputs at
// each position past the k-th. With keep > 0 it also has one rule whose
// literal prefix, keep octets long, no path of 'a's starts with, and
// whose first piece is "a": the sweep cannot rule that rule out before
// the position keep, so "a" stays live (see sweepState) and the whole
// chain is walked at every position up to it. Eight rules "/b*c" before
// it fill the chain of prefixes "/b", so that the entries leave it to
// the sweep (see takeSparse).
func liveChainFile(k, keep int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 1; i <= k; i++ {
		b.WriteString("Allow: /*" + strings.Repeat("a", i) + "\n")
	}
	if keep > 0 {
		for range chainMax {
			b.WriteString("Disallow: /b*c\n")
		}
		b.WriteString("Disallow: /" + strings.Repeat("b", keep) + "*a\n")
	}
	return []byte(b.String())
}

// BenchmarkAttackLiveChain times shapes that take the index well past the
// millisecond a decision that BenchmarkWorstCase bounds (its worst case
// takes under 1 ms for a path of 8 KiB): a file of 480 KiB whose pieces
// are the runs of 1 to 970 'a's, against a path of 8 KiB of 'a's. The
// sweep walks every piece of the chain that ends at a position while one
// of them is live, so that the path costs about k times its length in
// steps of the chain, up to the position where the last piece goes dead:
// 970 positions without the kept rule, all 8 KiB with it. Each is timed
// on the index, on a kept Group after its index is built, and on
// DecideOnce, which builds the index for such a query.
func BenchmarkAttackLiveChain(b *testing.B) {
	path := "/" + strings.Repeat("a", 8<<10-1)
	for _, c := range []struct {
		name    string
		k, keep int
	}{
		{"chain", 970, 0},
		{"chain-kept-live", 970, 8 << 10},
	} {
		data := liveChainFile(c.k, c.keep)
		for _, mode := range []Mode{RFC, Google} {
			o := Options{Mode: mode}
			g := o.Parse(data).Group("FooBot")
			want := g.Decide(path) // builds the index: the path is long
			if g.c.ix.Load() == nil {
				b.Fatalf("%s: one query of %d octets left the index unbuilt", c.name, len(path))
			}
			ix := g.c.ix.Load()
			if ix.swept == nil {
				b.Fatalf("%s: the index sweeps no rules", c.name)
			}
			name := fmt.Sprintf("%s/%v/file=%d/path=%d", c.name, mode, len(data), len(path))
			b.Run(name+"/index", func(b *testing.B) {
				b.SetBytes(int64(len(path)))
				b.ReportAllocs()
				for b.Loop() {
					ix.decide(g.text, g.d.emptyMatches, path)
				}
			})
			b.Run(name+"/Group.Decide", func(b *testing.B) {
				b.SetBytes(int64(len(path)))
				b.ReportAllocs()
				for b.Loop() {
					if d := g.Decide(path); d != want {
						b.Fatalf("Decide(%.20q...) = %+v, then %+v", path, want, d)
					}
				}
			})
			b.Run(name+"/DecideOnce", func(b *testing.B) {
				b.SetBytes(int64(len(path)))
				b.ReportAllocs()
				for b.Loop() {
					if d := o.DecideOnce(data, "FooBot", path); d != want {
						b.Fatalf("DecideOnce(%.20q...) = %+v, Decide %+v", path, d, want)
					}
				}
			})
		}
	}
}

// BenchmarkAttackManySteps times the sweep on a group of 500 KiB whose
// rules each take one piece many times ("/*a*a*...*a*b"), against a path
// of 8 KiB of 'a's that none matches: every rule takes each of its
// pieces, one step at a time, so that a decision costs a step for every
// two octets of the file, 3 to 5 ms, whatever the number of pieces per
// rule.
func BenchmarkAttackManySteps(b *testing.B) {
	path := "/" + strings.Repeat("a", 8<<10-1)
	for _, steps := range []int{50, 250, 1000} {
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		line := "Disallow: /" + strings.Repeat("*a", steps) + "*b\n"
		for sb.Len()+len(line) <= DefaultMaxBytes {
			sb.WriteString(line)
		}
		data := []byte(sb.String())
		for _, mode := range []Mode{RFC, Google} {
			g := Options{Mode: mode}.Parse(data).Group("FooBot")
			if d := g.Decide(path); !d.Allowed || g.c.ix.Load() == nil {
				b.Fatalf("steps=%d: Decide(%.20q...) = %+v, index built %v; want allowed by the index", steps, path, d, g.c.ix.Load() != nil)
			}
			ix := g.c.ix.Load()
			b.Run(fmt.Sprintf("%v/steps=%d/rules=%d/path=%d", mode, steps, len(g.rules), len(path)), func(b *testing.B) {
				b.SetBytes(int64(len(path)))
				b.ReportAllocs()
				for b.Loop() {
					ix.decide(g.text, g.d.emptyMatches, path)
				}
			})
		}
	}
}

// BenchmarkAttackManyStars times a group whose rules are runs of '*'
// around two letters in the wrong order for the path ("/***...*b***...*a"
// against "/ab"): every octet of the path is in the rules and none
// matches, so every rule is tried, and the matcher steps through each
// '*' of a run one by one, though a run matches as one '*' does. RFC
// mode reads the whole file as one rule; Google mode cuts a line at
// 16663 bytes, so the file is 31 rules of one line each, which the index
// lists. A decision takes 4 ms on a path of 3 octets, on the scan and on
// the index alike.
func BenchmarkAttackManyStars(b *testing.B) {
	const path = "/ab"
	for _, c := range []struct {
		mode         Mode
		rules, stars int
	}{
		{RFC, 1, 255000},
		{Google, sweepMin - 1, 8000},
	} {
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		run := strings.Repeat("*", c.stars)
		for range c.rules {
			sb.WriteString("Disallow: /" + run + "b" + run + "a\n")
		}
		data := []byte(sb.String())
		g := Options{Mode: c.mode}.Parse(data).Group("FooBot")
		if len(g.rules) != c.rules || g.Rules()[0].Pattern != "/"+run+"b"+run+"a" {
			b.Fatalf("%v: %d rules, want %d of %d stars each", c.mode, len(g.rules), c.rules, 2*c.stars)
		}
		name := fmt.Sprintf("%v/rules=%d/file=%d/path=%d", c.mode, c.rules, len(data), len(path))
		b.Run(name+"/scan", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if g.scan(path) != nil {
					b.Fatalf("the scan finds a rule for %q", path)
				}
			}
		})
		ix := g.prepare()
		b.Run(name+"/index", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if ix.decide(g.text, g.d.emptyMatches, path) >= 0 {
					b.Fatalf("the index finds a rule for %q", path)
				}
			}
		})
	}
}
