package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	rlint "github.com/rfc9309/robotstxt/lint"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// fetch reports what a site answers for its robots.txt; a body that is an
// HTML page, or no robots.txt at all, is said on standard error and in
// the meaning, in place of "the file's rules apply".
func fetch(args []string, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("fetch", stderr, "usage: robotstxt fetch [-agent TOKEN] [-json] URL\n\n"+
		"Fetches the robots.txt file of URL's origin and prints what came back and what it means:\n"+
		"status, redirects, size, truncation, how long it may be cached, and the resulting access.\n"+
		"Exit status 2 when the file cannot be fetched at all (a refused connection, an unknown host, a timeout).\n\nFlags:\n")
	var agents agentList
	asJSON := fs.Bool("json", false, "print a JSON object")
	opts := parseOptions(fs)
	rfc429 := fs.Bool("429-unavailable", false, "read status 429 as unavailable, as RFC 9309 reads a 4xx (default: unreachable, as Google does)")
	fs.Var(&agents, "agent", "crawler `NAME`, sent in the User-Agent header")
	if status, done := parseArgFlags(fs, args, stderr, 1, 1, "exactly one URL"); done {
		return status
	}
	if _, err := robotshttp.RobotsURL(fs.Arg(0)); err != nil {
		fmt.Fprintf(stderr, "robotstxt fetch: %v\n", err)
		return exitError
	}
	f := &robotshttp.Fetcher{UserAgent: cliUserAgent(agents), Options: opts(), TooManyRequestsUnavailable: *rfc429}
	// Fetch reads the origin's /robots.txt itself, and sends the URL's
	// userinfo as basic authentication, as check does.
	res := f.Fetch(context.Background(), fs.Arg(0))
	lifetime := 24 * time.Hour // a Cache's MaxAge (RFC 9309 section 2.4)
	switch {
	case res.Access == robotshttp.Unreachable:
		lifetime = time.Hour // a Cache's RetryUnreachable
	case res.MaxAge >= 0 && res.MaxAge < lifetime:
		lifetime = res.MaxAge
	}
	r := res.Robots(f.Options)
	mean := meaning(res.Access)
	if what := notRobots(r); res.Access == robotshttp.Available && what != "" {
		input{"fetch", nil, stderr}.flagNotRobots(redactURL(res.URL), r)
		mean = "the body " + what
	}
	errText := ""
	if res.Err != nil {
		errText = res.Err.Error()
	}
	info := struct {
		jsonFetch
		Meaning    string `json:"meaning"`
		CacheFor   string `json:"cache_for"`
		Groups     int    `json:"groups"`
		Sitemaps   int    `json:"sitemaps"`
		Diagnostic int    `json:"diagnostics"`
		Error      string `json:"error,omitempty"`
	}{jsonFetchOf(res), mean, lifetime.String(),
		len(r.Groups()), len(r.Sitemaps()), len(rlint.Check(r)), errText}
	// No file for a network reason (a refused connection, a name that
	// does not resolve, a timeout, at the URL or where it redirects) is
	// the case of a URL that cannot be read; a status, even 503, is an
	// answer the command reports on, and Err is set only when no status
	// says why.
	status := exitAllowed
	if res.Access == robotshttp.Unreachable && res.Err != nil {
		status = exitError
		fmt.Fprintf(stderr, "robotstxt fetch: %s cannot be fetched: %s\n", info.URL, errText)
	}
	if *asJSON {
		b, _ := json.Marshal(info)
		fmt.Fprintf(stdout, "%s\n", b)
		return status
	}
	fmt.Fprintf(stdout, "url\t%s\nfinal url\t%s\nstatus\t%d\nredirects\t%d\nbytes\t%d\ntruncated\t%v\naccess\t%s (%s)\ncache for\t%v\ngroups\t%d\nsitemaps\t%d\ndiagnostics\t%d\n",
		info.URL, info.FinalURL, info.Status, info.Redirects, info.Bytes, info.Truncated, info.Access, info.Meaning, lifetime, info.Groups, info.Sitemaps, info.Diagnostic)
	if errText != "" {
		fmt.Fprintf(stdout, "error\t%s\n", errText)
	}
	return status
}

func meaning(a robotshttp.Access) string {
	switch a {
	case robotshttp.Available:
		return "the file's rules apply"
	case robotshttp.Unavailable:
		return "everything is allowed, RFC 9309 section 2.3.1.3"
	}
	return "nothing is allowed, RFC 9309 section 2.3.1.4"
}

// jsonFetch is what a fetch of robots.txt found, as fetch -json and the
// API of serve give it.
type jsonFetch struct {
	URL       string `json:"url"`
	FinalURL  string `json:"final_url"`
	Status    int    `json:"status"`
	Redirects int    `json:"redirects"`
	Bytes     int    `json:"bytes"`
	Truncated bool   `json:"truncated"`
	Access    string `json:"access"`
}

func jsonFetchOf(res *robotshttp.Fetch) jsonFetch {
	return jsonFetch{res.URL, res.FinalURL, res.StatusCode, res.Redirects, len(res.Body), res.Truncated, res.Access.String()}
}
