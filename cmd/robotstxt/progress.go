package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress shows a line of progress on a terminal during a long run, and
// removes it at the end. Writing to a pipe or a file, or in CI, it shows
// nothing.
type progress struct {
	w          io.Writer
	start      time.Time
	last       time.Time
	shown      bool
	onTerminal bool
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, start: time.Now(), onTerminal: isTerminal(w) && os.Getenv("CI") == ""}
}

// tick reports that n targets are done; it draws at most once a second,
// from the second second on.
func (p *progress) tick(n int) {
	if !p.onTerminal || n%1024 != 0 {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < 2*time.Second || now.Sub(p.last) < time.Second {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\r%d targets, %.0f/s ", n, float64(n)/now.Sub(p.start).Seconds())
}

// done erases the progress line.
func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
