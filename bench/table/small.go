package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// The table of small files: BenchmarkSmallFiles, parse + first query on
// every corpus file of at most 1 KB, beside Google's C++ library's
// figures for three of them, which this module cannot measure.

// smallBench is the benchmark the table reads; its libraries are ours (RFC
// mode), ours-google, grobotstxt and temoto, and interleaved, whose metric
// x-grobotstxt is this library's time over grobotstxt's in one loop.
// This library's rows carry the file's size in the metric B/file.
const smallBench = "SmallFiles"

// quotes are figures measured elsewhere, shown as quoted beside the ones
// of the run.
type quotes struct {
	cpp        map[string]float64 // ns of Google's C++ library, by case (corpus file)
	grobotstxt [2]float64         // the range of grobotstxt's ns on those files, in the same measurement
}

// cppQuotes are Google's C++ library's times, parse + one match (the only
// way its API offers), measured on another machine side by side with
// grobotstxt, which took 1,240–2,900 ns on the same three files; its time
// on each file was not given, so the table relates each C++ figure to
// that range.
var cppQuotes = quotes{
	cpp: map[string]float64{
		"043_www.wacom.com":    195,
		"033_www.ups.com":      447,
		"034_www.nation.co.ke": 704,
	},
	grobotstxt: [2]float64{1240, 2900},
}

// smallTable returns the table of small files, smallest first, and its
// caption. A case without this library's or grobotstxt's figures, or a
// quoted file the run lacks, is an error: the table never shows fewer
// files than the run measured, nor loses a quote silently.
func smallTable(s *side, q quotes) (string, error) {
	type row struct {
		c     sideCase
		bytes float64
	}
	var rows []row
	for _, c := range s.cases {
		if c.bench != smallBench {
			continue
		}
		for _, need := range []struct{ lib, unit string }{
			{"ours", "ns/op"}, {"ours", "B/file"}, {"ours-google", "ns/op"}, {"grobotstxt", "ns/op"}, {"interleaved", "x-grobotstxt"},
		} {
			if len(s.samples(c, need.lib, need.unit)) == 0 {
				return "", fmt.Errorf("table: no %s for %s/lib=%s/file=%s in the output", need.unit, smallBench, need.lib, c.cse)
			}
		}
		rows = append(rows, row{c, s.median(c, "ours", "B/file")})
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("table: no case of benchmark %s in the output", smallBench)
	}
	for file := range q.cpp {
		if !slices.ContainsFunc(rows, func(r row) bool { return r.c.cse == file }) {
			return "", fmt.Errorf("table: no case %s of benchmark %s in the output, for its quoted C++ figure", file, smallBench)
		}
	}
	slices.SortStableFunc(rows, func(a, b row) int { return cmp.Compare(a.bytes, b.bytes) })

	var b strings.Builder
	b.WriteString("| file | bytes | this library | Google mode | grobotstxt | temoto | this library / grobotstxt, interleaved | Google's C++, quoted | C++ / grobotstxt, quoted |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		cell := func(lib string) string {
			ns := s.median(r.c, lib, "ns/op")
			if ns != ns {
				return "rejects the file"
			}
			allocs := s.median(r.c, lib, "allocs/op")
			unit := " allocs"
			if allocs == 1 {
				unit = " alloc"
			}
			return human(ns) + " ns, " + human(allocs) + unit
		}
		cpp, ratio := "", ""
		if ns, ok := q.cpp[r.c.cse]; ok {
			cpp = human(ns) + " ns"
			ratio = span([]float64{ns / q.grobotstxt[1], ns / q.grobotstxt[0]})
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.c.cse, human(r.bytes),
			cell("ours"), cell("ours-google"), cell("grobotstxt"), cell("temoto"),
			human(s.median(r.c, "interleaved", "x-grobotstxt")), cpp, ratio)
	}
	fmt.Fprintf(&b, "\nMeasured in this run: every figure but the last two columns. This library runs in RFC mode, the default, "+
		"and in Google mode; grobotstxt's AgentAllowed parses and matches in one call. The times are medians of separate "+
		"sub-benchmarks, which a shared machine's load may sway apart; the ratio to grobotstxt is timed in alternate batches "+
		"of one loop, so both see the same load. Quoted, not measured here: Google's C++ library, timed on another machine "+
		"beside grobotstxt, which took %s–%s ns on the quoted files there (its time per file was not given); the last column "+
		"is each C++ figure over that range, the ratio to read beside this run's.\n",
		human(q.grobotstxt[0]), human(q.grobotstxt[1]))
	return b.String(), nil
}
