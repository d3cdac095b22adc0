// Command robotstxt answers robots.txt questions from the command line.
//
// Usage:
//
//	robotstxt check [-mode rfc|google] [-agent TOKEN]... [-json] [-max-bytes N] [-robots FILE] [TARGET...]
//	robotstxt fetch [-agent TOKEN] [-json] URL
//	robotstxt lint [-mode rfc|google] [-json] FILE|URL
//	robotstxt meta [-agent TOKEN]... [-json] FILE|URL
//
// check prints one line per target: "allowed" or "disallowed", the target,
// and, when a rule decided, the rule and its line number, separated by
// tabs. Targets are URLs or paths; without TARGET arguments they are read
// from standard input, one per line. -robots - reads the robots.txt file
// from standard input instead (targets must then be arguments). Without
// -robots, each target's robots.txt is fetched, once per origin, and read
// as RFC 9309 section 2.3 says.
//
// fetch fetches the robots.txt file of a URL's origin and prints the
// status, redirects, size, truncation, cache lifetime and resulting access.
//
// lint lists the problems of a robots.txt file as FILE:LINE: severity:
// message [code], and exits 1 when any is a warning or an error.
//
// meta prints the page-level robots directives of an HTML page (its robots
// meta tags and, for a URL, its X-Robots-Tag headers) and both combined.
//
// Exit status: 0 when every target is allowed, 1 when any is disallowed,
// 2 on a usage error or when a file cannot be read.
package main

import (
	"fmt"
	"io"
	"os"
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
  check    decide whether targets may be fetched under a robots.txt file
  fetch    fetch a site's robots.txt and say what the answer means
  lint     list the problems of a robots.txt file, by line
  meta     print the robots meta tags and X-Robots-Tag headers of a page

Run "robotstxt <command> -h" for a command's flags.

Exit status: 0 when every target is allowed, 1 when any is disallowed,
2 on a usage error or a file that cannot be read.
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
	case "fetch":
		return fetch(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitAllowed
	}
	fmt.Fprintf(stderr, "robotstxt: unknown command %q\n\n%s", args[0], usage)
	return exitError
}
