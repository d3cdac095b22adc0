package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// comparedPrefix starts the lines TestConformanceCompared logs, one per
// set of conformance records:
// "compared: set=google_match.json records=209 ours=209 temoto=162 temoto-rejected=14".
const comparedPrefix = "compared: "

// comparedSets labels the conformance sets, in the order of the table.
var comparedSets = []struct{ set, label, ours string }{
	{"google_match.json", "Google's answers (%s single-agent cases)", "%s in Google mode"},
	{"peers_rfc9309.json", "RFC 9309 answers of four libraries' tests (%s single-agent cases)", "%s"},
}

// readCompared reads the counts TestConformanceCompared logs (go test -v
// -run Compared): for each set, its fields.
func readCompared(r io.Reader) (map[string]map[string]int, error) {
	sets := make(map[string]map[string]int)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		_, rest, ok := strings.Cut(sc.Text(), comparedPrefix)
		if !ok {
			continue
		}
		fields := make(map[string]int)
		var set string
		for _, f := range strings.Fields(rest) {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return nil, fmt.Errorf("table: compared line %q: field %q is not key=value", sc.Text(), f)
			}
			if k == "set" {
				set = v
				continue
			}
			var n int
			if _, err := fmt.Sscan(v, &n); err != nil {
				return nil, fmt.Errorf("table: compared line %q: field %q: %v", sc.Text(), f, err)
			}
			fields[k] = n
		}
		sets[set] = fields
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("table: reading compared counts: %w", err)
	}
	return sets, nil
}

// comparedTable returns the rows of "Answers compared" that count.
func comparedTable(sets map[string]map[string]int) (string, error) {
	var b strings.Builder
	b.WriteString("| answers as the record expects | this library | temoto/robotstxt |\n")
	b.WriteString("|---|---|---|\n")
	for _, s := range comparedSets {
		f := sets[s.set]
		for _, k := range []string{"records", "ours", "temoto", "temoto-rejected"} {
			if _, ok := f[k]; !ok {
				return "", fmt.Errorf("table: no %s count for %s in the compared output", k, s.set)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s; %s rejected |\n",
			fmt.Sprintf(s.label, count(f["records"])),
			fmt.Sprintf(s.ours, count(f["ours"])),
			count(f["temoto"]), plural(f["temoto-rejected"], "file"))
	}
	return b.String(), nil
}

// count formats an exact count with thousands separated by commas.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
