package main

import (
	"fmt"
	"slices"
	"strings"
)

// summaryRow is one row of the summary table in docs/PERFORMANCE.md: the
// cases of a side-by-side benchmark it shows and its label. A row of one
// case shows that case's medians; a row of several shows the range of
// their medians; a row of no case covers every case of the benchmark.
// How a row reads depends on its benchmark (see summaryCells).
type summaryRow struct {
	bench string
	cases []string
	label string
}

// summaryRows chooses and labels the rows of the summary, so that the
// summary shows the figures of the full table and no others.
var summaryRows = []summaryRow{
	{"Parse", []string{"1KB"}, "parse a 1 KB file"},
	{"Parse", []string{"oracle-853KB"}, "parse 853 KB, 31,847 rules (`docs.oracle.com`)"},
	{"Parse", []string{"xuexi-3.7MB"}, "parse 3.7 MB, 47,064 rules (`www.xuexi.cn`)"},
	{"Parse", []string{"linkedin-107KB", "tjx-107KB", "gratz-110KB", "caltech-113KB", "icicibank-114KB", "runescape-118KB", "smugmug-150KB", "unesco-155KB", "confex-157KB", "ipwatchdog-109KB"},
		"parse the other corpus files of 100–160 KB"},
	{"Parse", []string{"kangawang-272KB"}, "parse an HTML page served as robots.txt, 121 long lines (`kangawang.com`)"},
	{"FirstQuery", nil, "parse and decide one URL, every corpus file of 8 KB or more"},
	{"SmallFiles", nil, "parse and decide one URL, every corpus file of at most 1 KB (`BenchmarkSmallFiles`)"},
	{"Allowed", []string{"200-rules"}, "`Allowed`, 200-rule group, a third wildcards"},
	{"Allowed", []string{"wildcards-200"}, "`Allowed`, the 200-rule wildcard group of `bench/` (`/*word*.php` rules)"},
	{"Allowed", []string{"10-groups"}, "`Allowed`, crawler's mix of 10 groups"},
	{"Allowed", []string{"47000-rules"}, "`Allowed`, 47,064-rule group"},
	{"Allowed", []string{"hoka-global"}, "`Allowed`, global group of `www.hoka.com` (mostly `*`-led)"},
	{"Allowed", []string{"oracle-global"}, "`Allowed`, global group of `docs.oracle.com`"},
	{"SeveralNames", []string{"Robots.Group.Decide"}, "`Robots.Group(a, b).Decide`, two groups of 2,000 rules (`BenchmarkSeveralNames`)"},
	{"SeveralNames", []string{"kept-Group"}, "the same with a kept `Group`"},
	{"Retained", []string{"oracle-853KB"}, "memory kept by a parsed file, × its size: 853 KB (`docs.oracle.com`)"},
	{"Retained", []string{"xuexi-3.7MB"}, "the same: 3.7 MB (`www.xuexi.cn`)"},
	{"Retained", []string{"504-groups-22KB"}, "the same: 22 KB of 504 one-line groups (`www.brainyquote.com`)"},
	{"Retained", []string{"1KB"}, "the same: a 1 KB file"},
}

// summaryTable returns the summary table of rows.
func summaryTable(s *side, rows []summaryRow) (string, error) {
	var b strings.Builder
	b.WriteString("| | this library | temoto/robotstxt | ratio |\n")
	b.WriteString("|---|---:|---:|---:|\n")
	for _, r := range rows {
		cases, err := s.rowCases(r)
		if err != nil {
			return "", err
		}
		ours, temoto, ratio := summaryCells(s, r.bench, cases)
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.label, ours, temoto, ratio)
	}
	return b.String(), nil
}

// rowCases returns the cases of a row, or an error when the output lacks
// one: a summary row never shows fewer cases than its label says.
func (s *side) rowCases(r summaryRow) ([]sideCase, error) {
	var cases []sideCase
	if r.cases == nil {
		for _, c := range s.cases {
			if c.bench == r.bench {
				cases = append(cases, c)
			}
		}
		if len(cases) == 0 {
			return nil, fmt.Errorf("table: summary row %q: no case of benchmark %s in the output", r.label, r.bench)
		}
		return cases, nil
	}
	for _, name := range r.cases {
		c := sideCase{r.bench, name}
		if s.names[c]["ours"] == "" {
			return nil, fmt.Errorf("table: summary row %q: no benchmark %s/lib=ours with case %s in the output", r.label, r.bench, name)
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// summaryCells returns the cells of a row: this library's figures,
// temoto's, and how many times faster this library is.
func summaryCells(s *side, bench string, cases []sideCase) (ours, temoto, ratio string) {
	// medians returns lib's medians of the cases in unit, leaving out
	// those lib lacks, and how many it lacks.
	medians := func(lib, unit string) (v []float64, lacking int) {
		for _, c := range cases {
			if m := s.median(c, lib, unit); m == m {
				v = append(v, m)
			} else {
				lacking++
			}
		}
		return v, lacking
	}
	// speedups returns, for each case both libraries ran, this library's
	// speed as a multiple of temoto's.
	speedups := func() []float64 {
		var v []float64
		for _, c := range cases {
			if o, t := s.median(c, "ours", "ns/op"), s.median(c, "temoto", "ns/op"); o > 0 && t == t {
				v = append(v, t/o)
			}
		}
		return v
	}
	switch bench {
	case "Parse":
		mb, _ := medians("ours", "MB/s")
		allocs, _ := medians("ours", "allocs/op")
		ours = span(mb) + " MB/s, " + span(allocs) + " allocs"
		tmb, rejected := medians("temoto", "MB/s")
		tallocs, _ := medians("temoto", "allocs/op")
		switch {
		case len(tmb) == 0:
			temoto = "rejects the file"
		case rejected > 0:
			temoto = fmt.Sprintf("%s MB/s, %s allocs; %s rejected", span(tmb), span(tallocs), plural(rejected, "file"))
		default:
			temoto = span(tmb) + " MB/s, " + span(tallocs) + " allocs"
		}
		if r := speedups(); len(r) > 0 {
			ratio = span(r) + "x"
		}
	case "Allowed", "SeveralNames", "SmallFiles":
		ns, _ := medians("ours", "ns/op")
		allocs, _ := medians("ours", "allocs/op")
		ours = span(ns) + " ns, " + span(allocs) + " allocs"
		if tns, _ := medians("temoto", "ns/op"); len(tns) > 0 {
			temoto = span(tns) + " ns"
		}
		if r := speedups(); len(r) > 0 {
			ratio = faster(r)
		}
	case "Retained":
		x, _ := medians("ours", "x-size")
		ours = span(x)
		if tx, _ := medians("temoto", "x-size"); len(tx) > 0 {
			temoto = span(tx)
		}
	case "FirstQuery":
		x, _ := medians("ours", "x-parse")
		if len(x) > 0 {
			ours = "at most " + human(slices.Max(x)) + " times the parse alone"
		}
	default:
		ns, _ := medians("ours", "ns/op")
		ours = span(ns) + " ns"
	}
	return ours, temoto, ratio
}

// faster says how many times faster this library is, given its speed-ups
// over temoto; below 1 it says how many times slower.
func faster(r []float64) string {
	switch {
	case slices.Min(r) >= 1:
		return span(r) + "x faster"
	case slices.Max(r) < 1:
		inv := make([]float64, len(r))
		for i, v := range r {
			inv[i] = 1 / v
		}
		return span(inv) + "x slower"
	}
	return span(r) + "x"
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
