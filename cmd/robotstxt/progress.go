package main

// This file shows a long check's progress on a terminal, on standard
// error, and keeps it out of the rows on standard output: the progress
// line is drawn only between whole rows and erased before any row is
// written, since both often show on the same terminal.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"time"
)

// progress shows a line of progress on a terminal during a long run, and
// erases it before anything else is written there and at the end.
// Writing to a pipe or a file, or in CI, it shows nothing.
type progress struct {
	w          io.Writer
	now        func() time.Time // the clock; time.Now when nil
	start      time.Time
	last       time.Time
	shown      bool // the line is on the screen
	onTerminal bool
}

func newProgress(w io.Writer) *progress {
	// The progress line is the tool's own escape sequence: it goes to the
	// terminal as it is, past the escaping of what files hold.
	w, _ = rawWriter(w).(io.Writer)
	return &progress{w: w, start: time.Now(), onTerminal: isTerminal(w) && os.Getenv("CI") == ""}
}

func (p *progress) clock() time.Time {
	if p.now == nil {
		return time.Now()
	}
	return p.now()
}

// tick reports that n targets are done; it draws at most once a second,
// from the second second on. It is called between rows, never within
// one (see rowWriter).
func (p *progress) tick(n int) {
	if p == nil || !p.onTerminal || n%1024 != 0 {
		return
	}
	now := p.clock()
	if now.Sub(p.start) < 2*time.Second || now.Sub(p.last) < time.Second {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\r%d targets, %.0f/s\033[K", n, float64(n)/now.Sub(p.start).Seconds())
}

// clear erases the progress line, if it is on the screen, so that what
// comes next starts on a clean line.
func (p *progress) clear() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// rowBuffer is how many bytes a rowWriter holds before it writes its
// whole rows.
const rowBuffer = 8 << 10

// A rowWriter buffers check's rows and writes them in whole rows only,
// after erasing the progress line: a bufio.Writer writes when its buffer
// is full, mid-row, and a progress line drawn then lands inside the row.
type rowWriter struct {
	w        io.Writer
	progress *progress
	buf      []byte
	err      error // the first write error; nothing is written after it
}

func (r *rowWriter) Write(p []byte) (int, error) {
	r.buf = append(r.buf, p...)
	if len(r.buf) >= rowBuffer {
		if i := bytes.LastIndexByte(r.buf, '\n'); i >= 0 {
			r.writeOut(i + 1)
		}
	}
	return len(p), nil
}

func (r *rowWriter) WriteString(s string) (int, error) {
	return r.Write([]byte(s))
}

// Flush writes every row held, erasing the progress line first.
func (r *rowWriter) Flush() error {
	r.progress.clear()
	if len(r.buf) > 0 {
		r.writeOut(len(r.buf))
	}
	return r.err
}

// writeOut writes the first n bytes held, which end a row.
func (r *rowWriter) writeOut(n int) {
	r.progress.clear()
	if r.err == nil {
		_, r.err = r.w.Write(r.buf[:n])
	}
	r.buf = r.buf[:copy(r.buf, r.buf[n:])]
}
