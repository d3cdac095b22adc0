package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
	rlint "github.com/rfc9309/robotstxt/lint"
)

// severityFlag parses -severity.
type severityFlag struct{ s robotstxt.Severity }

func (f *severityFlag) String() string { return f.s.String() }

func (f *severityFlag) Set(v string) error {
	for _, s := range []robotstxt.Severity{robotstxt.Info, robotstxt.Warning, robotstxt.Error} {
		if strings.EqualFold(v, s.String()) {
			f.s = s
			return nil
		}
	}
	return fmt.Errorf("severity must be info, warning or error, not %q", v)
}

func lint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("lint", stderr, "usage: robotstxt lint [-mode rfc|google] [-json] [-severity LEVEL] [-fail-on LEVEL] [-ignore CODE,...] FILE|URL...\n\n"+
		"Lists the problems of robots.txt files, one per line: FILE:LINE: severity: message [code],\n"+
		"with the line's text under it, and a count per file on standard error.\n"+
		"Exit status: 1 when a problem of the -fail-on level or worse is shown (default: a warning\n"+
		"or an error), 0 when none is, 2 when a file cannot be read. A problem -severity hides or\n"+
		"-ignore leaves out counts for neither the output nor the exit status.\n\nFlags:\n")
	asJSON := fs.Bool("json", false, "print one JSON object per diagnostic")
	var minSev severityFlag
	fs.Var(&minSev, "severity", "show diagnostics of this `level` and above: info, warning or error")
	failOn := severityFlag{robotstxt.Warning}
	fs.Var(&failOn, "fail-on", "exit 1 when a diagnostic of this `level` or above is shown: info, warning or error")
	ignore := fs.String("ignore", "", "leave out diagnostics with these `CODES`, comma-separated")
	opts := parseOptions(fs)
	if status, done := parseFileFlags(fs, args, stderr); done {
		return status
	}
	ignored := make(map[robotstxt.Code]bool)
	for c := range strings.SplitSeq(*ignore, ",") {
		if c = strings.TrimSpace(c); c != "" {
			ignored[robotstxt.Code(c)] = true
		}
	}
	status := exitAllowed
	in := input{"lint", stdin, stderr}
	for _, src := range fs.Args() {
		name, f, err := in.file(src, opts())
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt lint: %v\n", err)
			status = exitError
			continue
		}
		lines := splitLines(f.data)
		var counts [3]int
		for _, d := range rlint.Check(f.r) {
			if d.Severity < minSev.s || ignored[d.Code] {
				continue
			}
			counts[d.Severity]++
			if d.Severity >= failOn.s && status == exitAllowed {
				status = exitDisallowed
			}
			text := ""
			if d.Line >= 1 && d.Line <= len(lines) {
				text = lines[d.Line-1]
			}
			writeDiagnostic(stdout, name, d, text, *asJSON)
		}
		fmt.Fprintf(stderr, "%s: %s\n", name, countText(counts))
	}
	return status
}

// writeDiagnostic prints one diagnostic and the text of its line.
func writeDiagnostic(w io.Writer, src string, d robotstxt.Diagnostic, text string, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(struct {
			File     string `json:"file"`
			Line     int    `json:"line"`
			Severity string `json:"severity"`
			Code     string `json:"code"`
			Message  string `json:"message"`
			Text     string `json:"text"`
		}{src, d.Line, d.Severity.String(), string(d.Code), lintMessage(d), text})
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintf(w, "%s:%d: %s: %s [%s]\n", src, d.Line, d.Severity, lintMessage(d), d.Code)
	if strings.TrimSpace(text) != "" {
		fmt.Fprintf(w, "\t%s\n", text)
	}
}

// countText words the counts of a file's diagnostics by severity:
// "2 warnings, 1 info", or "no problems".
func countText(counts [3]int) string {
	var parts []string
	for _, s := range []robotstxt.Severity{robotstxt.Error, robotstxt.Warning, robotstxt.Info} {
		n := counts[s]
		switch {
		case n == 0:
		case n == 1 || s == robotstxt.Info:
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
		default:
			parts = append(parts, fmt.Sprintf("%d %ss", n, s))
		}
	}
	if parts == nil {
		return "no problems"
	}
	return strings.Join(parts, ", ")
}

// splitLines splits a file into lines as the parser numbers them: LF, CR
// and CRLF each end one. A line is cut at 200 bytes: it is shown to point
// at the problem, not to reproduce the file.
func splitLines(data []byte) []string {
	s := strings.TrimPrefix(string(data), "\ufeff")
	var lines []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			i = len(s)
		}
		line := s[:i]
		if len(line) > 200 {
			line = line[:200] + "..."
		}
		lines = append(lines, line)
		switch {
		case i == len(s):
			s = ""
		case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
			s = s[i+2:]
		default:
			s = s[i+1:]
		}
	}
	return lines
}

// lintMessage is a diagnostic's message as lint and the tester show it.
// The note that Googlebot ignores a Crawl-delay comes from the root
// package, which cannot name the crawlers that do read it (package
// crawlers imports it, not the other way round); the message gains them
// here, from the registry, where each has its operator's page.
func lintMessage(d robotstxt.Diagnostic) string {
	if d.Code == robotstxt.CodeCrawlDelayGoogle {
		return d.Message + "; " + crawlDelayReaders()
	}
	return d.Message
}

// crawlDelayReaders says which crawlers of the registry document that
// they obey Crawl-delay, read once.
var crawlDelayReaders = sync.OnceValue(func() string {
	var names []string
	for _, c := range crawlers.List() {
		if c.CrawlDelay == crawlers.Yes {
			names = append(names, c.Name())
		}
	}
	if len(names) == 0 {
		return "no crawler of the registry documents that it reads Crawl-delay"
	}
	return "crawlers whose operators document that they read Crawl-delay: " + strings.Join(names, ", ") + " (crawler registry of " + crawlers.Date + ")"
})
