package main

import (
	"fmt"
	"strings"
)

// The root module's benchmarks: go test -bench 'Pathological|ManyLines|RetainedCorpus|WorstCase'.

// axis is one row or column of a grid: the part of a benchmark name it
// stands for and its label.
type axis struct{ key, label string }

// grid is a table of one metric of benchmarks named by a row and a column.
type grid struct {
	corner     string
	rows, cols []axis
	name       func(row, col string) string // the benchmark of a cell
	unit       string
	cell       func(float64) string
}

func (g grid) table(res *results) (string, error) {
	var b strings.Builder
	b.WriteString("| " + g.corner + " |")
	for _, c := range g.cols {
		b.WriteString(" " + c.label + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(g.cols)) + "\n")
	for _, r := range g.rows {
		b.WriteString("| " + r.label + " |")
		for _, c := range g.cols {
			v, err := res.need(g.name(r.key, c.key), g.unit)
			if err != nil {
				return "", err
			}
			b.WriteString(" " + g.cell(v) + " |")
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func micros(ns float64) string { return human(ns/1000) + " µs" }

// pathological is BenchmarkPathological's matcher cases:
// "/*a*a…*a*b" against "/aaa…a".
var pathological = grid{
	corner: "pattern \\ path",
	rows:   []axis{{"10", "10 `*`"}, {"100", "100 `*`"}, {"1000", "1,000 `*`"}},
	cols:   []axis{{"256", "256 B"}, {"2048", "2 KB"}, {"16384", "16 KB"}},
	name:   func(r, c string) string { return "Pathological/stars=" + r + "/path=" + c },
	unit:   "ns/op",
	cell:   micros,
}

// worstCase is BenchmarkWorstCase's hostile groups: about 500 KiB of
// rules of one shape, asked with the group's index for paths of 101
// octets and 8 KiB over one letter, two letters and all letters.
var worstCase = grid{
	corner: "rules \\ path",
	rows: []axis{
		{"pieces-of-two-letters", "`Allow: /*` and three pieces of 5 of `a`, `b`"},
		{"ten-pieces", "ten pieces of 3 of `a`, `b`, `c`"},
		{"anchored", "two pieces of 8 of `a`, `b`, ending in `$`"},
		{"shared-prefix", "`/catalogue/` ×6, two pieces of 6 of `a`, `b`"},
		{"mixed", "allow and disallow, pieces of 1 to 8, half ending in `$`"},
		{"one-letter", "pieces of 1 to 64 `a`s"},
		{"sixteen-letters", "`/*` and 16 random letters"},
	},
	cols: []axis{
		{"rfc/path=101/letters=1", "101 B of `a`"},
		{"rfc/path=101/letters=2", "101 B of `ab`"},
		{"rfc/path=8192/letters=1", "8 KB of `a`"},
		{"rfc/path=8192/letters=2", "8 KB of `ab`"},
		{"rfc/path=8192/letters=26", "8 KB, random letters"},
		{"google/path=8192/letters=2", "8 KB of `ab`, Google mode"},
	},
	name: func(r, c string) string { return "WorstCase/" + r + "/" + c },
	unit: "ns/op",
	cell: micros,
}

// longLine is BenchmarkPathological's parse of one long line.
var longLine = grid{
	corner: "one line of",
	rows:   []axis{{"", "MB/s"}},
	cols:   []axis{{"1024", "1 KB"}, {"65536", "64 KB"}, {"1048576", "1 MB"}},
	name:   func(_, c string) string { return "Pathological/parse-line=" + c },
	unit:   "MB/s",
	cell:   human,
}

// manyLines is BenchmarkManyLines: parse, first query and Diagnostics of
// files of many lines of one kind, in MB/s.
var manyLines = grid{
	corner: "lines of one kind",
	rows: []axis{
		{"sitemaps", "`Sitemap`, each a new URL"},
		{"groups", "one-rule groups"},
		{"same-agent-groups", "groups of one token, merged"},
		{"agents", "`User-agent`"},
		{"clean-params", "`Clean-param`"},
		{"content-signals", "`Content-Signal`"},
		{"unknown-keys", "unknown keys"},
	},
	cols: []axis{{"1000", "1,000"}, {"16000", "16,000"}, {"64000", "64,000"}},
	name: func(r, c string) string { return "ManyLines/" + r + "/lines=" + c },
	unit: "MB/s",
	cell: human,
}

// retainedCorpus returns BenchmarkRetainedCorpus's figures: the heap
// parsed corpus files keep, as a multiple of their size.
func retainedCorpus(res *results) (string, error) {
	var b strings.Builder
	b.WriteString("| heap a parsed file keeps, × its size | median | 90th percentile | largest |\n")
	b.WriteString("|---|---:|---:|---:|\n")
	b.WriteString("| every corpus file of 1 KB or more |")
	for _, unit := range []string{"median-x-size", "p90-x-size", "max-x-size"} {
		v, err := res.need("RetainedCorpus", unit)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, " %s |", human(v))
	}
	b.WriteByte('\n')
	return b.String(), nil
}
