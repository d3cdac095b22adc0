package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

func diff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("diff", stderr, "usage: robotstxt diff [-mode rfc|google] [-plain] [-agent NAME]... [-urls FILE] [-json] OLD NEW\n\n"+
		"Compares the robots.txt files OLD and NEW (paths or URLs; a URL names its site's /robots.txt).\n"+
		"With targets (-urls FILE, or piped to standard input), prints each one whose verdict differs\n"+
		"for any crawler: those of -agent, or else every crawler a change can reach (each name of a\n"+
		"group of either file, each crawler of the registry, and * for the others), those whose\n"+
		"verdicts change alike together:\n"+
		"  TARGET<TAB>AGENT: OLD-VERDICT -> NEW-VERDICT[<TAB>...]  with the deciding rules\n"+
		"Without targets (standard input a terminal, or nothing piped), prints what changed in the rules\n"+
		"and records, group by group: the rules removed (-) and added (+), with their lines, the\n"+
		"Crawl-delay, Request-rate, Visit-time and Content-Signal values that change, and the crawlers\n"+
		"each change reaches (the group's names, and the crawlers of the registry that obey it); then\n"+
		"the records outside any group that change (Sitemap, Host, Content-Signal, Clean-param, unknown\n"+
		"keys); then the\n"+
		"crawlers whose access to the whole site changes (allowed, disallowed, partly): those of -agent,\n"+
		"or every crawler of the registry. Each crawler obeys the group check chooses for it: a known\n"+
		"crawler's by the precedence its operator documents, any other by the name in its User-Agent;\n"+
		"-plain gives the file's plain reading of each name (RFC 9309, or Google's library with -mode google).\n"+
		"Exit status: 0 when nothing changes, 1 when something does, 2 on errors.\n\nFlags:\n")
	var (
		agents agentList
		opts   = parseOptions(fs)
		urls   = fs.String("urls", "", "read targets from `FILE`, one per line, instead of standard input")
		asJSON = fs.Bool("json", false, "print one JSON object per changed target")
		plain  = fs.Bool("plain", false, "decide by the file's plain reading of each crawler's name (RFC 9309, or Google's library with -mode google), not by the crawler's documented precedence")
	)
	fs.Var(&agents, "agent", "crawler `NAME` (a product token, a versioned name or a whole User-Agent header, read as the crawler it names; with -plain, in RFC mode as its leading name, a Mozilla-led header as the crawler its comment names); repeat for several crawlers, or join the names of one crawler with commas, decided plainly (default: a crawler without a group of its own)")
	if status, done := parseArgFlags(fs, args, stderr, 2, 2, "the OLD and NEW robots.txt files (paths or URLs); targets come from standard input or -urls"); done {
		return status
	}
	o := opts()
	cs, err := readAgents("diff", agents, o.Mode, *plain, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt diff: %v\n", err)
		return exitError
	}
	var files [2]*robotstxt.Robots
	for i, name := range fs.Args() {
		if name == "-" {
			fmt.Fprintln(stderr, "robotstxt diff: standard input holds the targets; give OLD and NEW as files or URLs")
			return exitError
		}
		_, r, err := input{"diff", nil, stderr}.robots(name, o)
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt diff: %v\n", err)
			return exitError
		}
		files[i] = r
	}
	// Without -agent, targets are decided for every crawler a change can
	// reach: each name of a group of either file, each crawler of the
	// registry, and "*" for the others; crawlers whose verdicts change
	// alike are printed together.
	merge, decided := len(agents) == 0, cs
	if merge {
		decided = everyCrawler(files)
	}
	// Each distinct pair of old and new groups is decided once per
	// target: the crawlers of the registry share a handful of groups
	// (BenchmarkDiffTargets).
	type groupPair struct{ old, new *robotstxt.Group }
	var pairs []groupPair
	pairOf := make([]int, len(decided))
	index := make(map[groupPair]int)
	for i, c := range decided {
		p := groupPair{c.choose(files[0], *plain).group, c.choose(files[1], *plain).group}
		k, ok := index[p]
		if !ok {
			k = len(pairs)
			index[p] = k
			pairs = append(pairs, p)
		}
		pairOf[i] = k
	}
	decisions := make([][2]robotstxt.Decision, len(pairs))
	rules := func() int {
		if writeRuleDiff(stdout, files[0], files[1], cs, *plain, *asJSON) {
			return exitDisallowed
		}
		fmt.Fprintln(stderr, "robotstxt diff: the rules and records are the same")
		return exitAllowed
	}
	if *urls == "" && isTerminal(stdin) {
		// Waiting for targets typed at a terminal would look like a
		// hang: compare the rules instead.
		fmt.Fprintln(stderr, "robotstxt diff: no targets (give -urls FILE or pipe them in): comparing the rules, group by group")
		return rules()
	}
	targets, closeTargets, err := openTargets(nil, *urls, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt diff: %v\n", err)
		return exitError
	}
	defer closeTargets()
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	n, changed := 0, 0
	err = targets(func(target string) error {
		n++
		var cols changeColumns
		var js []jsonChange
		for k, p := range pairs {
			decisions[k] = [2]robotstxt.Decision{p.old.Decide(target), p.new.Decide(target)}
		}
		for i, c := range decided {
			d, p := decisions[pairOf[i]], pairs[pairOf[i]]
			if d[0].Allowed == d[1].Allowed {
				continue
			}
			cols.add(c.name, decisionText(d[0])+" -> "+decisionText(d[1]), merge)
			js = append(js, jsonChange{Agent: c.name, Old: decisionJSON(d[0], p.old), New: decisionJSON(d[1], p.new)})
		}
		if js == nil {
			return nil
		}
		changed++
		if *asJSON {
			b, _ := json.Marshal(struct {
				Target  string       `json:"target"`
				Changes []jsonChange `json:"changes"`
			}{redactURL(target), js})
			out.Write(append(b, '\n'))
			return nil
		}
		fmt.Fprintf(out, "%s\t%s\n", redactURL(target), strings.Join(cols.text(), "\t"))
		return nil
	})
	out.Flush()
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt diff: %v\n", err)
		return exitError
	}
	if n == 0 {
		// "0 targets, 0 changed" would read as "nothing changes".
		fmt.Fprintln(stderr, "robotstxt diff: no targets: comparing the rules, group by group")
		return rules()
	}
	fmt.Fprintf(stderr, "robotstxt diff: %d targets, %d changed\n", n, changed)
	if changed > 0 {
		return exitDisallowed
	}
	return exitAllowed
}

// everyCrawler returns the crawlers diff decides targets for without
// -agent: "*" (every crawler no group names), each user-agent name of the
// groups of either file, and each crawler of the registry, once each,
// compared without case.
func everyCrawler(files [2]*robotstxt.Robots) []crawler {
	var out []crawler
	seen := make(map[string]bool)
	add := func(name string) {
		if k := strings.ToLower(name); !seen[k] {
			seen[k] = true
			out = append(out, crawler{name: name, tokens: []string{name}})
		}
	}
	add("*")
	for _, r := range files {
		for _, g := range r.Groups() {
			for _, a := range g.Agents() {
				add(a)
			}
		}
	}
	for _, c := range crawlers.List() {
		add(c.Name())
	}
	return out
}

// changeColumns are the columns of a target's changes: one per crawler,
// or, merged, one per change, naming the crawlers it reaches.
type changeColumns struct {
	changes []string
	names   [][]string
}

// add adds crawler name's change; merged, to the column of the same
// change when there is one.
func (c *changeColumns) add(name, change string, merged bool) {
	if merged {
		for i, ch := range c.changes {
			if ch == change {
				c.names[i] = append(c.names[i], name)
				return
			}
		}
	}
	c.changes = append(c.changes, change)
	c.names = append(c.names, []string{name})
}

// text is the columns as diff prints them: "NAMES: OLD -> NEW".
func (c *changeColumns) text() []string {
	out := make([]string, len(c.changes))
	for i, ch := range c.changes {
		out[i] = namesText(c.names[i]) + ": " + ch
	}
	return out
}

type jsonChange struct {
	Agent string       `json:"agent"`
	Old   jsonDecision `json:"old"`
	New   jsonDecision `json:"new"`
}
