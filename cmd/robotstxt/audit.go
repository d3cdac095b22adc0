package main

// This file is the audit command: robots.txt captures, from WARC files
// or directories of files, read on every core, one row per capture.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rfc9309/robotstxt"
)

const auditUsage = `usage: robotstxt audit [-format jsonl|csv|parquet] [-o PATH|DIR/] [-summary FILE] [-j N] [-mode rfc|google] [-max-bytes N] INPUT...

Audits robots.txt captures at scale: one row per capture, saying what the
robots.txt answer it holds lets each AI crawler and each search crawler of
package crawlers' registry fetch of the whole site, with facts about the
file. An INPUT is a WARC file (.warc, or .warc.gz with one gzip member per
record, as Common Crawl writes its robots.txt captures), a directory of
robots.txt files (each file a capture, read in name order), or - for a list
of such paths on standard input, one per line.

A WARC response record is a capture; request, metadata and other records
are read past. Its HTTP status is read as RFC 9309 section 2.3.1 says: 2xx
gives the file's rules, 4xx but 429 allows everything, 5xx and 429
disallow everything; a redirect (3xx) records its Location and decides
nothing, since the file is where it leads.

Rows go to standard output, or -o PATH, or with -o DIR/ (a path ending in
/) to DIR/<input>.jsonl, .csv or .parquet, one file per input, its
.warc.gz or .warc left out. Columns: input, offset (of the record), url,
status, redirect, fetched (WARC-Date), access (available, unavailable,
unreachable, redirect), bytes (of the body), truncated (over the parse
limit), html, utf16, bom, groups, rules, agents (the tokens the file
names), sitemaps (a count) and first_sitemaps (the first 3),
crawl_delay (seconds, for *), content_signal, errors, warnings and infos
(diagnostics by severity), ai and search (each crawler's access:
allowed, disallowed or partly), and error, set on the row of a record
that could not be read. CSV gives each crawler a column, "ai:GPTBot".

A summary goes to standard error, or as JSON to -summary FILE: captures
by status class, for each crawler the captures that keep it out, wholly
or partly, and their share of those that decide, the most named tokens,
and the HTML pages and cut files served as robots.txt. A progress line
(captures/s, bytes/s, and the time left when the inputs' sizes are
known) shows on standard error when it is a terminal.

Inputs are read -j at a time; the rows of one input stay in their order.
Memory is bounded whatever the number and size of the inputs: each of
the -j readers holds about 0.5 MiB of buffers and one body of at most
-max-bytes (500 KiB; a negative one, or one over 64 MiB, reads 64 MiB)
and its parse, 2 x -j batches of 256 rows wait for
the writer, a Parquet writer holds a row group of 8192 rows (about
20 MiB), and the summary counts at most 100,000 distinct tokens; with
-o DIR/, each of the -j inputs read has its writer, and the names of
the files written are kept (a hundred bytes or so an input) so that two
inputs never write one file. A record's body is
read up to the limit and the rest skipped, never held whole; a header
over 64 KiB makes the record unreadable.

A record that cannot be read (a cut or corrupt gzip member, a
Content-Length that lies, a block that is no HTTP response) gives a row
with error set, is reported on standard error with its input and offset,
and the run goes on with the next record.

Exit status: 0 every record read, 1 some records could not be read, 2 a
usage error, or an input or output that cannot be opened.

Flags:
`

// maxJobs bounds -j: each reader holds its buffers and a body.
const maxJobs = 1024

// auditBatch is how many rows a reader hands the writer at a time.
const auditBatch = 256

// maxReports is how many unreadable records of one input are reported
// one by one on standard error; the others are counted.
const maxReports = 10

// An auditRun is one audit command's settings and shared state.
type auditRun struct {
	opts     robotstxt.Options
	limit    int
	format   string
	outDir   string // -o DIR/, else ""
	crawlers auditCrawlers
	events   chan auditEvent
	stop     atomic.Bool // the output failed: readers stop
	captures atomic.Int64
	read     atomic.Int64 // bytes of the inputs read
	namesMu  sync.Mutex
	names    map[string]string // -o DIR/'s files, to the input that writes each
}

// An auditEvent is what a reader hands the writer: rows, or a message for
// standard error.
type auditEvent struct {
	rows []auditRow
	msg  string
}

func audit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("audit", stderr, auditUsage)
	format := fs.String("format", "jsonl", "write rows as `jsonl`, csv or parquet")
	out := fs.String("o", "", "write rows to `PATH`, or with a final /, to one file per input in that directory (default standard output)")
	summary := fs.String("summary", "", "write the summary as JSON to `FILE` rather than as text to standard error")
	jobs := fs.Int("j", runtime.NumCPU(), "read `N` inputs at a time")
	opts := parseOptions(fs)
	if status, done := parseArgFlags(fs, args, stderr, 1, math.MaxInt, "one or more INPUTs (WARC files, directories, or - for a list of them on standard input)"); done {
		return status
	}
	// The rows and messages a terminal may show have their control
	// characters escaped, as every command's output has (escape.go): a
	// file's Sitemap or a capture's URL can hold an escape sequence.
	// Parquet is binary, and the progress line is the tool's own.
	progressTo := stderr
	stderr = escaping(stderr)
	_, ok := auditFormats[*format]
	o := opts()
	switch {
	case !ok:
		fmt.Fprintf(stderr, "robotstxt audit: -format %q: want jsonl, csv or parquet\n", *format)
		return exitError
	case *jobs < 1 || *jobs > maxJobs:
		fmt.Fprintf(stderr, "robotstxt audit: -j %d: want 1 to %d\n", *jobs, maxJobs)
		return exitError
	}
	if o.MaxBytes < 0 || o.MaxBytes > maxBody {
		// As the other commands read a file: at most maxBody bytes.
		o.MaxBytes = maxBody
	}
	run := &auditRun{opts: o, limit: o.MaxBytes, format: *format, crawlers: newAuditCrawlers(),
		events: make(chan auditEvent, 2**jobs), names: map[string]string{}}
	if run.limit == 0 {
		run.limit = robotstxt.DefaultMaxBytes
	}
	if strings.HasSuffix(*out, "/") {
		run.outDir = *out
		if err := os.MkdirAll(run.outDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "robotstxt audit: %v\n", err)
			return exitError
		}
	}
	var w io.Writer = stdout
	if *format != "parquet" {
		w = escaping(stdout)
	}
	var outFile *os.File
	if *out != "" && run.outDir == "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt audit: %v\n", err)
			return exitError
		}
		defer f.Close() // after an error; the Close that counts is below
		w, outFile = f, f
	}
	var sink rowSink
	if run.outDir == "" {
		sink = newRowSink(run.format, w, run.crawlers)
	}

	inputs := make(chan string)
	done := make(chan struct{})
	defer close(done)
	go listInputs(fs.Args(), stdin, inputs, done)

	sums := make([]*auditSummary, *jobs)
	var wg sync.WaitGroup
	for i := range *jobs {
		sums[i] = newAuditSummary(run.crawlers)
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := newAuditor(run.opts, run.crawlers)
			for in := range inputs {
				if run.stop.Load() {
					return
				}
				run.input(a, in, sums[i])
			}
		}()
	}
	go func() {
		wg.Wait()
		close(run.events)
	}()

	status := exitAllowed
	var outErr error
	prog := newAuditProgress(progressTo, sizeOf(fs.Args()))
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
loop:
	for {
		select {
		case ev, ok := <-run.events:
			if !ok {
				break loop
			}
			prog.clear()
			if ev.msg != "" {
				fmt.Fprintln(stderr, ev.msg)
			}
			if ev.rows != nil && outErr == nil {
				if outErr = sink.write(ev.rows); outErr != nil {
					run.stop.Store(true)
				}
			}
		case <-tick.C:
			prog.draw(run.captures.Load(), run.read.Load())
		}
	}
	prog.clear()
	if sink != nil && outErr == nil {
		outErr = sink.close()
	}
	if outFile != nil && outErr == nil {
		outErr = outFile.Close()
	}
	if outErr != nil {
		fmt.Fprintf(stderr, "robotstxt audit: writing rows: %v\n", outErr)
		return exitError
	}
	all := newAuditSummary(run.crawlers)
	for _, s := range sums {
		all.merge(s)
	}
	if *summary != "" {
		f, err := os.Create(*summary)
		if err == nil {
			err = all.writeJSON(f, run.crawlers)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt audit: summary: %v\n", err)
			status = exitError
		}
	} else {
		all.writeText(stderr, run.crawlers)
	}
	switch {
	case all.inputErrors > 0 || status == exitError:
		return exitError
	case all.skipped > 0:
		return exitDisallowed
	}
	return status
}

// listInputs sends the inputs named by args, and for "-" those listed on
// stdin, one per line, on inputs, which it closes at the end; it stops
// when done is closed. The list is read as the inputs are, so that its
// length costs no memory.
func listInputs(args []string, stdin io.Reader, inputs chan<- string, done <-chan struct{}) {
	defer close(inputs)
	send := func(p string) bool {
		select {
		case inputs <- p:
			return true
		case <-done:
			return false
		}
	}
	for _, a := range args {
		if a != "-" {
			if !send(a) {
				return
			}
			continue
		}
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			if p := strings.TrimSpace(sc.Text()); p != "" && !send(p) {
				return
			}
		}
	}
}

// sizeOf returns the bytes of the inputs args names, or -1 when that is
// not known beforehand: a list on standard input, or a directory.
func sizeOf(args []string) int64 {
	var n int64
	for _, a := range args {
		fi, err := os.Stat(a)
		if a == "-" || err != nil || !fi.Mode().IsRegular() {
			return -1
		}
		n += fi.Size()
	}
	return n
}

// input reads one input, a WARC file or a directory of files, and hands
// on its rows, in order, and its messages.
func (run *auditRun) input(a *auditor, in string, sum *auditSummary) {
	sum.inputs++
	fail := func(err error) {
		sum.inputErrors++
		run.events <- auditEvent{msg: fmt.Sprintf("robotstxt audit: %v", err)}
	}
	fi, err := os.Stat(in)
	if err != nil {
		fail(err)
		return
	}
	if !fi.IsDir() && !fi.Mode().IsRegular() {
		// A named pipe or a device could keep the reader waiting.
		fail(fmt.Errorf("%s: not a regular file or a directory", in))
		return
	}
	rows, err := run.rowsOf(in)
	if err != nil {
		fail(err)
		return
	}
	reported := 0
	add := func(r auditRow) {
		run.captures.Add(1)
		sum.add(&r)
		if r.Error != "" {
			if reported++; reported <= maxReports {
				run.events <- auditEvent{msg: fmt.Sprintf("robotstxt audit: %s: offset %d: %s", in, r.Offset, r.Error)}
			}
		}
		rows.add(r)
	}
	if fi.IsDir() {
		err = run.dir(a, in, add)
	} else {
		err = run.warc(a, in, sum, add)
	}
	if cerr := rows.close(); err == nil {
		err = cerr
	}
	if reported > maxReports {
		run.events <- auditEvent{msg: fmt.Sprintf("robotstxt audit: %s: %d more records could not be read", in, reported-maxReports)}
	}
	if err != nil {
		fail(err)
	}
}

// warc reads the records of a WARC file: a row for each response record,
// and for each record that cannot be read.
func (run *auditRun) warc(a *auditor, in string, sum *auditSummary, add func(auditRow)) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	w := newWARCReader(f)
	var counted int64
	defer func() {
		run.read.Add(w.read() - counted)
		sum.bytesSkipped += w.skipped
	}()
	for !run.stop.Load() {
		rec, err := w.next()
		run.read.Add(w.read() - counted)
		counted = w.read()
		if err == io.EOF {
			return nil
		}
		var we *warcError
		if errors.As(err, &we) {
			add(auditRow{Input: in, Offset: we.Offset, Error: we.Err.Error()})
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		var row auditRow
		if rec.Type == "response" {
			row = a.response(in, rec)
		}
		if err := w.close(); errors.As(err, &we) {
			row = auditRow{Input: in, Offset: we.Offset, URL: rec.TargetURI, Fetched: rec.Date, Error: we.Err.Error()}
		}
		if rec.Type == "response" || row.Error != "" {
			add(row)
		}
	}
	return nil
}

// dir reads the regular files of a directory and those under it, in
// name order, each as a capture of its own; it follows no symbolic link.
func (run *auditRun) dir(a *auditor, in string, add func(auditRow)) error {
	return filepath.WalkDir(in, func(path string, d fs.DirEntry, err error) error {
		if err != nil || run.stop.Load() {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			add(auditRow{Input: in, URL: path, Error: err.Error()})
			return nil
		}
		defer f.Close()
		row := a.file(in, path, io.LimitReader(f, int64(run.limit)+1))
		if fi, err := f.Stat(); err == nil {
			row.Bytes = fi.Size()
			run.read.Add(fi.Size())
		}
		add(row)
		return nil
	})
}

// inputRows takes the rows of one input: to its own file with -o DIR/,
// else in batches to the writer.
type inputRows struct {
	run   *auditRun
	file  *os.File // -o DIR/'s file; nil: the shared writer
	sink  rowSink
	batch []auditRow
	err   error
}

// rowsOf returns where the rows of input in go. With -o DIR/, that is
// DIR/<in's name>.<format>, which no other input of the run may have.
func (run *auditRun) rowsOf(in string) (*inputRows, error) {
	rows := &inputRows{run: run, batch: make([]auditRow, 0, auditBatch)}
	if run.outDir == "" {
		return rows, nil
	}
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(filepath.Clean(in)), ".gz"), ".warc")
	name := filepath.Join(run.outDir, base+auditFormats[run.format])
	run.namesMu.Lock()
	other, taken := run.names[name]
	if !taken {
		run.names[name] = in
	}
	run.namesMu.Unlock()
	if taken {
		return nil, fmt.Errorf("%s: its rows would go to %s, as %s's do", in, name, other)
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	rows.file, rows.sink = f, newRowSink(run.format, f, run.crawlers)
	return rows, nil
}

func (r *inputRows) add(row auditRow) {
	r.batch = append(r.batch, row)
	if len(r.batch) == auditBatch {
		r.flush()
	}
}

func (r *inputRows) flush() {
	if len(r.batch) == 0 {
		return
	}
	if r.sink == nil {
		r.run.events <- auditEvent{rows: r.batch}
		r.batch = make([]auditRow, 0, auditBatch)
		return
	}
	if r.err == nil {
		r.err = r.sink.write(r.batch)
	}
	r.batch = r.batch[:0]
}

// close hands on the last rows and, with -o DIR/, ends the input's file.
func (r *inputRows) close() error {
	r.flush()
	if r.file == nil {
		return nil
	}
	if r.err == nil {
		r.err = r.sink.close()
	}
	if err := r.file.Close(); r.err == nil {
		r.err = err
	}
	if r.err != nil {
		return fmt.Errorf("%s: %w", r.file.Name(), r.err)
	}
	return nil
}
