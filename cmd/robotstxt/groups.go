package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt"
)

// readOnly parses the flags of a command that reads one robots.txt file
// and prints data about it.
func readOnly(name, what string, args []string, stdin io.Reader, stderr io.Writer) (*robotstxt.Robots, bool, string, int) {
	fs := newFlags(name, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	opts := parseOptions(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: robotstxt %s [-mode rfc|google] [-json] FILE|URL\n\n%s\n\nFlags:\n", name, what)
		fs.PrintDefaults()
	}
	if status, done := parseFlags(fs, args); done {
		return nil, false, "", status
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "robotstxt %s: give exactly one FILE or URL (- for standard input)\n", name)
		return nil, false, "", exitError
	}
	r, err := readRobots(fs.Arg(0), stdin, opts())
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt %s: %v\n", name, err)
		return nil, false, "", exitError
	}
	return r, *asJSON, fs.Arg(0), -1
}

func sitemaps(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, asJSON, _, status := readOnly("sitemaps", "Prints the file's Sitemap URLs, one per line, in file order, without repeats.", args, stdin, stderr)
	if status >= 0 {
		return status
	}
	if asJSON {
		b, _ := json.Marshal(append([]string{}, r.Sitemaps()...))
		fmt.Fprintf(stdout, "%s\n", b)
		return exitAllowed
	}
	for _, s := range r.Sitemaps() {
		fmt.Fprintln(stdout, s)
	}
	return exitAllowed
}

type jsonGroup struct {
	Agents         []string        `json:"agents"`
	CrawlDelay     *float64        `json:"crawl_delay_seconds,omitempty"`
	RequestRate    string          `json:"request_rate,omitempty"`
	VisitTime      string          `json:"visit_time,omitempty"`
	ContentSignals map[string]bool `json:"content_signals,omitempty"`
	Rules          []jsonRule      `json:"rules"`
}

func groups(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, asJSON, _, status := readOnly("groups", "Prints each group as crawlers see it (groups for the same tokens merged): its\n"+
		"user-agent tokens, its extension records and its rules with their line numbers.", args, stdin, stderr)
	if status >= 0 {
		return status
	}
	var all []jsonGroup
	for _, g := range r.Groups() {
		jg := jsonGroup{Agents: g.Agents(), Rules: []jsonRule{}}
		if d, ok := g.CrawlDelay(); ok {
			s := d.Seconds()
			jg.CrawlDelay = &s
		}
		if rr, ok := g.RequestRate(); ok {
			jg.RequestRate = rr.String()
		}
		if v, ok := g.VisitTime(); ok {
			jg.VisitTime = v.String()
		}
		jg.ContentSignals = g.ContentSignals()
		for _, rule := range g.Rules() {
			jg.Rules = append(jg.Rules, jsonRule{Allow: rule.Allow, Pattern: rule.Pattern, Line: rule.Line})
		}
		all = append(all, jg)
	}
	if asJSON {
		b, _ := json.Marshal(append([]jsonGroup{}, all...))
		fmt.Fprintf(stdout, "%s\n", b)
		return exitAllowed
	}
	for i, g := range all {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "user-agent: %s\n", strings.Join(g.Agents, ", "))
		if g.CrawlDelay != nil {
			fmt.Fprintf(stdout, "  crawl-delay: %v\n", time.Duration(*g.CrawlDelay*float64(time.Second)))
		}
		if g.RequestRate != "" {
			fmt.Fprintf(stdout, "  request-rate: %s\n", g.RequestRate)
		}
		if g.VisitTime != "" {
			fmt.Fprintf(stdout, "  visit-time: %s UTC\n", g.VisitTime)
		}
		for _, k := range slices.Sorted(maps.Keys(g.ContentSignals)) {
			fmt.Fprintf(stdout, "  content-signal: %s=%v\n", k, g.ContentSignals[k])
		}
		for _, rule := range g.Rules {
			key := "disallow"
			if rule.Allow {
				key = "allow"
			}
			fmt.Fprintf(stdout, "  %d: %s %s\n", rule.Line, key, rule.Pattern)
		}
	}
	return exitAllowed
}
