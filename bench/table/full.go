package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// sideName matches the name of a side-by-side benchmark:
// "Parse/lib=ours/file=1KB", "SmallFiles/lib=ours-google/file=033_www.ups.com".
var sideName = regexp.MustCompile(`^(\w+)/lib=([\w-]+)/\w+=(.+)$`)

// sideCase is one case of a side-by-side benchmark.
type sideCase struct{ bench, cse string }

// side reads the side-by-side benchmarks of a results: for each case, the
// benchmark name of each library.
type side struct {
	res   *results
	cases []sideCase                     // in the order first seen
	names map[sideCase]map[string]string // -> lib -> benchmark name
}

func newSide(res *results) *side {
	s := &side{res: res, names: make(map[sideCase]map[string]string)}
	for _, name := range res.names {
		m := sideName.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		c := sideCase{m[1], m[3]}
		if s.names[c] == nil {
			s.names[c] = make(map[string]string)
			s.cases = append(s.cases, c)
		}
		s.names[c][m[2]] = name
	}
	return s
}

// samples returns lib's samples of a case in unit.
func (s *side) samples(c sideCase, lib, unit string) []float64 {
	return s.res.samples[s.names[c][lib]][unit]
}

// median returns the median of lib's samples of a case in unit, NaN when
// lib has none (temoto rejects the file or has no such benchmark).
func (s *side) median(c sideCase, lib, unit string) float64 {
	return median(s.samples(c, lib, unit))
}

// units returns the units of this library's and temoto's benchmarks of a
// case, the two the full table shows, in the order the output gives them.
func (s *side) units(c sideCase) []string {
	var units []string
	for _, lib := range []string{"ours", "temoto"} {
		for _, u := range s.res.units[s.names[c][lib]] {
			if !slices.Contains(units, u) {
				units = append(units, u)
			}
		}
	}
	if ours := s.res.units[s.names[c]["ours"]]; len(ours) == len(units) {
		return ours // the output's own order, stable from run to run
	}
	slices.Sort(units)
	return units
}

// fullTable returns, for each case and metric but B/op, the median of
// both libraries and their ratio. The last column is the range of the
// ratios of the i-th run of each library on a case (go test runs a case's
// runs back to back, so a pair is seconds apart): it shows how far one
// run's ratio may stray from the median's.
func fullTable(s *side) string {
	var b strings.Builder
	b.WriteString("| benchmark | case | metric | ours | temoto | ours / temoto | run by run |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---:|\n")
	for _, c := range s.cases {
		for _, unit := range s.units(c) {
			if unit == "B/op" || unit == "B/file" {
				continue
			}
			o, t := s.median(c, "ours", unit), s.median(c, "temoto", unit)
			ratio := "-"
			if t != 0 && o == o && t == t {
				ratio = fmt.Sprintf("%.3g", o/t)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", c.bench, c.cse, unit, show(o), show(t), ratio,
				spread(s.samples(c, "ours", unit), s.samples(c, "temoto", unit)))
		}
	}
	return b.String()
}

// spread returns the smallest and largest of o[i]/t[i], or "-" when
// there are not two or they agree.
func spread(o, t []float64) string {
	var r []float64
	for i := range min(len(o), len(t)) {
		if t[i] != 0 {
			r = append(r, o[i]/t[i])
		}
	}
	if len(r) < 2 {
		return "-"
	}
	lo, hi := fmt.Sprintf("%.3g", slices.Min(r)), fmt.Sprintf("%.3g", slices.Max(r))
	if lo == hi {
		return "-"
	}
	return lo + "–" + hi
}
