package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt/metarobots"
)

// fetchTimeout bounds a whole page fetch by the command-line tool.
const fetchTimeout = 30 * time.Second

// A page is what meta reads once and asks for each crawler: the HTML
// (at most what metarobots reads) and, for a URL, the response's header.
type page struct {
	html   []byte
	header http.Header
}

func meta(args []string, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("meta", stderr, "usage: robotstxt meta [-agent NAME]... [-json] FILE|URL\n\n"+
		"Prints the page-level robots directives of an HTML page: its robots meta tags and,\n"+
		"for an http(s) URL, its X-Robots-Tag headers, then both combined; for several -agent,\n"+
		"one such result per crawler, under its name.\n\nFlags:\n")
	var agents agentList
	asJSON := fs.Bool("json", false, "print a JSON object (an array of them, one per crawler, for several -agent)")
	fs.Var(&agents, "agent", "crawler `NAME` whose own meta tags and headers also apply; repeat for several crawlers (one result each), or join the names one crawler answers to with commas")
	if status, done := parseArgFlags(fs, args, stderr, 1, 1, "exactly one FILE or URL"); done {
		return status
	}
	p, err := readPage(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt meta: %v\n", err)
		return exitError
	}
	names := []string(agents)
	if len(names) == 0 {
		names = []string{""} // the robots tags and headers only
	}
	var all []map[string]string
	for _, name := range names {
		var tokens []string
		if name != "" {
			tokens = strings.Split(name, ",")
		}
		// The page is in memory: reading it cannot fail.
		html, _ := metarobots.FromHTML(bytes.NewReader(p.html), tokens...)
		header := metarobots.FromHeader(p.header, tokens...)
		r := map[string]string{"html": html.String(), "header": header.String(), "merged": html.Merge(header).String()}
		if name != "" {
			r["agent"] = name
		}
		all = append(all, r)
	}
	if *asJSON {
		var v any = all
		if len(all) == 1 {
			v = all[0]
		}
		b, _ := json.Marshal(v)
		fmt.Fprintf(stdout, "%s\n", b)
		return exitAllowed
	}
	for i, r := range all {
		if len(all) > 1 {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "crawler: %s\n", r["agent"])
		}
		fmt.Fprintf(stdout, "html\t%s\nheader\t%s\nmerged\t%s\n", r["html"], r["header"], r["merged"])
	}
	return exitAllowed
}

// readPage reads a page from a file or an http(s) URL, once for every
// crawler asked about, keeping no more of it than metarobots reads.
func readPage(src string) (page, error) {
	if !isURL(src) {
		b, err := readFile(src, atMost(metarobots.DefaultMaxBytes), fileTimeout)
		return page{html: b}, err
	}
	client := &http.Client{Timeout: fetchTimeout}
	resp, err := client.Get(src)
	if err != nil {
		return page{}, redactErr(err)
	}
	defer resp.Body.Close()
	b, err := atMost(metarobots.DefaultMaxBytes)(resp.Body)
	return page{html: b, header: resp.Header}, err
}
