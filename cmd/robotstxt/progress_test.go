package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

// screen is a terminal on which standard output and standard error both
// show, as a person runs check: it keeps the lines as they stand, with
// "\r" moving back to the line's start and "\033[K" erasing the rest of
// the line, as a terminal does.
type screen struct {
	done  []string
	line  []byte
	col   int
	raw   bytes.Buffer
	draws int
}

func (s *screen) Write(p []byte) (int, error) {
	s.raw.Write(p)
	if bytes.HasPrefix(p, []byte("\r")) && bytes.Contains(p, []byte(" targets, ")) {
		s.draws++
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\r':
			s.col = 0
		case c == '\n':
			s.done = append(s.done, string(s.line))
			s.line, s.col = s.line[:0], 0
		case c == '\033' && bytes.HasPrefix(p[i:], []byte("\033[K")):
			s.line = s.line[:s.col]
			i += 2
		default:
			if s.col < len(s.line) {
				s.line[s.col] = c
			} else {
				s.line = append(s.line, c)
			}
			s.col++
		}
	}
	return len(p), nil
}

// TestProgressBetweenRows writes 20,000 rows of check to a terminal on
// which the progress line shows too, redrawn at every chance (each
// reading of the clock is a second later): the screen must hold the rows
// whole and in order, and no progress left over. The progress line was
// written into a row that the output's buffer had written in part, and
// two rows came out garbled.
func TestProgressBetweenRows(t *testing.T) {
	ch := &choice{}
	results := make([]*result, 20000)
	for i := range results {
		results[i] = &result{target: fmt.Sprintf("/section-%d/page-%d.html", i%97, i),
			answers: []answer{{d: robotstxt.Decision{Rule: robotstxt.Rule{Pattern: "/", Line: 2}}, choice: ch}}}
	}
	cs := []crawler{{name: "a", tokens: []string{"a"}}}
	for _, asJSON := range []bool{false, true} {
		// The rows as a pipe receives them, with no progress.
		var plain bytes.Buffer
		out := newCheckOutput(&plain, cs, asJSON, newProgress(&plain))
		for _, r := range results {
			out.write(r)
		}
		out.flush()
		want := strings.Split(strings.TrimSuffix(plain.String(), "\n"), "\n")

		var s screen
		clock := time.Unix(0, 0)
		p := &progress{w: &s, start: clock, onTerminal: true, now: func() time.Time {
			clock = clock.Add(time.Second)
			return clock
		}}
		out = newCheckOutput(&s, cs, asJSON, p)
		for _, r := range results {
			out.write(r)
		}
		out.flush()
		got := s.done
		if len(s.line) > 0 {
			got = append(got, string(s.line)+" (left on the screen)")
		}
		if s.draws < 10 {
			t.Fatalf("json %v: the progress line was drawn %d times, want at least 10 for the test to mean anything", asJSON, s.draws)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("json %v: the screen (-want +got):\n%s", asJSON, diff)
		}
	}
}

// TestProgressOnlyOnATerminal checks that progress shows on a terminal
// alone, from the second second on, and is erased at the end.
func TestProgressOnlyOnATerminal(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b)
	if p.onTerminal {
		t.Fatal("a bytes.Buffer is not a terminal")
	}
	p.tick(1024)
	p.clear()
	if b.Len() != 0 {
		t.Errorf("progress written to a non-terminal: %q", b.String())
	}
	start := time.Unix(0, 0)
	now := start.Add(time.Second)
	p = &progress{w: &b, start: start, onTerminal: true, now: func() time.Time { return now }}
	p.tick(1024)
	if b.Len() != 0 {
		t.Errorf("progress in the first two seconds: %q", b.String())
	}
	now = start.Add(3 * time.Second)
	p.tick(2048)
	p.tick(2049) // not a multiple of 1024: no redraw
	p.clear()
	p.clear() // erased once
	if got := b.String(); !strings.HasPrefix(got, "\r2048 targets, ") || !strings.HasSuffix(got, "\r\033[K") || strings.Count(got, "targets") != 1 || strings.Count(got, "\033[K") != 2 {
		t.Errorf("terminal progress = %q", got)
	}
}
