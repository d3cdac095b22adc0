package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/rfc9309/robotstxt"
)

func lint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("lint", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per diagnostic")
	opts := parseOptions(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: robotstxt lint [-mode rfc|google] [-json] FILE|URL\n\n"+
			"Lists the problems of a robots.txt file, one per line: FILE:LINE: severity: message [code].\n"+
			"Exit status: 0 when there are no warnings or errors, 1 when there are, 2 when the file cannot be read.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "robotstxt lint: give exactly one FILE or URL (- for standard input)")
		return exitError
	}
	src := fs.Arg(0)
	r, err := readRobots(src, stdin, opts())
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt lint: %v\n", err)
		return exitError
	}
	status := exitAllowed
	for _, d := range r.Diagnostics() {
		if d.Severity >= robotstxt.Warning {
			status = exitDisallowed
		}
		if *asJSON {
			b, _ := json.Marshal(struct {
				File     string `json:"file"`
				Line     int    `json:"line"`
				Severity string `json:"severity"`
				Code     string `json:"code"`
				Message  string `json:"message"`
			}{src, d.Line, d.Severity.String(), d.Code, d.Message})
			fmt.Fprintf(stdout, "%s\n", b)
			continue
		}
		fmt.Fprintf(stdout, "%s:%d: %s: %s [%s]\n", src, d.Line, d.Severity, d.Message, d.Code)
	}
	return status
}
