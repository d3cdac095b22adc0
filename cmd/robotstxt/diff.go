package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/rfc9309/robotstxt"
)

func diff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("diff", stderr, "usage: robotstxt diff [-mode rfc|google] [-plain] [-agent NAME]... [-urls FILE] [-json] OLD NEW\n\n"+
		"Compares the robots.txt files OLD and NEW (paths or URLs; a URL names its site's /robots.txt).\n"+
		"With targets (-urls FILE, or piped to standard input), prints each one whose verdict differs\n"+
		"for any crawler:\n"+
		"  TARGET<TAB>AGENT: OLD-VERDICT -> NEW-VERDICT[<TAB>...]  with the deciding rules\n"+
		"Without targets (standard input a terminal, or nothing piped), prints what changed in the rules,\n"+
		"group by group: the rules removed (-) and added (+), with their lines, and the crawlers each\n"+
		"change reaches (the group's names, and the crawlers of the registry that obey it); then the\n"+
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
	var (
		groups [2][]*robotstxt.Group
		files  [2]*robotstxt.Robots
	)
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
		for _, c := range cs {
			groups[i] = append(groups[i], c.choose(r, *plain).group)
		}
	}
	rules := func() int {
		if writeRuleDiff(stdout, files[0], files[1], cs, *plain, *asJSON) {
			return exitDisallowed
		}
		fmt.Fprintln(stderr, "robotstxt diff: the rules are the same")
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
		var cols []string
		var js []jsonChange
		for i, c := range cs {
			old, new := groups[0][i].Decide(target), groups[1][i].Decide(target)
			if old.Allowed == new.Allowed {
				continue
			}
			cols = append(cols, fmt.Sprintf("%s: %s -> %s", c.name, decisionText(old), decisionText(new)))
			js = append(js, jsonChange{Agent: c.name, Old: decisionJSON(old, groups[0][i]), New: decisionJSON(new, groups[1][i])})
		}
		if cols == nil {
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
		fmt.Fprintf(out, "%s\t%s\n", redactURL(target), strings.Join(cols, "\t"))
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

type jsonChange struct {
	Agent string       `json:"agent"`
	Old   jsonDecision `json:"old"`
	New   jsonDecision `json:"new"`
}
