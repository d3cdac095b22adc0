package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// The table of small files: BenchmarkSmallFiles, parse + first query on
// every corpus file of at most 1 KB. Google's C++ library, which this
// module cannot build, is measured beside it by hand (docs/PERFORMANCE.md
// says how).

// smallBench is the benchmark the table reads; its libraries are ours (RFC
// mode), ours-google, grobotstxt and temoto, and interleaved, whose metric
// x-grobotstxt is this library's time over grobotstxt's in one loop.
// This library's rows carry the file's size in the metric B/file.
const smallBench = "SmallFiles"

// smallTable returns the table of small files, smallest first, and its
// caption. A case without this library's or grobotstxt's figures is an
// error: the table never shows fewer files than the run measured.
func smallTable(s *side) (string, error) {
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
	slices.SortStableFunc(rows, func(a, b row) int { return cmp.Compare(a.bytes, b.bytes) })

	var b strings.Builder
	b.WriteString("| file | bytes | this library | Google mode | grobotstxt | temoto | this library / grobotstxt, interleaved |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
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
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", r.c.cse, human(r.bytes),
			cell("ours"), cell("ours-google"), cell("grobotstxt"), cell("temoto"),
			human(s.median(r.c, "interleaved", "x-grobotstxt")))
	}
	b.WriteString("\nThis library runs in RFC mode, the default, and in Google mode; grobotstxt's AgentAllowed parses and " +
		"matches in one call. The times are medians of separate sub-benchmarks, which a shared machine's load may sway " +
		"apart; the ratio to grobotstxt is timed in alternate batches of one loop, so both see the same load.\n")
	return b.String(), nil
}
