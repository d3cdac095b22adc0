package robotstxt

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// costShapes are the worst files found for the checks that run when the
// diagnostics are asked for: each makes one check compare many pairs (of
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

// BenchmarkParseHostile parses the files of BenchmarkDiagnosticsHostile,
// so that the cost of the diagnostics can be read against that of the
// parse.
func BenchmarkParseHostile(b *testing.B) {
	for _, c := range costShapes {
		data := fillLimit(c.file, DefaultMaxBytes)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(data)
			}
		})
	}
}

// BenchmarkDiagnosticsHostile reports the cost of Robots.Diagnostics,
// without the parse, on the worst files found for each check, each as
// large as the default limit allows. Its metric diag/parse is the cost of
// the diagnostics over that of the parse, both measured in the same run;
// BenchmarkParseHostile times the parse alone.
func BenchmarkDiagnosticsHostile(b *testing.B) {
	for _, c := range costShapes {
		data := fillLimit(c.file, DefaultMaxBytes)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var parse, diag time.Duration
			for range b.N {
				b.StopTimer()
				t0 := time.Now()
				r := Parse(data)
				t1 := time.Now()
				b.StartTimer()
				r.Diagnostics()
				diag += time.Since(t1)
				parse += t1.Sub(t0)
			}
			b.ReportMetric(float64(diag)/float64(parse), "diag/parse")
		})
	}
}
