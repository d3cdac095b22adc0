package main

// This file reads what the commands read: a robots.txt file or a page,
// from a path, standard input or an http(s) URL, within a byte limit
// and, for a file that may keep a reader waiting without end, a time
// limit.

import (
	"bytes"
	"cmp"
	"errors"
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
// limit (-max-bytes negative) or a limit larger than maxBody: past it,
// the file is an error rather than a read without end, or as far as a
// limit that memory may not hold.
const maxBody = 64 << 20

// input is where a command reads its robots.txt files from and says
// what it read: its name, for its messages, standard input ("-") and
// standard error.
type input struct {
	cmd    string
	stdin  io.Reader
	stderr io.Writer
}

// A robotsFile is a robots.txt file as a command read it: its bytes and
// their parse, and, for a file over the size limit, what the cut drops.
type robotsFile struct {
	data []byte
	r    *robotstxt.Robots
	cut  *cutReport
}

// file reads and parses a robots.txt file, a path, standard input ("-")
// or an http(s) URL, as readRobots does, and says on standard error when
// it is no robots.txt file at all (see flagNotRobots). A URL names a
// site: its origin's robots.txt is read (see robotsURLOf), and name is
// the URL read, redacted.
func (in input) file(src string, o robotstxt.Options) (name string, f robotsFile, err error) {
	if isURL(src) {
		u, moved, err := robotsURLOf(src)
		if err != nil {
			return redactURL(src), f, err
		}
		if moved {
			fmt.Fprintf(in.stderr, "robotstxt %s: reading %s, the robots.txt file of %s (RFC 9309 section 2.3)\n", in.cmd, redactURL(u), redactURL(src))
		}
		src = u
	}
	name = redactURL(src)
	f, err = readSource(src, in.stdin, readRobots(o), fileTimeout)
	var un *unavailableError
	if errors.As(err, &un) {
		// RFC 9309 section 2.3.1.3: a crawler may fetch everything, as
		// an empty file lets it.
		fmt.Fprintf(in.stderr, "robotstxt %s: %s answered %s: no robots.txt file, read as an empty one: everything is allowed (RFC 9309 section 2.3.1.3)\n", in.cmd, name, un.status)
		f, err = readRobots(o)(strings.NewReader(""))
	}
	if errors.Is(err, errTooLarge) {
		err = fmt.Errorf("%s: %w", name, err)
	}
	if err != nil {
		return name, robotsFile{}, err
	}
	in.flagNotRobots(name, f.r)
	if f.cut != nil {
		// Before any output: every answer that follows rests on the
		// part of the file that was read.
		fmt.Fprintf(in.stderr, "robotstxt %s: %s is over the %d-byte size limit (RFC 9309 section 2.5); %s\n", in.cmd, name, limitOf(o), f.cut)
	}
	return name, f, nil
}

// robots is file for a command that needs only the parse.
func (in input) robots(src string, o robotstxt.Options) (name string, r *robotstxt.Robots, err error) {
	name, f, err := in.file(src, o)
	return name, f.r, err
}

// errTooLarge is readRobots' error for a file larger than maxBody
// parsed without a size limit or with a larger one.
var errTooLarge = fmt.Errorf("larger than %d bytes, the most the tool reads of a file parsed without a size limit or with a larger one", maxBody)

// limitOf is the size limit o parses a file to.
func limitOf(o robotstxt.Options) int {
	if o.MaxBytes == 0 {
		return robotstxt.DefaultMaxBytes
	}
	return o.MaxBytes
}

// readRobots returns a reader of a robots.txt file parsed with o. It
// reads through o.ParseReader, which takes as much as o parses and one
// byte more, to tell a file that was cut, and keeps no more. Of a file
// that was cut, it reads at most maxPastCut bytes more, a chunk at a time
// (whatever the source holds: /dev/zero ends nowhere), to tell what the
// cut drops (see describeCut). Without a size limit,
// or with one over maxBody, it reads up to maxBody bytes, and a larger
// file is errTooLarge, before any of it is parsed.
func readRobots(o robotstxt.Options) func(io.Reader) (robotsFile, error) {
	return func(src io.Reader) (robotsFile, error) {
		if o.MaxBytes < 0 || o.MaxBytes > maxBody {
			data, err := atMost(maxBody + 1)(src)
			switch {
			case err != nil:
				return robotsFile{}, err
			case len(data) > maxBody:
				return robotsFile{}, errTooLarge
			}
			return robotsFile{data: data, r: o.Parse(data)}, nil
		}
		var data bytes.Buffer
		r, err := o.ParseReader(io.TeeReader(src, &data))
		if err != nil {
			// ParseReader's only errors are src's, wrapped.
			return robotsFile{}, cmp.Or(errors.Unwrap(err), err)
		}
		f := robotsFile{data: data.Bytes(), r: r}
		if line := truncatedLine(r); line > 0 {
			read := bytes.NewReader(f.data[lineOffset(f.data, line):])
			c, err := describeCut(line, io.MultiReader(read, io.LimitReader(src, maxPastCut)), o)
			var one [1]byte
			if n, _ := io.ReadFull(src, one[:]); n == 1 || err != nil {
				c.more = true
			}
			f.cut = &c
		}
		return f, nil
	}
}

// flagNotRobots says on standard error that the file named is an HTML
// page, or holds no robots.txt line at all: what a server that answers
// every path with its application serves for /robots.txt, and what a
// page's URL typed for a file's gives. Such a file allows everything,
// which the output alone would not tell from a real file's answer.
func (in input) flagNotRobots(name string, r *robotstxt.Robots) {
	if what := notRobots(r); what != "" {
		fmt.Fprintf(in.stderr, "robotstxt %s: %s %s\n", in.cmd, name, what)
	}
}

// notRobots says what r's file is when it is no robots.txt file ("is an
// HTML page, ..."), and is "" when it is one.
func notRobots(r *robotstxt.Robots) string {
	for _, d := range r.Diagnostics() {
		if d.Code != robotstxt.CodeNotRobotsTxt {
			continue
		}
		if strings.Contains(d.Message, "HTML") {
			return "is an HTML page, not a robots.txt file: only its lines that happen to be robots.txt lines apply"
		}
		return "is not a robots.txt file: no line of it is a robots.txt record, so everything is allowed"
	}
	return ""
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

// An unavailableError is the status of a URL whose robots.txt is
// unavailable, as RFC 9309 section 2.3.1.3 and package robotshttp read
// it (4xx but 429): no file, which allows everything.
type unavailableError struct {
	url, status string
}

func (e *unavailableError) Error() string {
	return fmt.Sprintf("%s: HTTP status %s: no robots.txt file", e.url, e.status)
}

// readSource reads a path, standard input ("-") or an http(s) URL,
// fetched as it is, with read, which takes of it what it keeps. A URL
// whose status is not 2xx is an error: an *unavailableError when
// robotshttp reads the status as unavailable (4xx but 429, RFC 9309
// section 2.3.1.3), and otherwise one that says the file is unreachable,
// which disallows everything to a crawler (5xx and 429, section
// 2.3.1.4). A path that is not a regular file is read within timeout (see
// readFile).
func readSource[T any](name string, stdin io.Reader, read func(io.Reader) (T, error), timeout time.Duration) (T, error) {
	if name == "-" {
		return read(stdin)
	}
	if !isURL(name) {
		return readFile(name, read, timeout)
	}
	var none T
	client := &http.Client{Timeout: fetchTimeout}
	resp, err := client.Get(name)
	if err != nil {
		return none, redactErr(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		// The body of an error page is no file: FromResponse reads only
		// the status, as a crawler's fetch does.
		if _, access := robotshttp.FromResponse(resp, robotstxt.Options{}); access == robotshttp.Unavailable {
			return none, &unavailableError{redactURL(name), resp.Status}
		}
		return none, fmt.Errorf("%s: HTTP status %s: unreachable, which disallows everything to a crawler (RFC 9309 section 2.3.1.4)", redactURL(name), resp.Status)
	}
	v, err := read(resp.Body)
	return v, redactErr(err)
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// atMost returns a reader that reads to the end or to max bytes,
// whichever comes first.
func atMost(max int64) func(io.Reader) ([]byte, error) {
	return func(r io.Reader) ([]byte, error) {
		return io.ReadAll(io.LimitReader(r, max))
	}
}

// readFile reads the file at path with read, which takes of it what it
// keeps. A regular file is read as it is. Anything else may keep a reader waiting without
// end: opening a named pipe waits for a writer, reading it for what the
// writer writes, and a terminal for what someone types. Such a file is
// read within timeout; past it, the error wraps os.ErrDeadlineExceeded.
func readFile[T any](path string, read func(io.Reader) (T, error), timeout time.Duration) (T, error) {
	var none T
	// Stat, not an open: opening a named pipe lets a waiting writer
	// write and leave, and what it wrote would be lost with the
	// descriptor that only looked.
	fi, err := os.Stat(path)
	if err != nil {
		return none, err
	}
	if !fi.Mode().IsRegular() {
		return readWithin(path, fi.Mode(), read, timeout)
	}
	// O_NONBLOCK: should the file have become a named pipe since Stat,
	// opening it must not wait for a writer. A regular file reads as
	// ever.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return none, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return none, fmt.Errorf("%s: no longer a regular file once opened", path)
	}
	return read(f)
}

// readWithin opens the file at path, of the given mode, and reads it with
// read in a goroutine, and gives up after timeout. Giving up
// also ends the goroutine where it can: closing the file ends a read of
// a pipe or a terminal, and opening a named pipe for writing, and
// closing it at once, ends an open that waits for a writer, which then
// reads nothing. A device that can do neither keeps its goroutine until
// the device answers or the command exits.
func readWithin[T any](path string, mode os.FileMode, read func(io.Reader) (T, error), timeout time.Duration) (T, error) {
	type result struct {
		v   T
		err error
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
			done <- result{err: err}
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
		v, err := read(f)
		done <- result{v, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.v, r.err
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
	var none T
	return none, fmt.Errorf("%s: nothing to read within %v, the time allowed a file that is not a regular file (a named pipe waits for a program to write it; give a pipe as standard input, -, to wait for it): %w",
		path, timeout, os.ErrDeadlineExceeded)
}
