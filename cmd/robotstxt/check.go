package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

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

// An answer is one crawler's verdict on a target and the group it rests
// on: the choice of the group the crawler obeys.
type answer struct {
	d robotstxt.Decision
	*choice
}

// A result is what check says about one target.
type result struct {
	target  string
	answers []answer // one per crawler, in -agent order
	// fetch is, in fetch mode, the robots.txt fetch the answers rest on.
	fetch *robotshttp.Fetch
	// err says why the target was skipped: in fetch mode, one that is
	// not a URL with an http(s) origin.
	err error
}

// A decider fills in a result's answers and fetch for its target.
type decider func(*result)

// fileDecider decides every target by one file. Each crawler's group is
// chosen once: a million targets cost a million matches and nothing more
// (TestCheckMillionTargetsFlatMemory).
func fileDecider(r *robotstxt.Robots, cs []crawler, plain bool) (decider, []choice) {
	choices := make([]choice, len(cs))
	for i, c := range cs {
		choices[i] = c.choose(r, plain)
	}
	return func(res *result) {
		for i := range choices {
			res.answers[i] = answer{choices[i].group.Decide(res.target), &choices[i]}
		}
	}, choices
}

// fetchDecider decides each target by its origin's robots.txt file,
// fetched once per origin and read as RFC 9309 section 2.3 says. warm
// fetches a target's file ahead of its decision. Each crawler's group is
// chosen again when the file changes from the last target's; an
// unreachable origin's verdict (RFC 9309 section 2.3.1.4) disallows every
// crawler, whatever group its precedence would choose. seen is called
// with each file fetched (available), when it first decides, to say what
// the rows cannot: that the file is an HTML page.
func fetchDecider(opts robotstxt.Options, cs []crawler, plain bool, timeout time.Duration, seen func(url string, r *robotstxt.Robots)) (decide decider, warm func(string)) {
	var tokens []string
	for _, c := range cs {
		tokens = append(tokens, c.tokens...)
	}
	cache := robotshttp.NewCache(&robotshttp.Fetcher{UserAgent: cliUserAgent(tokens), Options: opts, Timeout: timeout}, 0)
	warm = func(target string) {
		cache.Get(context.Background(), target) // the answer is kept for decide; an error comes again there
	}
	var last *robotstxt.Robots
	choices := make([]choice, len(cs))
	decide = func(res *result) {
		l, err := cache.Get(context.Background(), res.target)
		if err != nil {
			res.err = fmt.Errorf("%w (without -robots, targets must be absolute URLs)", err)
			return
		}
		res.fetch = l.Fetch
		if l.Robots != last || last == nil {
			last = l.Robots
			if l.Fetch != nil && l.Fetch.Access == robotshttp.Available {
				seen(l.Fetch.URL, l.Robots)
			}
			for i, c := range cs {
				choices[i] = c.choose(l.Robots, plain || l.Unreachable())
			}
		}
		for i := range choices {
			res.answers[i] = answer{choices[i].group.Decide(res.target), &choices[i]}
		}
	}
	return decide, warm
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("check", stderr, "usage: robotstxt check [-mode rfc|google] [-plain] [-agent NAME]... [-json] [-robots FILE] [-timeout DURATION] [-urls FILE] [TARGET...]\n\n"+
		"Prints, for each target URL or path, whether it may be fetched and the rule that decided:\n"+
		"  one crawler:  VERDICT<TAB>TARGET[<TAB>RULE<TAB>LINE]\n"+
		"  several:      TARGET<TAB>VERDICT[ (line N: RULE)] for each crawler, in -agent order\n"+
		"On a terminal, the same as aligned columns under a header, with the group each crawler obeys.\n"+
		"Each crawler obeys the group it obeys by default: a known crawler's by the precedence its operator\n"+
		"documents (Googlebot-Image follows Googlebot's group when no group names it), any other by the\n"+
		"name in its User-Agent; where that is not the file's plain reading, standard error says so once.\n"+
		"-plain decides by the plain reading: RFC 9309's (or, with -mode google, Google's library's).\n"+
		"Without -robots, targets are absolute URLs and each origin's robots.txt is fetched (once),\n"+
		"as RFC 9309 section 2.3 says: unavailable (4xx) allows everything, unreachable (5xx, errors) nothing;\n"+
		"the verdict then says so in place of a rule. A target that is not an http(s) URL is reported\n"+
		"and skipped (exit status 2 at the end).\n"+
		"Without TARGET arguments, targets are read from standard input (or -urls), one per line, streamed.\n"+
		"A summary goes to standard error at the end; on a terminal, a long run shows its progress there,\n"+
		"between whole rows, erased before any row is written.\n"+
		"-robots URL reads the robots.txt of URL's site (its origin's /robots.txt), saying so.\n\nFlags:\n")
	var (
		agents  agentList
		opts    = parseOptions(fs)
		robots  = fs.String("robots", "", "robots.txt `FILE` or URL to read (- for standard input); without it, each target's robots.txt is fetched")
		urls    = fs.String("urls", "", "read targets from `FILE`, one per line, instead of standard input")
		asJSON  = fs.Bool("json", false, "print one JSON object per target")
		plain   = fs.Bool("plain", false, "decide by the file's plain reading of each crawler's name (RFC 9309, or Google's library with -mode google), not by the crawler's documented precedence")
		timeout = fs.Duration("timeout", 30*time.Second, "without -robots, give up on an origin's robots.txt after `DURATION` (it is then unreachable)")
	)
	fs.Var(&agents, "agent", "crawler `NAME` (a product token, a versioned name or a whole User-Agent header, read as the crawler it names; with -plain, in RFC mode as its leading name, a Mozilla-led header as the crawler its comment names); repeat for several crawlers (one column each), or join names one crawler answers to with commas, decided plainly (default: a crawler without a group of its own)")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if *robots == "-" && fs.NArg() == 0 && *urls == "" {
		fmt.Fprintln(stderr, "robotstxt check: with -robots -, give the targets as arguments or with -urls FILE")
		return exitError
	}
	o := opts()
	cs, err := readAgents("check", agents, o.Mode, *plain, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	var (
		decide  decider
		warm    func(string)
		choices []choice // in file mode
		out     *checkOutput
		flagged = make(map[string]bool) // the fetched files looked at
	)
	// A fetched file that is an HTML page, or was cut by the size limit,
	// is said once, between rows.
	seen := func(url string, r *robotstxt.Robots) {
		if flagged[url] {
			return
		}
		flagged[url] = true
		line := truncatedLine(r)
		if notRobots(r) == "" && line == 0 {
			return
		}
		out.flush()
		input{"check", stdin, stderr}.flagNotRobots(redactURL(url), r)
		if line > 0 {
			fmt.Fprintf(stderr, "robotstxt check: %s is over the %d-byte size limit (RFC 9309 section 2.5): cut at line %d; crawlers fetch no more of it, and neither did check, so what the cut drops is not known\n",
				redactURL(url), limitOf(o), line)
		}
	}
	if *robots != "" {
		_, r, err := input{"check", stdin, stderr}.robots(*robots, o)
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
			return exitError
		}
		decide, choices = fileDecider(r, cs, *plain)
	} else {
		decide, warm = fetchDecider(o, cs, *plain, *timeout, seen)
	}
	targets, closeTargets, err := openTargets(fs.Args(), *urls, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	defer closeTargets()

	out = newCheckOutput(stdout, cs, *asJSON, newProgress(stderr))
	if out.table == nil && !*asJSON {
		// The tab-separated lines keep their columns for the scripts
		// that read them; a person reading along learns here why a
		// crawler's group is not the one its name alone selects.
		for _, c := range choices {
			if c.changed {
				fmt.Fprintf(stderr, "robotstxt check: %s; -plain decides as %s reads the name alone\n", c.because, plainText(o.Mode))
			}
		}
	}
	if fs.NArg() == 0 && *urls == "" && isTerminal(stdin) {
		// Someone ran check without targets and it seems to hang; or
		// they type targets, and want each answer as they press Enter.
		fmt.Fprintln(stderr, "robotstxt check: reading targets from standard input, one per line; end with Ctrl-D (-h for help)")
		out.interactive = true
	}
	defer out.flush()
	status := exitAllowed
	allowed := make([]int, len(cs))
	disallowed := make([]int, len(cs))
	n, skipped := 0, 0
	emit := func(res *result) {
		n++
		if res.err != nil {
			skipped++
			out.flush() // the rows before it, and no progress line
			fmt.Fprintf(stderr, "robotstxt check: skipped %q: %v\n", redactURL(res.target), res.err)
			out.tick()
			return
		}
		for i, a := range res.answers {
			if a.d.Allowed {
				allowed[i]++
			} else {
				disallowed[i]++
				status = exitDisallowed
			}
		}
		out.write(res)
	}
	if *robots != "" {
		res := &result{answers: make([]answer, len(cs))}
		err = targets(func(target string) error {
			res.target = target
			decide(res)
			emit(res)
			return nil
		})
	} else {
		res := &result{answers: make([]answer, len(cs))}
		err = prefetch(targets, warm, fetchWorkers, readAhead, func(target string) {
			res.target, res.fetch, res.err = target, nil, nil
			decide(res)
			emit(res)
		})
	}
	out.flush()
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt check: %v\n", err)
		return exitError
	}
	summary := make([]string, len(cs))
	for i, c := range cs {
		summary[i] = fmt.Sprintf("%s: %d allowed, %d disallowed", c.name, allowed[i], disallowed[i])
	}
	skippedText := ""
	if skipped > 0 {
		skippedText = fmt.Sprintf(" (%d skipped)", skipped)
		status = exitError
	}
	fmt.Fprintf(stderr, "robotstxt check: %d targets%s; %s\n", n, skippedText, strings.Join(summary, "; "))
	return status
}

// fetchWorkers is how many robots.txt files check fetches at once in
// fetch mode: enough that a slow origin does not hold up the others, few
// enough for a polite client.
const fetchWorkers = 8

// readAhead is how many targets check reads ahead of the one it prints
// next in fetch mode, to start fetching their origins' files: far enough
// to reach past one origin's run of targets in a list sorted by site, and
// a bound on what waits in memory while a slow origin holds up the
// output.
const readAhead = 256

// prefetch calls each for every target, in order, while it reads up to
// ahead targets further and calls warm, at most workers at a time, for
// each that starts a run of targets of a new origin: warm fetches the
// origin's file, which each then finds fetched or being fetched. It
// returns the error of reading the targets.
func prefetch(targets func(func(string) error) error, warm func(string), workers, ahead int, each func(string)) error {
	order := make(chan string, ahead)
	slots := make(chan struct{}, workers)
	var readErr error
	go func() {
		last := ""
		readErr = targets(func(t string) error {
			if o, err := robotshttp.Origin(t); err == nil && o != last {
				last = o
				slots <- struct{}{}
				go func() {
					defer func() { <-slots }()
					warm(t)
				}()
			}
			order <- t
			return nil
		})
		close(order) // after readErr is set: the loop below ends after it
	}()
	for t := range order {
		each(t)
	}
	for range workers {
		slots <- struct{}{} // every warm call has returned
	}
	return readErr
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

// cliUserAgent is the User-Agent header of the tool's fetches: it names the
// crawler whose rules are checked, as the site would see that crawler.
func cliUserAgent(agents []string) string {
	if len(agents) == 1 && agents[0] != "*" {
		return agents[0] + " (robotstxt command-line tool)"
	}
	return "robotstxt-cli"
}
