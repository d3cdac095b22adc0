package main

// This file keeps a file's control bytes off the terminal: a robots.txt
// file, a page or a server's answer can hold escape sequences that, printed
// as they are, change the window's title, move the cursor or rewrite what
// was printed before.

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// A controlEscaper writes to w what it is given with every control
// character escaped: the C0 controls but tab and newline, which the
// commands' own output uses, as \xNN; DEL, the C1 controls (U+0080 to
// U+009F, which some terminals read as ESC sequences) and the Unicode
// bidirectional controls (which reorder what a line shows) as \uXXXX; a
// byte that is not UTF-8 as \xNN. Tab and newline pass, as does a
// backslash, which is not escaped: the output stays the file's text where
// it has no control character. JSON stays JSON: encoding/json escapes the
// C0 controls and replaces bytes that are not UTF-8 itself, and \uXXXX is
// JSON's own escape. A rune split across two writes is held (at most 3
// bytes) until the next.
//
// Every command but serve writes its standard output and standard error
// through one (see escapeOutput); the progress line of check, the tool's
// own escape sequence, goes to the terminal underneath (see rawWriter).
type controlEscaper struct {
	w     io.Writer
	carry []byte // the start of a rune the last write cut
	buf   []byte
}

// escapeOutput returns stdout and stderr, each wrapped in a
// controlEscaper.
func escapeOutput(stdout, stderr io.Writer) (io.Writer, io.Writer) {
	return escaping(stdout), escaping(stderr)
}

func escaping(w io.Writer) io.Writer {
	if _, ok := w.(*controlEscaper); ok {
		return w
	}
	return &controlEscaper{w: w}
}

// rawWriter returns the writer underneath a controlEscaper, for a terminal
// check (isTerminal) and the tool's own escape sequences; any other writer
// as it is.
func rawWriter(w any) any {
	if e, ok := w.(*controlEscaper); ok {
		return e.w
	}
	return w
}

// Write writes p with its control characters escaped. It returns len(p)
// when the escaped bytes were written.
func (e *controlEscaper) Write(p []byte) (int, error) {
	src := p
	if len(e.carry) > 0 {
		src = append(e.carry, p...)
		e.carry = e.carry[:0]
	}
	clean := cleanPrefix(src)
	if clean == len(src) {
		// The common case: nothing to escape, written as it is.
		if _, err := e.w.Write(src); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	out := append(e.buf[:0], src[:clean]...)
	for i := clean; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			switch {
			case c == 0x7f:
				out = append(out, `\u007f`...) // as JSON would write it
			case needsEscape(rune(c)):
				out = fmt.Appendf(out, `\x%02x`, c)
			default:
				out = append(out, c)
			}
			i++
			continue
		}
		if !utf8.FullRune(src[i:]) {
			// The rest of the rune may come with the next write.
			e.carry = append(e.carry, src[i:]...)
			break
		}
		r, n := utf8.DecodeRune(src[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, c)
		case needsEscape(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, src[i:i+n]...)
		}
		i += n
	}
	e.buf = out
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escapeString returns s as a controlEscaper writes it; s itself when it
// holds nothing to escape.
func escapeString(s string) string {
	if cleanPrefix([]byte(s)) == len(s) {
		return s
	}
	var b bytes.Buffer
	escaping(&b).Write([]byte(s))
	return b.String()
}

// cleanPrefix returns how many bytes of p, from its start, need no escape:
// ASCII text, tab and newline. Shaped for speed (BenchmarkControlEscaper):
// check writes a million rows through it, and a byte loop over ASCII
// decodes nothing.
func cleanPrefix(p []byte) int {
	for i, c := range p {
		if c >= utf8.RuneSelf || c < ' ' && c != '\t' && c != '\n' || c == 0x7f {
			return i
		}
	}
	return len(p)
}

// needsEscape reports whether r is a control character the terminal must
// not receive: C0 but tab and newline, DEL, C1, or a bidirectional
// control (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
func needsEscape(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < ' ' || r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c || r == 0x200e || r == 0x200f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}
