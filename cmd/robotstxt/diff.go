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
	fs := newFlags("diff", stderr, "usage: robotstxt diff [-mode rfc|google] [-agent TOKEN]... [-urls FILE] [-json] OLD NEW\n\n"+
		"Reads targets (standard input or -urls) and prints each one whose verdict differs between the\n"+
		"robots.txt files OLD and NEW (paths or URLs) for any crawler:\n"+
		"  TARGET<TAB>AGENT: OLD-VERDICT -> NEW-VERDICT[<TAB>...]  with the deciding rules\n"+
		"Exit status: 0 when nothing changes, 1 when something does, 2 on errors.\n\nFlags:\n")
	var (
		agents agentList
		opts   = parseOptions(fs)
		urls   = fs.String("urls", "", "read targets from `FILE`, one per line, instead of standard input")
		asJSON = fs.Bool("json", false, "print one JSON object per changed target")
	)
	fs.Var(&agents, "agent", "crawler `NAME` (a product token, or a versioned name or whole User-Agent, read in RFC mode as its leading name); repeat for several crawlers, or join the tokens of one crawler with commas (default: a crawler without a group of its own)")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(stderr, "robotstxt diff: give the OLD and NEW robots.txt files (paths or URLs); targets come from standard input or -urls")
		return exitError
	}
	o := opts()
	cs, err := readAgents("diff", agents, o.Mode, true, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt diff: %v\n", err)
		return exitError
	}
	var groups [2][]*robotstxt.Group
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
		for _, c := range cs {
			groups[i] = append(groups[i], r.Group(c.tokens...))
		}
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
