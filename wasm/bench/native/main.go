// Command native times the Go library natively on a file, for
// bench/compare.mjs's table of a large file read whole: the parse with no
// size limit and the first isAllowed-like query, as this package's
// robotsParser(url, text, { maxBytes: -1 }) and first isAllowed do. It
// prints, in milliseconds, as JSON, the first run's times (the process's
// first parse, "cold") and the medians of all runs.
//
//	go run ./bench/native FILE URL AGENT RUNS
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/rfc9309/robotstxt"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: native FILE URL AGENT RUNS")
		os.Exit(2)
	}
	body, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	url, agent := os.Args[2], os.Args[3]
	runs, err := strconv.Atoi(os.Args[4])
	if err != nil || runs < 1 {
		fmt.Fprintln(os.Stderr, "native: RUNS must be a positive number")
		os.Exit(2)
	}
	var parse, first []float64
	for range runs {
		t := time.Now()
		r := robotstxt.Options{MaxBytes: -1}.Parse(body)
		p := time.Since(t)
		r.Decide(agent, url)
		parse = append(parse, ms(p))
		first = append(first, ms(time.Since(t)-p))
	}
	out, _ := json.Marshal(map[string]float64{"coldParse": parse[0], "coldFirst": first[0], "parse": median(parse), "first": median(first)})
	fmt.Println(string(out))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// median returns the median of xs, leaving xs as it is.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
