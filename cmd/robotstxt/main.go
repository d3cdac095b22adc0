// Command robotstxt answers robots.txt questions from the command line:
// what a crawler may fetch and why, what changes between two versions of a
// file, what is wrong with a file, what a site's server answers, and what a
// page's meta robots tags say.
//
// Usage:
//
//	robotstxt ai [-mode rfc|google] [-plain] [-json] [-url TARGET]... FILE|URL...
//	robotstxt check [-mode rfc|google] [-plain] [-agent NAME]... [-json] [-robots FILE] [-timeout DURATION] [-urls FILE] [TARGET...]
//	robotstxt diff [-mode rfc|google] [-plain] [-agent NAME]... [-urls FILE] [-json] OLD NEW
//	robotstxt fetch [-agent TOKEN] [-json] URL
//	robotstxt groups [-mode rfc|google] [-plain] [-agent NAME]... [-json] FILE|URL
//	robotstxt lint [-mode rfc|google] [-json] [-severity LEVEL] [-fail-on LEVEL] [-ignore CODE,...] FILE|URL...
//	robotstxt meta [-agent NAME]... [-json] FILE|URL
//	robotstxt serve [-addr 127.0.0.1:8080] [-allow-private]
//	robotstxt sitemaps [-json] FILE|URL
//
// ai audits which AI crawlers a file lets in: each AI crawler of package
// crawlers' registry, with its operator, purpose, whether it obeys
// robots.txt and its access (allowed, disallowed or partly) as it obeys
// the file (by the precedence its operator documents), then a summary per
// purpose and the Content-Signal values of the file and of each group
// ("User-agent: *"'s among them).
//
// check prints, for one crawler, one line per target: "allowed" or
// "disallowed", the target and, when a rule decided, the rule and its line
// number, separated by tabs; for several crawlers (-agent repeated), the
// target and a column per crawler. Targets are URLs or paths, from the
// arguments or streamed from standard input (or -urls FILE), one per line;
// a summary of the counts goes to standard error. On a terminal the same
// comes in aligned columns under a header, with the group each crawler
// obeys. Without -robots, each target's robots.txt is fetched, once per
// origin, and read as RFC 9309 section 2.3 says; when no file decided,
// the verdict says why ("robots.txt unreachable: 503"), and a target that
// is not an http(s) URL is reported and skipped. A long check shows its
// progress on standard error when that is a terminal, drawn only between
// whole rows and erased before any row is written, so that rows on the
// same terminal come out whole.
//
// diff prints the targets whose verdict differs between two files, with
// the old and new deciding rules: what to check before deploying a new
// robots.txt. It decides them for the -agent crawlers or, without -agent,
// for every crawler a change can reach: each name of a group of either
// file, each crawler of package crawlers' registry, and "*" for the
// others, those whose verdicts change alike printed together. Without
// targets (none piped in, or standard input a terminal, which it does
// not wait on), it prints what changed in the rules and records, group by
// group: rules removed and added, with their lines, the Crawl-delay,
// Request-rate, Visit-time and Content-Signal values that change, the
// crawlers each change reaches; the records outside any group that
// change (Sitemap, Host, Content-Signal, Clean-param, unknown keys); and
// the crawlers of the registry whose access to the whole site changes.
//
// fetch fetches the robots.txt file of a URL's origin and prints the
// status, redirects, size, truncation, cache lifetime and resulting access
// (a body that is an HTML page is said to be one, in place of "the file's
// rules apply").
//
// groups and sitemaps print a file's groups (tokens, extensions, rules with
// lines) and Sitemap URLs; groups -agent prints only the group each
// crawler obeys, and why when its own name does not select it.
//
// lint lists the problems of robots.txt files as FILE:LINE: severity:
// message [code], with the line's text under it, and prints a count per
// file on standard error; -severity hides the lower levels and -ignore
// some codes, and -fail-on sets the level (info, warning, error; warning
// by default) of a shown problem that makes lint exit 1.
//
// meta prints the page-level robots directives of an HTML page (its robots
// meta tags and, for a URL, its X-Robots-Tag headers) and both combined;
// for several -agent, one such result per crawler.
//
// check, diff, groups, ai and serve decide as each crawler does by
// default (package crawlers): a known crawler obeys the group its operator documents
// (Googlebot-Image follows Googlebot's group when no group names it;
// AdsBot-Google ignores "*"), any other the group of the name its
// User-Agent header gives ("Mozilla/5.0 (compatible; ExampleBot/1.0;
// +url)" is ExampleBot). Where that is not the file's plain reading of the
// name, check says why once on standard error (the tab-separated lines
// keep their columns), in the terminal table's GROUP column, and in
// -json's "reason"; groups says why under the crawler's name. -plain
// (check, diff, groups, ai), and the tester's "plain reading" checkbox,
// decide by the plain reading: RFC 9309's, or with -mode google Google's
// library's. Names joined by commas are RFC 9309's one crawler
// with several names, decided plainly; an unreachable robots.txt
// disallows every crawler.
//
// -agent takes a crawler's name as a product token ("MJ12bot"), a
// versioned name ("MJ12bot/1.4") or a whole User-Agent, whose commas do
// not split it; check, diff and groups read it as the crawler it names,
// and with -plain RFC mode reads it as its leading name, as RFC 9309 section 2.2.1's
// product token (a header led by "Mozilla" as the crawler its comment
// names); either says once on standard error when that is not
// what was given.
//
// serve serves a robots.txt tester on 127.0.0.1:8080: one page, with no
// external assets, and its JSON API (POST /api/check, /api/diff and
// /api/ai, shaped like the -json output of check, diff and ai); fetch by
// URL refuses loopback, private and link-local addresses unless
// -allow-private. A file over 500 KiB is read as crawlers read it, its
// first 500 KiB cut at the last line end within them, and the answer's
// "notes" say so, with the line it was cut at and what that drops (a
// "truncated" error in its diagnostics too); a request body over 4 MiB is refused with 413. When a
// fetched robots.txt is unreachable, every verdict is disallowed with no
// rule and a "reason": "robots.txt unreachable (503): everything
// disallowed".
//
// A command reads its flags wherever they stand: before, between or after
// its arguments ("check -robots shop.txt /cart -agent Googlebot"). "--"
// ends them, so that an argument after it that starts with '-' is a file
// or a target; before it, such an argument is a flag, and one the command
// does not know is a usage error, as is a flag given where a flag's value
// should be ("-robots -agent").
//
// A robots.txt FILE given as an http(s) URL names a site: the commands
// read its origin's /robots.txt, the one file crawlers read (RFC 9309
// section 2.3), and say so once on standard error, so that a site's home
// page or any page's URL gives the site's rules rather than its HTML read
// as rules; a URL whose path is /robots.txt is read as it is. A site whose
// robots.txt is unavailable (status 4xx but 429) has no file, read as an
// empty one that allows everything (RFC 9309 section 2.3.1.3), and
// standard error says so; one that is unreachable (5xx, 429) is an error
// that gives the status. A file that
// is an HTML page (a site that answers every path with its application)
// or holds no robots.txt line allows everything; standard error says so,
// for every file a command fetches: fetch and check without -robots too.
//
// A robots.txt FILE is parsed up to the parse limit (-max-bytes, 500 KiB
// by default), as crawlers read it (RFC 9309 section 2.5), and one byte
// more is read, which says the file was cut. Of a file that was cut, at
// most 1 MiB more is read, a chunk at a time and not kept, to say at once
// on standard error, before any answer, at which line the file was cut
// and what that drops: the allow and disallow rules and the groups (by
// their user-agent names) from that line on. With a negative -max-bytes,
// or one over 64 MiB, a file is read up to 64 MiB, past which it is an
// error. A FILE that is not a regular file (a named
// pipe, a device) must be read within 10 seconds: a named pipe that no
// program writes is an error then, where it would wait without end.
// Standard input (-) has no time limit, and a URL has 30 seconds.
//
// No command prints the user name or password of a URL it reads or
// decides, in its output or its errors: "http://user:pass@host/p" shows
// as "http://host/p". The user name goes too, since it is often a token.
// URLs that are a file's content (its Sitemap lines) print as written.
//
// No command but serve lets a control character through to its output:
// what a file, a page or a server holds could otherwise change the
// terminal's title or rewrite its screen. Every C0 control but tab and
// newline prints as \xNN ("\x1b"), DEL, the C1 controls and the Unicode
// bidirectional controls as \uXXXX, and a byte that is not UTF-8 as
// \xNN; in -json output the same, as JSON escapes.
//
// Exit status: check exits 1 when any target is disallowed, diff when any
// verdict changes, lint when a problem of the -fail-on level (warning) or
// worse is shown; every command
// exits 2 on a usage error or a file or URL that cannot be read (check
// also when it skipped a target), and 0 otherwise.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/rfc9309/robotstxt"
)

const (
	exitAllowed    = 0
	exitDisallowed = 1
	exitError      = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: robotstxt <command> [flags] [arguments]

Commands:
  ai        audit which AI crawlers a robots.txt file lets in
  audit     one row per robots.txt capture of WARC files or directories
  check     decide whether targets may be fetched, with the deciding rule
  diff      compare two robots.txt files: the targets whose verdict changes,
            or without targets, the rules that change, group by group
  fetch     fetch a site's robots.txt and say what the answer means
  groups    print a file's groups: user-agents, extensions, rules with lines
  lint      list the problems of robots.txt files, by line
  meta      print the robots meta tags and X-Robots-Tag headers of a page
  serve     serve a robots.txt tester page on 127.0.0.1:8080
  sitemaps  print a file's Sitemap URLs

Flags may stand before, between or after the arguments; -- ends them.
FILE arguments may be paths, http(s) URLs, or - for standard input.
A URL names a site: its origin's /robots.txt is read, as crawlers read it
(RFC 9309 section 2.3), and standard error says so, unless the URL's path
is /robots.txt already. A 4xx (but 429) is no file, read as an empty one
(everything allowed); a 5xx or 429 is an error. A file that is an HTML
page is flagged there too.
A robots.txt FILE is read up to -max-bytes (500 KiB) and one byte more;
of a file over it, up to 1 MiB more, to say where it was cut and what
that drops. A FILE that is not a regular file (a named pipe, a device) within 10 s,
a URL within 30 s; standard input without a time limit.
A URL's user name and password are never printed.
Run "robotstxt <command> -h" for a command's flags.

Exit status:
  check   0 every target allowed, 1 any disallowed
  diff    0 nothing changes, 1 something does
  lint    0 no problem of -fail-on's level (warning) or worse shown, 1 some
  others  0 done
  all     2 on a usage error or a file or URL that cannot be read,
          or (check) a target skipped
`

// run is the whole command, with its inputs and outputs passed in so that
// tests can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	switch args[0] {
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "meta":
		return meta(args[1:], stdout, stderr)
	case "lint":
		return lint(args[1:], stdin, stdout, stderr)
	case "ai":
		return ai(args[1:], stdin, stdout, stderr)
	case "fetch":
		return fetch(args[1:], stdout, stderr)
	case "diff":
		return diff(args[1:], stdin, stdout, stderr)
	case "sitemaps":
		return sitemaps(args[1:], stdin, stdout, stderr)
	case "groups":
		return groups(args[1:], stdin, stdout, stderr)
	case "serve":
		return serve(args[1:], stderr)
	case "audit":
		return audit(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitAllowed
	}
	fmt.Fprintf(stderr, "robotstxt: unknown command %q\n\n%s", args[0], usage)
	return exitError
}

// newFlags returns the flag set of a command, writing its errors and usage
// to stderr.
func newFlags(name string, stderr io.Writer, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs, stderr, usage)
	return fs
}

// setUsage makes -h print usage, the command's text, and then its flags.
func setUsage(fs *flag.FlagSet, stderr io.Writer, usage string) {
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
}

// parseFlags parses a command's flags, wherever they stand among its
// arguments (see parseInterspersed); done says the command ends here,
// with status: 0 after -h, 2 after a bad flag (what was wrong has been
// said).
func parseFlags(fs *flag.FlagSet, args []string) (status int, done bool) {
	if err := parseInterspersed(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitAllowed, true
		}
		return exitError, true
	}
	return 0, false
}

// parseArgFlags is parseFlags for a command that takes from least to
// most arguments: given another number, it says "robotstxt CMD: give "
// and want, and the command ends with status 2.
func parseArgFlags(fs *flag.FlagSet, args []string, stderr io.Writer, least, most int, want string) (status int, done bool) {
	if status, done := parseFlags(fs, args); done {
		return status, true
	}
	if fs.NArg() < least || fs.NArg() > most {
		fmt.Fprintf(stderr, "robotstxt %s: give %s\n", fs.Name(), want)
		return exitError, true
	}
	return 0, false
}

// parseFileFlags is parseFlags for a command that reads one or more
// robots.txt files named by its arguments.
func parseFileFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (status int, done bool) {
	return parseArgFlags(fs, args, stderr, 1, math.MaxInt, "one or more FILEs or URLs (- for standard input)")
}

// parseOptions defines the flags every command that parses a robots.txt
// file shares, -mode and -max-bytes, and returns the Options they give
// once the flags are parsed.
func parseOptions(fs *flag.FlagSet) func() robotstxt.Options {
	var mode modeFlag
	fs.Var(&mode, "mode", "`rfc` (RFC 9309) or google (Google's library)")
	maxBytes := fs.Int("max-bytes", 0, "parse at most `N` bytes of a robots.txt file, reading one more to tell it was cut (0: 500 KiB, negative: no limit; a file over 64 MiB is an error when N is negative or larger)")
	return func() robotstxt.Options { return robotstxt.Options{Mode: mode.m, MaxBytes: *maxBytes} }
}
