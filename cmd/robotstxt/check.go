package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
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

// decider decides targets for each crawler, from one file or by fetching
// each target's origin's file.
type decider func(target string, c crawler) (robotstxt.Decision, error)

func newDecider(robots string, stdin io.Reader, opts robotstxt.Options, cs []crawler) (decider, error) {
	if robots != "" {
		r, err := readRobots(robots, stdin, opts)
		if err != nil {
			return nil, err
		}
		groups := make(map[string]*robotstxt.Group)
		for _, c := range cs {
			groups[c.name] = r.Group(c.tokens...)
		}
		return func(target string, c crawler) (robotstxt.Decision, error) { return groups[c.name].Decide(target), nil }, nil
	}
	var tokens []string
	for _, c := range cs {
		tokens = append(tokens, c.tokens...)
	}
	cache := robotshttp.NewCache(&robotshttp.Fetcher{UserAgent: cliUserAgent(tokens), Options: opts}, 0)
	return func(target string, c crawler) (robotstxt.Decision, error) {
		d, _, err := cache.Decide(context.Background(), target, c.tokens...)
		if err != nil {
			return d, fmt.Errorf("%w (without -robots, targets must be absolute URLs)", err)
		}
		return d, nil
	}, nil
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	var (
		agents agentList
		opts   = parseOptions(fs)
		robots = fs.String("robots", "", "robots.txt `FILE` or URL to read (- for standard input); without it, each target's robots.txt is fetched")
		urls   = fs.String("urls", "", "read targets from `FILE`, one per line, instead of standard input")
		asJSON = fs.Bool("json", false, "print one JSON object per target")
	)
	fs.Var(&agents, "agent", "crawler `NAME` (a product token, or a versioned name or whole User-Agent, read in RFC mode as its leading name); repeat for several crawlers (one column each), or join tokens one crawler answers to with commas (default: a crawler without a group of its own)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: robotstxt check [-mode rfc|google] [-agent TOKEN]... [-json] [-robots FILE] [-urls FILE] [TARGET...]\n\n"+
			"Prints, for each target URL or path, whether it may be fetched and the rule that decided:\n"+
			"  one crawler:  VERDICT<TAB>TARGET[<TAB>RULE<TAB>LINE]\n"+
			"  several:      TARGET<TAB>VERDICT[ (line N: RULE)] for each crawler, in -agent order\n"+
			"Without -robots, targets are absolute URLs and each origin's robots.txt is fetched (once),\n"+
			"as RFC 9309 section 2.3 says: unavailable (4xx) allows everything, unreachable (5xx, errors) nothing.\n"+
			"Without TARGET arguments, targets are read from standard input (or -urls), one per line, streamed.\n"+
			"A summary goes to standard error at the end.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if *robots == "-" && fs.NArg() == 0 && *urls == "" {
		fmt.Fprintln(stderr, "robotstxt check: with -robots -, give the targets as arguments or with -urls FILE")
		return exitError
	}
	o := opts()
	cs, err := crawlers("check", agents, o.Mode, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	decide, err := newDecider(*robots, stdin, o, cs)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	targets, closeTargets, err := openTargets(fs.Args(), *urls, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	defer closeTargets()

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := exitAllowed
	allowed := make([]int, len(cs))
	disallowed := make([]int, len(cs))
	progress := newProgress(stderr)
	ds := make([]robotstxt.Decision, len(cs))
	n := 0
	err = targets(func(target string) error {
		for i, c := range cs {
			d, err := decide(target, c)
			if err != nil {
				return err
			}
			ds[i] = d
			if d.Allowed {
				allowed[i]++
			} else {
				disallowed[i]++
				status = exitDisallowed
			}
		}
		writeDecisions(out, target, cs, ds, *asJSON)
		n++
		progress.tick(n)
		return nil
	})
	progress.done()
	out.Flush()
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	summary := make([]string, len(cs))
	for i, c := range cs {
		summary[i] = fmt.Sprintf("%s: %d allowed, %d disallowed", c.name, allowed[i], disallowed[i])
	}
	fmt.Fprintf(stderr, "robotstxt check: %d targets; %s\n", n, strings.Join(summary, "; "))
	return status
}

// openTargets returns an iterator over the targets: the arguments, or the
// lines of -urls FILE or standard input, streamed one at a time.
func openTargets(args []string, urls string, stdin io.Reader) (func(func(string) error) error, func(), error) {
	if len(args) > 0 {
		return func(yield func(string) error) error {
			for _, t := range args {
				if err := yield(t); err != nil {
					return err
				}
			}
			return nil
		}, func() {}, nil
	}
	src, closeFn := stdin, func() {}
	if urls != "" {
		f, err := os.Open(urls)
		if err != nil {
			return nil, nil, err
		}
		src, closeFn = f, func() { f.Close() }
	}
	return func(yield func(string) error) error {
		sc := bufio.NewScanner(src)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" {
				if err := yield(t); err != nil {
					return err
				}
			}
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("reading targets: %w", err)
		}
		return nil
	}, closeFn, nil
}

// readRobots reads a robots.txt file from a path, standard input ("-") or
// an http(s) URL (see openBody).
func readRobots(name string, stdin io.Reader, o robotstxt.Options) (*robotstxt.Robots, error) {
	r, err := openBody(name, stdin)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return o.ParseReader(r)
}

// readBody reads the whole of a robots.txt file, as readRobots finds it,
// for commands that show its lines.
func readBody(name string, stdin io.Reader) ([]byte, error) {
	r, err := openBody(name, stdin)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// Bounded, for a URL that sends without end: far past any limit a
	// parse would read.
	return io.ReadAll(io.LimitReader(r, maxBody))
}

// maxBody bounds the bytes readBody reads.
const maxBody = 64 << 20

// openBody opens a robots.txt file: a path, standard input ("-") or an
// http(s) URL, fetched as it is; a status other than 2xx is an error here
// (the fetch command applies RFC 9309's rules for those).
func openBody(name string, stdin io.Reader) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(stdin), nil
	}
	if isURL(name) {
		client := &http.Client{Timeout: fetchTimeout}
		resp, err := client.Get(name)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 != 2 {
			resp.Body.Close()
			return nil, fmt.Errorf("%s: HTTP status %s", name, resp.Status)
		}
		return resp.Body, nil
	}
	return os.Open(name)
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

// writeDecisions prints one target's verdicts: for one crawler
// "VERDICT\tTARGET[\tRULE\tLINE]", for several "TARGET" and a column per
// crawler; with asJSON one object.
func writeDecisions(w io.Writer, target string, cs []crawler, ds []robotstxt.Decision, asJSON bool) {
	if asJSON {
		writeJSON(w, target, cs, ds)
		return
	}
	if len(cs) == 1 {
		d := ds[0]
		if d.Rule == nil {
			fmt.Fprintf(w, "%s\t%s\n", verdict(d.Allowed), target)
			return
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\n", verdict(d.Allowed), target, ruleText(d.Rule), d.Rule.Line)
		return
	}
	io.WriteString(w, target)
	for _, d := range ds {
		io.WriteString(w, "\t"+decisionText(d))
	}
	io.WriteString(w, "\n")
}

// decisionText is a verdict with its rule: "disallowed (line 4: Disallow: /x)".
func decisionText(d robotstxt.Decision) string {
	if d.Rule == nil {
		return verdict(d.Allowed)
	}
	return fmt.Sprintf("%s (line %d: %s)", verdict(d.Allowed), d.Rule.Line, ruleText(d.Rule))
}

type jsonRule struct {
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
	Line    int    `json:"line"`
}

type jsonDecision struct {
	Target  string    `json:"target,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	Allowed bool      `json:"allowed"`
	Rule    *jsonRule `json:"rule"`
}

func toJSON(d robotstxt.Decision) jsonDecision {
	v := jsonDecision{Allowed: d.Allowed}
	if d.Rule != nil {
		v.Rule = &jsonRule{Allow: d.Rule.Allow, Pattern: d.Rule.Pattern, Line: d.Rule.Line}
	}
	return v
}

func writeJSON(w io.Writer, target string, cs []crawler, ds []robotstxt.Decision) {
	var v any
	if len(cs) == 1 {
		j := toJSON(ds[0])
		j.Target = target
		v = j
	} else {
		all := struct {
			Target   string         `json:"target"`
			Crawlers []jsonDecision `json:"crawlers"`
		}{Target: target}
		for i, d := range ds {
			j := toJSON(d)
			j.Agent = cs[i].name
			all.Crawlers = append(all.Crawlers, j)
		}
		v = all
	}
	b, _ := json.Marshal(v) // strings, bools and ints always marshal
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
