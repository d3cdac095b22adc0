package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// agentList is a repeatable -agent flag.
type agentList []string

func (a *agentList) String() string { return strings.Join(*a, ",") }

func (a *agentList) Set(v string) error {
	if v == "" {
		return errors.New("empty product token")
	}
	*a = append(*a, v)
	return nil
}

// modeFlag parses -mode.
type modeFlag struct{ m robotstxt.Mode }

func (f *modeFlag) String() string { return f.m.String() }

func (f *modeFlag) Set(v string) error {
	switch strings.ToLower(v) {
	case "rfc":
		f.m = robotstxt.RFC
	case "google":
		f.m = robotstxt.Google
	default:
		return fmt.Errorf("mode must be rfc or google, not %q", v)
	}
	return nil
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		agents   agentList
		mode     modeFlag
		robots   = fs.String("robots", "", "robots.txt `FILE` or URL to read (- for standard input); without it, each target's robots.txt is fetched")
		asJSON   = fs.Bool("json", false, "print one JSON object per target")
		maxBytes = fs.Int("max-bytes", 0, "parse at most `N` bytes of the file (0: 500 KiB, negative: no limit)")
	)
	fs.Var(&agents, "agent", "crawler product `TOKEN` (repeatable; the crawler answers to each; default: a crawler without a group of its own)")
	fs.Var(&mode, "mode", "`rfc` (RFC 9309) or google (Google's library)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: robotstxt check [-mode rfc|google] [-agent TOKEN]... [-json] [-robots FILE] [TARGET...]\n\n"+
			"Prints, for each target URL or path, whether it may be fetched and the rule that decided.\n"+
			"Without -robots, targets are absolute URLs and each origin's robots.txt is fetched (once),\n"+
			"as RFC 9309 section 2.3 says: unavailable (4xx) allows everything, unreachable (5xx, errors) nothing.\n"+
			"Without TARGET arguments, targets are read from standard input, one per line.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitAllowed
		}
		return exitError
	}
	if *robots == "-" && fs.NArg() == 0 {
		fmt.Fprintln(stderr, "robotstxt check: with -robots -, give the targets as arguments")
		return exitError
	}
	if len(agents) == 0 {
		agents = agentList{"*"}
	}

	opts := robotstxt.Options{Mode: mode.m, MaxBytes: *maxBytes}
	// With -robots, one file decides every target; without, each target's
	// origin's file is fetched, once per origin.
	var decideOne func(target string) (robotstxt.Decision, error)
	if *robots != "" {
		r, err := readRobots(*robots, stdin, opts)
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
			return exitError
		}
		g := r.Group(agents...)
		decideOne = func(target string) (robotstxt.Decision, error) { return g.Decide(target), nil }
	} else {
		cache := robotstxt.NewCache(&robotstxt.Fetcher{UserAgent: cliUserAgent(agents), Options: opts}, 0)
		decideOne = func(target string) (robotstxt.Decision, error) {
			d, _, err := cache.Decide(context.Background(), target, agents...)
			if err != nil {
				return d, fmt.Errorf("%w (without -robots, targets must be absolute URLs)", err)
			}
			return d, nil
		}
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := exitAllowed
	decide := func(target string) {
		d, err := decideOne(target)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
			status = exitError
			return
		}
		if !d.Allowed && status != exitError {
			status = exitDisallowed
		}
		if *asJSON {
			writeJSON(out, target, d)
		} else {
			writeLine(out, target, d)
		}
	}
	if fs.NArg() > 0 {
		for _, t := range fs.Args() {
			decide(t)
		}
		return status
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			decide(t)
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "robotstxt check: reading targets: %v\n", err)
		return exitError
	}
	return status
}

// readRobots reads a robots.txt file from a path, standard input ("-") or
// an http(s) URL. A URL is fetched as it is; a status other than 2xx is
// an error here (the fetch command applies RFC 9309's rules for those).
func readRobots(name string, stdin io.Reader, o robotstxt.Options) (*robotstxt.Robots, error) {
	if name == "-" {
		return o.ParseReader(stdin)
	}
	if isURL(name) {
		client := &http.Client{Timeout: fetchTimeout}
		resp, err := client.Get(name)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode/100 != 2 {
			return nil, fmt.Errorf("%s: HTTP status %s", name, resp.Status)
		}
		return o.ParseReader(resp.Body)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return o.ParseReader(f)
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

func ruleText(r *robotstxt.Rule) string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

func writeLine(w io.Writer, target string, d robotstxt.Decision) {
	if d.Rule == nil {
		fmt.Fprintf(w, "%s\t%s\n", verdict(d.Allowed), target)
		return
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%d\n", verdict(d.Allowed), target, ruleText(d.Rule), d.Rule.Line)
}

type jsonRule struct {
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
	Line    int    `json:"line"`
}

type jsonDecision struct {
	Target  string    `json:"target"`
	Allowed bool      `json:"allowed"`
	Rule    *jsonRule `json:"rule"`
}

func writeJSON(w io.Writer, target string, d robotstxt.Decision) {
	v := jsonDecision{Target: target, Allowed: d.Allowed}
	if d.Rule != nil {
		v.Rule = &jsonRule{Allow: d.Rule.Allow, Pattern: d.Rule.Pattern, Line: d.Rule.Line}
	}
	b, _ := json.Marshal(v) // a struct of strings, bools and ints always marshals
	w.Write(append(b, '\n'))
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// cliUserAgent is the User-Agent header of the tool's fetches: it names the
// crawler whose rules are checked, as the site would see that crawler.
func cliUserAgent(agents []string) string {
	if len(agents) == 1 && agents[0] != "*" {
		return agents[0] + " (robotstxt command-line tool)"
	}
	return "robotstxt-cli"
}
