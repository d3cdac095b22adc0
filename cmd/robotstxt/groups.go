package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt"
)

// readOnly parses the flags of a command that reads one robots.txt file
// and prints data about it; with agents, the command also takes -agent
// and -plain, which sets *plain.
func readOnly(name, what string, agents *agentList, plain *bool, args []string, stdin io.Reader, stderr io.Writer) (*robotstxt.Robots, bool, string, int) {
	fs := newFlags(name, stderr, "")
	asJSON := fs.Bool("json", false, "print JSON")
	opts := parseOptions(fs)
	agentUsage := ""
	if agents != nil {
		fs.Var(agents, "agent", "show only the group crawler `NAME` obeys, as check chooses it (a product token, a versioned name or a whole User-Agent); repeat for several crawlers, or join the names one crawler answers to with commas, read plainly")
		fs.BoolVar(plain, "plain", false, "show the group of the file's plain reading of each -agent name (RFC 9309, or Google's library with -mode google), not the group the crawler obeys by its documented precedence")
		agentUsage = " [-plain] [-agent NAME]..."
	}
	setUsage(fs, stderr, fmt.Sprintf("usage: robotstxt %s [-mode rfc|google]%s [-json] FILE|URL\n\n%s\n\nFlags:\n", name, agentUsage, what))
	if status, done := parseArgFlags(fs, args, stderr, 1, 1, "exactly one FILE or URL (- for standard input)"); done {
		return nil, false, "", status
	}
	_, r, err := input{name, stdin, stderr}.robots(fs.Arg(0), opts())
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt %s: %v\n", name, err)
		return nil, false, "", exitError
	}
	return r, *asJSON, fs.Arg(0), -1
}

func sitemaps(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	r, asJSON, _, status := readOnly("sitemaps", "Prints the file's Sitemap URLs, one per line, in file order, without repeats.", nil, nil, args, stdin, stderr)
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
	stdout, stderr = escapeOutput(stdout, stderr)
	var (
		agents agentList
		plain  bool
	)
	r, asJSON, _, status := readOnly("groups", "Prints each group as crawlers see it (groups for the same tokens merged): its\n"+
		"user-agent tokens, its extension records and its rules with their line numbers.\n"+
		"With -agent, only the group each crawler obeys, chosen as check chooses it: a known crawler's by\n"+
		"the precedence its operator documents (Googlebot-Image follows Googlebot's group when no group\n"+
		"names it), any other by the name in its User-Agent, and why when that is not its own name's group;\n"+
		"-plain gives the file's plain reading of each name (several groups' rules for a crawler with\n"+
		"several names, joined by commas, which is always read plainly).", &agents, &plain, args, stdin, stderr)
	if status >= 0 {
		return status
	}
	if len(agents) > 0 {
		cs, err := readAgents("groups", agents, r.Mode(), plain, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt groups: %v\n", err)
			return exitError
		}
		return crawlerGroups(stdout, r, cs, plain, asJSON)
	}
	var all []jsonGroup
	for _, g := range r.Groups() {
		all = append(all, groupJSON(g))
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
		writeGroup(stdout, g)
	}
	return exitAllowed
}

// crawlerGroups prints the group each crawler obeys: the rules its
// verdicts come from, which a file of many groups hides.
func crawlerGroups(w io.Writer, r *robotstxt.Robots, cs []crawler, plain, asJSON bool) int {
	type jsonCrawler struct {
		Agent string     `json:"agent"`
		Group *jsonGroup `json:"group"` // null when no group applies
		// Reason says why the crawler obeys the group, as check -json
		// words it; absent with -plain, and for a list of names.
		Reason string `json:"reason,omitempty"`
		own    bool
	}
	var all []jsonCrawler
	for _, c := range cs {
		ch := c.choose(r, plain)
		j := jsonCrawler{Agent: c.name, Reason: ch.because, own: ch.own}
		if ch.group != nil {
			jg := groupJSON(ch.group)
			j.Group = &jg
		}
		all = append(all, j)
	}
	if asJSON {
		b, _ := json.Marshal(all)
		fmt.Fprintf(w, "%s\n", b)
		return exitAllowed
	}
	for i, j := range all {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "crawler: %s\n", j.Agent)
		if j.Reason != "" && !j.own {
			// The group is not the one the crawler's own name selects.
			fmt.Fprintf(w, "obeys: %s\n", j.Reason)
		}
		if j.Group == nil {
			fmt.Fprintln(w, "no group applies: every path is allowed")
			continue
		}
		writeGroup(w, *j.Group)
	}
	return exitAllowed
}

func groupJSON(g *robotstxt.Group) jsonGroup {
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
	return jg
}

// writeGroup prints a group as robots.txt lines with their line numbers.
// Content-Signal values print as a file writes them ("ai-train=no,
// search=yes"), not as Go's true and false.
func writeGroup(w io.Writer, g jsonGroup) {
	fmt.Fprintf(w, "user-agent: %s\n", strings.Join(g.Agents, ", "))
	if g.CrawlDelay != nil {
		fmt.Fprintf(w, "  crawl-delay: %v\n", time.Duration(*g.CrawlDelay*float64(time.Second)))
	}
	if g.RequestRate != "" {
		fmt.Fprintf(w, "  request-rate: %s\n", g.RequestRate)
	}
	if g.VisitTime != "" {
		fmt.Fprintf(w, "  visit-time: %s UTC\n", g.VisitTime)
	}
	if len(g.ContentSignals) > 0 {
		fmt.Fprintf(w, "  content-signal: %s\n", signalsText(g.ContentSignals))
	}
	for _, rule := range g.Rules {
		key := "disallow"
		if rule.Allow {
			key = "allow"
		}
		fmt.Fprintf(w, "  %d: %s %s\n", rule.Line, key, rule.Pattern)
	}
}
