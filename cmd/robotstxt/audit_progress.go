package main

// This file shows an audit's progress on a terminal: a line on standard
// error, redrawn once a second, and erased before rows or messages are
// written, which the same goroutine does, so that the two never mix.

import (
	"fmt"
	"io"
	"os"
	"time"
)

// auditProgress draws the progress line; writing to a pipe or a file, or
// in CI, it draws nothing.
type auditProgress struct {
	w          io.Writer
	total      int64 // the inputs' bytes; -1 when not known
	start      time.Time
	shown      bool
	onTerminal bool
}

func newAuditProgress(w io.Writer, total int64) *auditProgress {
	return &auditProgress{w: w, total: total, start: time.Now(), onTerminal: isTerminal(w) && os.Getenv("CI") == ""}
}

// draw shows captures and bytes read so far, their rates, and the time
// left when the inputs' size is known.
func (p *auditProgress) draw(captures, read int64) {
	if !p.onTerminal {
		return
	}
	p.shown = true
	fmt.Fprintf(p.w, "\r%s\033[K", progressText(captures, read, p.total, time.Since(p.start)))
}

// progressText is the progress line after elapsed.
func progressText(captures, read, total int64, elapsed time.Duration) string {
	secs := max(elapsed.Seconds(), 1e-3)
	rate := float64(read) / secs
	s := fmt.Sprintf("%d captures, %.0f/s, %.1f MB/s", captures, float64(captures)/secs, rate/1e6)
	if total > 0 && rate > 0 {
		left := time.Duration(float64(max(total-read, 0)) / rate * float64(time.Second))
		s += fmt.Sprintf(", %d%%, %v left", read*100/total, left.Round(time.Second))
	}
	return s
}

// clear erases the progress line, if it is on the screen.
func (p *auditProgress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
