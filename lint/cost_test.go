package lint

import (
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt"
)

// costShapes are the worst files found for the checks that run when the
// checks run: each makes one check compare many pairs (of
// groups and rules, or of rules and rules) in a file of n units.
var costShapes = []struct {
	name string
	file func(n int) []byte
}{
	// n "*" disallows, then n named groups of one rule each: every
	// named group misses every "*" rule.
	{"global-not-inherited", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /p%05d\n", i)
		}
		for i := range n {
			fmt.Fprintf(&b, "User-agent: b%05d\nDisallow: /q%05d\n", i, i)
		}
		return []byte(b.String())
	}},
	// n "*" disallows and one named group: the "*" group's patterns are
	// listed once each.
	{"star-disallows", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /p%07d\n", i)
		}
		b.WriteString("User-agent: b\nDisallow: /q\n")
		return []byte(b.String())
	}},
	// n "*" disallows and one named group of n '*' rules that hold every
	// octet of every "*" rule's path but match none of them: each
	// comparison tries every rule of the named group.
	{"star-rules", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /0123456789/%05d\n", i)
		}
		b.WriteString("User-agent: b\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /*9*8*7*6*5*4*3*2*1*0*%05d\n", i)
		}
		return []byte(b.String())
	}},
	// A group of n names and n rules, and n groups that each name one of
	// them: each of those crawlers obeys its own group merged with the
	// first one, n groups of n rules.
	{"merged-sets", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /p\n")
		for i := range n {
			fmt.Fprintf(&b, "User-agent: b%05d\n", i)
		}
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /q%05d\n", i)
		}
		for i := range n {
			fmt.Fprintf(&b, "User-agent: b%05d\nAllow: /r\n", i)
		}
		return []byte(b.String())
	}},
	// n "*" rules on style sheets, each matched by every other rule's
	// octets but by no other rule: each rule's sample path is compared
	// with the rules before it.
	{"blocks-resources", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /*9*8*7*6*5*4*3*2*1*0*%05d.css\n", i)
		}
		return []byte(b.String())
	}},
	// n rules with the same paths in one group: each draws a note.
	{"never-decides", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /a%s\n", strings.Repeat("*", i%4))
		}
		return []byte(b.String())
	}},
	// n named groups that close the site and n with an empty Disallow
	// between them: each of those draws a note.
	{"empty-disallow", func(n int) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "User-agent: a%05d\nDisallow: /\nUser-agent: b%05d\nDisallow:\n", i, i)
		}
		b.WriteString("User-agent: c\nDisallow: /\n")
		return []byte(b.String())
	}},
	// n "*" rules on style sheets, each of its own extension pattern, and
	// a rule that closes the site: each draws a note whose fix is checked
	// with all the others made.
	{"resources-fixed", func(n int) []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /\nAllow: /$\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /*%05d.css$\nDisallow: /js/\n", i)
		}
		return []byte(b.String())
	}},
	// n groups of private-looking paths: each rule draws a note.
	{"sensitive-path", func(n int) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "User-agent: b%05d\nDisallow: /backup/%05d.sql\n", i, i)
		}
		return []byte(b.String())
	}},
}

// fillLimit returns file(n) for the largest n whose file fits in limit
// bytes.
func fillLimit(file func(n int) []byte, limit int) []byte {
	per := len(file(1000)) / 1000
	n := limit / per
	for n > 1 && len(file(n)) > limit {
		n -= n/100 + 1
	}
	return file(n)
}

// BenchmarkParseHostile parses the files of BenchmarkCheckHostile,
// so that the cost of the diagnostics can be read against that of the
// parse.
func BenchmarkParseHostile(b *testing.B) {
	for _, c := range costShapes {
		data := fillLimit(c.file, robotstxt.DefaultMaxBytes)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				robotstxt.Parse(data)
			}
		})
	}
}

// BenchmarkCheckHostile reports the cost of Check,
// without the parse, on the worst files found for each check, each as
// large as the default limit allows. Its metric diag/parse is the CPU
// time of the diagnostics over that of the parse, both measured on the
// benchmark's thread in the same run (which leaves out the garbage
// collector's own threads), so that it holds on a busy machine;
// BenchmarkParseHostile times the parse alone.
func BenchmarkCheckHostile(b *testing.B) {
	for _, c := range costShapes {
		data := fillLimit(c.file, robotstxt.DefaultMaxBytes)
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread() // each benchmark runs on a goroutine of its own
			defer runtime.UnlockOSThread()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var parse, diag time.Duration
			for range b.N {
				b.StopTimer()
				t0 := threadCPU()
				r := robotstxt.Parse(data)
				t1 := threadCPU()
				b.StartTimer()
				Check(r)
				diag += threadCPU() - t1
				parse += t1 - t0
			}
			b.ReportMetric(float64(diag)/float64(max(parse, 1)), "check/parse")
			b.ReportMetric(float64(diag.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// allocatedBytes returns the bytes f allocates, run once.
func allocatedBytes(f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCheckCostLinear checks, by the bytes they allocate, that the
// parse and diagnostics of each worst file of twice the size cost at most
// three times as much: a check that formats a string per pair of groups
// and rules, or builds a group per pair, costs four times as much.
func TestCheckCostLinear(t *testing.T) {
	const n = 300
	for _, c := range costShapes {
		t.Run(c.name, func(t *testing.T) {
			small, large := c.file(n), c.file(2*n)
			cost := func(data []byte) uint64 {
				return allocatedBytes(func() { Check(robotstxt.Parse(data)) })
			}
			cost(small) // pools and caches warm
			if s, l := cost(small), cost(large); l > 3*s {
				t.Errorf("Check(Parse(file(%d))) allocates %d bytes, %.1f times file(%d)'s %d, want at most 3", 2*n, l, float64(l)/float64(s), n, s)
			}
		})
	}
}

// comparedRE reads how many "*" rules a partial global-not-inherited note
// compared with its group.
var comparedRE = regexp.MustCompile(`only the first (\d+) of the "\*" group's (\d+) disallows were compared`)

// moreGroupsRE reads how many groups the closing global-not-inherited note
// counts, past the ones noted one by one.
var moreGroupsRE = regexp.MustCompile(`^(\d+) more named groups, from this one \(`)

// TestGlobalNotInheritedBounded checks that global-not-inherited compares
// at most as many pairs of groups and "*" rules as the file has bytes,
// counted from what its notes say they compared (a note that does not say
// compared them all), and that it notes at most maxGroupNotes groups one by
// one and counts every other group that misses "*" rules in one more note.
func TestGlobalNotInheritedBounded(t *testing.T) {
	for _, n := range []int{100, 2000} {
		data := costShapes[0].file(n)
		compared, notes, counted := 0, 0, 0
		for _, d := range Check(robotstxt.Parse(data)) {
			if d.Code != robotstxt.CodeGlobalNotInherited {
				continue
			}
			notes++
			if m := moreGroupsRE.FindStringSubmatch(d.Message); m != nil {
				k, _ := strconv.Atoi(m[1])
				counted += k
				continue
			}
			counted++
			if m := comparedRE.FindStringSubmatch(d.Message); m != nil {
				k, _ := strconv.Atoi(m[1])
				compared += k
			} else {
				compared += n
			}
		}
		wantNotes := min(n, maxGroupNotes)
		if n > maxGroupNotes {
			wantNotes++
		}
		if notes != wantNotes {
			t.Errorf("file(%d): %d %s notes, want %d: one per named group up to %d, and one for the rest", n, notes, robotstxt.CodeGlobalNotInherited, wantNotes, maxGroupNotes)
		}
		if counted != n {
			t.Errorf("file(%d): the %s notes count %d named groups, want %d", n, robotstxt.CodeGlobalNotInherited, counted, n)
		}
		if compared > len(data) {
			t.Errorf("file(%d) of %d bytes: %d pairs compared, want at most one per byte", n, len(data), compared)
		}
	}
}

// TestPairChecksBounded checks the other checks that compare pairs on
// their worst files, by what their notes say: the pairs compared, each
// weighed by the rules a comparison tries, are at most a few per byte of
// the file.
func TestPairChecksBounded(t *testing.T) {
	const n = 3000
	for _, c := range costShapes {
		data := c.file(n)
		var work int
		for _, d := range Check(robotstxt.Parse(data)) {
			switch {
			case c.name == "star-rules" && d.Code == robotstxt.CodeGlobalNotInherited:
				// Each comparison tries the named group's n rules.
				k := n
				if m := comparedRE.FindStringSubmatch(d.Message); m != nil {
					k, _ = strconv.Atoi(m[1])
				}
				work += k * n
			case c.name == "blocks-resources" && d.Code == robotstxt.CodeBlocksResources:
				// Each rule noted was compared with the group's n rules.
				work += n
			}
		}
		if work > 4*len(data) {
			t.Errorf("%s: file(%d) of %d bytes: %d rules tried, want at most 4 per byte", c.name, n, len(data), work)
		}
	}
}

// BenchmarkCheckCorpus reports the cost of Check, without the parse, over
// every corpus file.
func BenchmarkCheckCorpus(b *testing.B) {
	files := corpus(b)
	parsed := make([]*robotstxt.Robots, len(files))
	for i, f := range files {
		parsed[i] = robotstxt.Parse(f.data)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range parsed {
			Check(r)
		}
	}
}

// TestFixesWithinBudget checks that the fixes blocks-resources suggests
// are checked within a budget: on a small file of the shapes whose notes
// carry fixes, each is checked; on one as large as the default limit,
// where checking them all would cost many times the parse, the notes say
// that no fix was checked rather than print one unchecked.
func TestFixesWithinBudget(t *testing.T) {
	for _, c := range costShapes {
		if c.name != "blocks-resources" && c.name != "resources-fixed" {
			continue
		}
		for _, large := range []bool{false, true} {
			data := c.file(20)
			if large {
				data = fillLimit(c.file, robotstxt.DefaultMaxBytes)
			}
			checked, unchecked := 0, 0
			for _, d := range Check(robotstxt.Parse(data)) {
				if d.Code != robotstxt.CodeBlocksResources {
					continue
				}
				switch {
				case strings.Contains(d.Message, "(checked: the group then allows them)"):
					checked++
				case strings.Contains(d.Message, "no fix is suggested"):
					unchecked++
				}
			}
			if large && (checked != 0 || unchecked == 0) || !large && (checked == 0 || unchecked != 0) {
				t.Errorf("%s, large %v: %d fixes checked, %d notes without one", c.name, large, checked, unchecked)
			}
		}
	}
}
