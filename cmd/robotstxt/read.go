package main

// This file reads what the commands read: a robots.txt file or a page,
// from a path, standard input or an http(s) URL, within a byte limit
// and, for a file that may keep a reader waiting without end, a time
// limit.

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// fileTimeout bounds the reading of a named file that is not a regular
// file: a named pipe, which waits for a program to open it for writing
// and then for what it writes, a terminal, a device or a socket. A
// regular file and standard input ("-") have no time limit: the first
// cannot keep a reader waiting, the second is what the user pipes in.
const fileTimeout = 10 * time.Second

// maxBody bounds the bytes read of a robots.txt file parsed with no size
// limit (-max-bytes negative): past it, the file is an error rather
// than a read without end.
const maxBody = 64 << 20

// input is where a command reads its robots.txt files from and says
// what it read: its name, for its messages, standard input ("-") and
// standard error.
type input struct {
	cmd    string
	stdin  io.Reader
	stderr io.Writer
}

// body reads a robots.txt file, a path, standard input ("-") or an
// http(s) URL, as far as o parses it and one byte more, which says the
// file was cut: never a byte more, whatever the source holds (/dev/zero
// ends nowhere). Without a size limit it reads up to maxBody bytes, and
// a larger file is an error. A URL names a site: its origin's robots.txt
// is read (see robotsURLOf), and name is the URL read, redacted.
func (in input) body(src string, o robotstxt.Options) (name string, data []byte, err error) {
	if isURL(src) {
		u, moved, err := robotsURLOf(src)
		if err != nil {
			return redactURL(src), nil, err
		}
		if moved {
			fmt.Fprintf(in.stderr, "robotstxt %s: reading %s, the robots.txt file of %s (RFC 9309 section 2.3)\n", in.cmd, redactURL(u), redactURL(src))
		}
		src = u
	}
	limit := int64(limitOf(o))
	if limit < 0 {
		limit = maxBody
	}
	data, err = readSource(src, in.stdin, limit+1, fileTimeout)
	if err != nil {
		return redactURL(src), nil, err
	}
	if limitOf(o) < 0 && len(data) > maxBody {
		return redactURL(src), nil, fmt.Errorf("%s: larger than %d bytes, the most the tool reads of a file parsed without a size limit", redactURL(src), maxBody)
	}
	return redactURL(src), data, nil
}

// robots reads a robots.txt file as body does and parses it, saying on
// standard error when it is no robots.txt file at all (see
// flagNotRobots).
func (in input) robots(src string, o robotstxt.Options) (name string, r *robotstxt.Robots, err error) {
	name, data, err := in.body(src, o)
	if err != nil {
		return name, nil, err
	}
	r = parseBody(data, o)
	in.flagNotRobots(name, r)
	return name, r, nil
}

// flagNotRobots says on standard error that the file named is an HTML
// page, or holds no robots.txt line at all: what a server that answers
// every path with its application serves for /robots.txt, and what a
// page's URL typed for a file's gives. Such a file allows everything,
// which the output alone would not tell from a real file's answer.
func (in input) flagNotRobots(name string, r *robotstxt.Robots) {
	for _, d := range r.Diagnostics() {
		if d.Code != robotstxt.CodeNotRobotsTxt {
			continue
		}
		what := "is an HTML page, not a robots.txt file: only its lines that happen to be robots.txt lines apply"
		if !strings.Contains(d.Message, "HTML") {
			what = "is not a robots.txt file: no line of it is a robots.txt record, so everything is allowed"
		}
		fmt.Fprintf(in.stderr, "robotstxt %s: %s %s\n", in.cmd, name, what)
		return
	}
}

// robotsURLOf returns the URL of the robots.txt file a command reads for
// rawURL: rawURL itself when its path is /robots.txt, and otherwise its
// origin's /robots.txt, the one file that governs a site (RFC 9309
// section 2.3), with moved true. A site's home page or any of its pages
// is thus read as the site's rules, not as a file of rules itself.
func robotsURLOf(rawURL string) (u string, moved bool, err error) {
	p, err := url.Parse(rawURL)
	if err == nil && p.Path == "/robots.txt" {
		return rawURL, false, nil
	}
	u, err = robotshttp.RobotsURL(rawURL)
	if err != nil {
		return "", false, redactErr(err)
	}
	if ru, err := url.Parse(u); err == nil && p != nil && p.User != nil {
		// A staging site's credentials go with its robots.txt.
		ru.User = p.User
		u = ru.String()
	}
	return u, true, nil
}

// limitOf returns how many bytes of a file o parses: MaxBytes, or
// robotstxt.DefaultMaxBytes when that is 0, or -1 for no limit.
func limitOf(o robotstxt.Options) int {
	switch {
	case o.MaxBytes == 0:
		return robotstxt.DefaultMaxBytes
	case o.MaxBytes < 0:
		return -1
	}
	return o.MaxBytes
}

// parseBody parses what body read. ParseReader rather than Parse:
// data holds at most one byte past the limit, so the rules past it were
// not read, which ParseReader says and Parse would count as none.
func parseBody(data []byte, o robotstxt.Options) *robotstxt.Robots {
	r, _ := o.ParseReader(bytes.NewReader(data)) // a bytes.Reader never fails
	return r
}

// readSource reads at most max bytes of a path, standard input ("-") or
// an http(s) URL, fetched as it is; a status other than 2xx is an error
// here (the fetch command applies RFC 9309's rules for those). A path
// that is not a regular file is read within timeout (see readFile).
func readSource(name string, stdin io.Reader, max int64, timeout time.Duration) ([]byte, error) {
	if name == "-" {
		return readAtMost(stdin, max)
	}
	if !isURL(name) {
		return readFile(name, max, timeout)
	}
	client := &http.Client{Timeout: fetchTimeout}
	resp, err := client.Get(name)
	if err != nil {
		return nil, redactErr(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s: HTTP status %s", redactURL(name), resp.Status)
	}
	data, err := readAtMost(resp.Body, max)
	return data, redactErr(err)
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// readAtMost reads r to its end or to max bytes, whichever comes first.
func readAtMost(r io.Reader, max int64) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, max))
}

// readFile reads at most max bytes of the file at path. A regular file
// is read as it is. Anything else may keep a reader waiting without
// end: opening a named pipe waits for a writer, reading it for what the
// writer writes, and a terminal for what someone types. Such a file is
// read within timeout; past it, the error wraps os.ErrDeadlineExceeded.
func readFile(path string, max int64, timeout time.Duration) ([]byte, error) {
	// Stat, not an open: opening a named pipe lets a waiting writer
	// write and leave, and what it wrote would be lost with the
	// descriptor that only looked.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return readWithin(path, fi.Mode(), max, timeout)
	}
	// O_NONBLOCK: should the file have become a named pipe since Stat,
	// opening it must not wait for a writer. A regular file reads as
	// ever.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: no longer a regular file once opened", path)
	}
	return readAtMost(f, max)
}

// readWithin opens and reads at most max bytes of the file at path, of
// the given mode, in a goroutine, and gives up after timeout. Giving up
// also ends the goroutine where it can: closing the file ends a read of
// a pipe or a terminal, and opening a named pipe for writing, and
// closing it at once, ends an open that waits for a writer, which then
// reads nothing. A device that can do neither keeps its goroutine until
// the device answers or the command exits.
func readWithin(path string, mode os.FileMode, max int64, timeout time.Duration) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1) // the goroutine never waits to send
	var (
		mu     sync.Mutex
		open   *os.File // the file, once open
		gaveUp bool
	)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			done <- result{nil, err}
			return
		}
		defer f.Close()
		mu.Lock()
		open = f
		late := gaveUp
		mu.Unlock()
		if late {
			return
		}
		data, err := readAtMost(f, max)
		done <- result{data, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.data, r.err
	case <-timer.C:
	}
	mu.Lock()
	gaveUp = true
	f := open
	mu.Unlock()
	switch {
	case f != nil:
		f.Close() // a second Close, by the goroutine, only fails
	case mode&os.ModeNamedPipe != 0:
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	}
	return nil, fmt.Errorf("%s: nothing to read within %v, the time allowed a file that is not a regular file (a named pipe waits for a program to write it; give a pipe as standard input, -, to wait for it): %w",
		path, timeout, os.ErrDeadlineExceeded)
}
