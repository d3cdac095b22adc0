package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/rfc9309/robotstxt/metarobots"
)

// fetchTimeout bounds a whole page fetch by the command-line tool.
const fetchTimeout = 30 * time.Second

func meta(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("meta", stderr)
	var agents agentList
	asJSON := fs.Bool("json", false, "print a JSON object")
	fs.Var(&agents, "agent", "crawler product `TOKEN` whose own meta tags and headers also apply (repeatable)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: robotstxt meta [-agent TOKEN]... [-json] FILE|URL\n\n"+
			"Prints the page-level robots directives of an HTML page: its robots meta tags and,\n"+
			"for an http(s) URL, its X-Robots-Tag headers, then both combined.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "robotstxt meta: give exactly one FILE or URL")
		return exitError
	}
	src := fs.Arg(0)
	var header, page metarobots.Directives
	var err error
	if isURL(src) {
		header, page, err = metaFromURL(src, agents)
	} else {
		page, err = metaFromFile(src, agents)
	}
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt meta: %v\n", err)
		return exitError
	}
	merged := page.Merge(header)
	if *asJSON {
		b, _ := json.Marshal(map[string]string{"html": page.String(), "header": header.String(), "merged": merged.String()})
		fmt.Fprintf(stdout, "%s\n", b)
		return exitAllowed
	}
	fmt.Fprintf(stdout, "html\t%s\nheader\t%s\nmerged\t%s\n", page, header, merged)
	return exitAllowed
}

func metaFromFile(name string, agents []string) (metarobots.Directives, error) {
	f, err := os.Open(name)
	if err != nil {
		return metarobots.Directives{}, err
	}
	defer f.Close()
	return metarobots.FromHTML(f, agents...)
}

func metaFromURL(url string, agents []string) (header, page metarobots.Directives, err error) {
	client := &http.Client{Timeout: fetchTimeout}
	resp, err := client.Get(url)
	if err != nil {
		return header, page, err
	}
	defer resp.Body.Close()
	header = metarobots.FromHeader(resp.Header, agents...)
	page, err = metarobots.FromHTML(resp.Body, agents...)
	return header, page, err
}
