package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// benchLine matches a result line of "go test -bench":
// "BenchmarkX/sub-2  N  v unit  v unit ...". The "-2" is GOMAXPROCS.
var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// results holds the samples of one "go test -bench" output: for each
// benchmark (its name without "Benchmark" and GOMAXPROCS) and unit, the
// values in the order of the runs.
type results struct {
	names   []string // in the order first seen
	units   map[string][]string
	samples map[string]map[string][]float64
}

// readResults reads the output of "go test -bench", ignoring every line
// that is not a result.
func readResults(r io.Reader) (*results, error) {
	res := &results{units: make(map[string][]string), samples: make(map[string]map[string][]float64)}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		name, f := m[1], strings.Fields(m[2])
		if res.samples[name] == nil {
			res.samples[name] = make(map[string][]float64)
			res.names = append(res.names, name)
		}
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			unit := f[i+1]
			if !slices.Contains(res.units[name], unit) {
				res.units[name] = append(res.units[name], unit)
			}
			res.samples[name][unit] = append(res.samples[name][unit], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("table: reading benchmark output: %w", err)
	}
	return res, nil
}

// median returns the median of name's samples in unit, NaN when there
// are none.
func (res *results) median(name, unit string) float64 {
	return median(res.samples[name][unit])
}

// need returns the median of name's samples in unit, or an error naming
// the benchmark when the output has none: a generated table never shows
// a figure the run did not measure.
func (res *results) need(name, unit string) (float64, error) {
	if len(res.samples[name][unit]) == 0 {
		return 0, fmt.Errorf("table: no %s for benchmark %s in the output", unit, name)
	}
	return res.median(name, unit), nil
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return nan()
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func nan() float64 { z := 0.0; return z / z }
