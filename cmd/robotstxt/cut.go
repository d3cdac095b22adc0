package main

// This file says what the size limit cuts off a file over it (RFC 9309
// section 2.5): the line from which nothing is read, and the groups and
// rules from there on, which no crawler that reads as far as the limit
// obeys. A Googlebot group past 500 KiB is silently ignored otherwise.

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// maxPastCut is how many bytes past the first unread line check and the
// other commands read to tell what the cut drops, without keeping them:
// enough for any real file over the limit, and a bound on the reading of
// a source that never ends (/dev/zero).
const maxPastCut = 1 << 20

// pastCutChunk is how many bytes of what the cut drops are parsed at a
// time: the memory the telling takes, whatever the file's size.
const pastCutChunk = 64 << 10

// A cutReport is what the size limit cut off a file.
type cutReport struct {
	line   int      // the first line not read
	agents []string // the user-agent names of the groups from line on, once each (no case)
	rules  int      // the allow and disallow lines from line on
	// more says the file goes on past what was read to tell: rules and
	// agents count only what was.
	more bool
}

// truncatedLine returns the first line r did not read because its file
// was over the size limit, and 0 when it read the whole file.
func truncatedLine(r *robotstxt.Robots) int {
	for _, d := range r.Diagnostics() {
		if d.Code == robotstxt.CodeTruncated {
			return d.Line
		}
	}
	return 0
}

// lineOffset returns the offset in data of the start of line n, lines
// ended by LF, CR or CRLF as the parser numbers them; len(data) when data
// has fewer lines.
func lineOffset(data []byte, n int) int {
	line := 1
	for i := 0; i < len(data) && line < n; i++ {
		switch data[i] {
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			line++
		case '\n':
			line++
		}
		if line == n {
			return i + 1
		}
	}
	if line == n {
		return 0
	}
	return len(data)
}

// describeCut reads rest, a file from line, its first unread line, on,
// and counts the groups and rules it holds, parsing at most pastCutChunk
// bytes at a time in the mode of o; it reads rest to its end, so rest
// bounds what it reads (see maxPastCut).
func describeCut(line int, rest io.Reader, o robotstxt.Options) (cutReport, error) {
	c := cutReport{line: line}
	seen := make(map[string]bool)
	buf := make([]byte, 0, pastCutChunk)
	for {
		n, err := io.ReadFull(rest, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		end := err != nil
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return c, err
		}
		// Whole lines only, but for a line longer than a chunk: a cut
		// rule would count as two.
		keep := len(buf)
		if i := bytes.LastIndexAny(buf, "\r\n"); !end && i >= 0 {
			keep = i + 1
		}
		c.count(buf[:keep], o.Mode, seen)
		buf = buf[:copy(buf, buf[keep:])]
		if end {
			return c, nil
		}
	}
}

// count adds the groups and rules of chunk, whole lines of the file past
// the cut. A rule before the chunk's first user-agent line belongs to
// the group the chunk before it left open, or to none: it counts.
func (c *cutReport) count(chunk []byte, mode robotstxt.Mode, seen map[string]bool) {
	if len(chunk) == 0 {
		return
	}
	r := robotstxt.Options{Mode: mode, MaxBytes: -1}.Parse(chunk)
	for _, g := range r.Groups() {
		for _, a := range g.Agents() {
			if k := strings.ToLower(a); !seen[k] {
				seen[k] = true
				c.agents = append(c.agents, a)
			}
		}
		c.rules += len(g.Rules())
	}
	for _, d := range r.Diagnostics() {
		if d.Code == robotstxt.CodeRuleOutsideGroup {
			c.rules++
		}
	}
}

// String says where the file was cut and what that drops: "cut at line
// 12001: from there on, 37 allow and disallow rules are ignored, and the
// groups of user-agent Googlebot, Bingbot".
func (c cutReport) String() string {
	atLeast := ""
	if c.more {
		atLeast = "at least "
	}
	var what string
	switch {
	case c.rules == 0 && len(c.agents) == 0 && c.more:
		return fmt.Sprintf("cut at line %d, past which the first %d bytes hold no rule and no group", c.line, maxPastCut)
	case c.rules == 0 && len(c.agents) == 0:
		return fmt.Sprintf("cut at line %d, past which the file holds no rule and no group", c.line)
	case c.rules == 1 && !c.more:
		what = "1 allow or disallow rule is"
	default:
		what = fmt.Sprintf("%s%d allow and disallow rules are", atLeast, c.rules)
	}
	s := fmt.Sprintf("cut at line %d: from there on, %s ignored", c.line, what)
	if len(c.agents) > 0 {
		s += ", and the groups of user-agent " + namesText(c.agents)
	}
	if c.more {
		s += fmt.Sprintf(" (counted in the first %d bytes past the cut)", maxPastCut)
	}
	return s
}

// lineAt returns the number of the line that starts at offset off of
// text, lines ended by LF, CR or CRLF as the parser numbers them.
func lineAt(text string, off int) int {
	line := 1
	for i := 0; i < off && i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < off && i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			line++
		case '\n':
			line++
		}
	}
	return line
}
