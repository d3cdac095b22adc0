// Command table reads the output of "go test -bench" in the bench module
// (run with -count N) and prints, for each case, the median of each
// metric for both libraries and their ratio, as a Markdown table. The last
// column is the range of the ratios run by run: the i-th runs of the two
// libraries on a case are adjacent in time, so their ratio is spared much
// of a shared machine's drift, and the range shows how far one run's
// ratio may stray from the median's.
//
//	go test -bench . -count 10 | go run ./table
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// line matches "BenchmarkX/lib=L/case=C-2  N  v unit  v unit ...".
var line = regexp.MustCompile(`^Benchmark(\w+)/lib=(\w+)/(\w+=[^\s]+?)(-\d+)?\s+\d+\s+(.*)$`)

type key struct{ bench, cse, unit string }

func main() {
	values := make(map[key]map[string][]float64) // -> lib -> samples
	var order []key
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		f := strings.Fields(m[5])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			k := key{m[1], m[3], f[i+1]}
			if values[k] == nil {
				values[k] = make(map[string][]float64)
				order = append(order, k)
			}
			values[k][m[2]] = append(values[k][m[2]], v)
		}
	}
	fmt.Println("| benchmark | case | metric | ours | temoto | ours / temoto | run by run |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|")
	for _, k := range order {
		if k.unit == "B/op" {
			continue
		}
		o, t := median(values[k]["ours"]), median(values[k]["temoto"])
		ratio := "-"
		if t != 0 && o == o && t == t {
			ratio = fmt.Sprintf("%.3g", o/t)
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s |\n", k.bench, strings.SplitN(k.cse, "=", 2)[1], k.unit, show(o), show(t), ratio,
			spread(values[k]["ours"], values[k]["temoto"]))
	}
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

func nan() float64 { z := 0.0; return z / z }

func show(v float64) string {
	if v != v {
		return "n/a"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
