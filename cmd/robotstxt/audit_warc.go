package main

// This file reads WARC files (ISO 28500: WARC/1.0 and WARC/1.1) as Common
// Crawl writes its robots.txt captures: for each capture a request, a
// response and a metadata record, each record a gzip member of its own;
// an uncompressed WARC file is read too. It streams: a record's block is
// handed over as a reader, read as far as the caller wants and the rest
// decompressed and dropped, never held whole in memory or on disk,
// whatever its Content-Length says.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// maxWARCHeader bounds the bytes of a record's WARC header, and of the
// HTTP header of a response block: a line or a header past it makes the
// record malformed rather than a read without end.
const maxWARCHeader = 64 << 10

// gzipMagic starts every gzip member that deflates (RFC 1952 section
// 2.3.1: ID1, ID2 and CM 8), which is how a reader that lost its place
// finds the next record of a compressed file.
const gzipMagic = "\x1f\x8b\x08"

// Errors of a WARC record, each wrapped in a *warcError with its offset.
var (
	errNotWARC      = errors.New("no WARC record starts here")
	errWARCHeader   = errors.New("malformed WARC header")
	errShortBlock   = errors.New("the record ends before its Content-Length")
	errRecordEnd    = errors.New("the record does not end where its Content-Length says")
	errHeaderTooBig = fmt.Errorf("header longer than %d bytes", maxWARCHeader)
)

// A warcError is a record that could not be read whole, at Offset bytes
// into its input (the start of its gzip member, or of its first line).
// Reading goes on with the next record: the next gzip member, or in an
// uncompressed file the next line that starts a record.
type warcError struct {
	Offset int64
	Err    error
}

func (e *warcError) Error() string { return fmt.Sprintf("offset %d: %v", e.Offset, e.Err) }
func (e *warcError) Unwrap() error { return e.Err }

// A warcRecord is the header of one record and a reader of its block.
type warcRecord struct {
	Offset      int64  // where the record starts in its input
	Type        string // WARC-Type: "response", "request", "metadata", ...
	TargetURI   string // WARC-Target-URI
	Date        string // WARC-Date, as written
	ContentType string // Content-Type of the block
	Length      int64  // Content-Length of the block
	// Block reads the record's block, at most Length bytes; it is valid
	// until the reader's next call.
	Block io.Reader
}

// A warcReader reads the records of one WARC file in order. It holds two
// buffers of maxWARCHeader bytes and a gzip reader's window (32 KiB),
// whatever the records hold.
type warcReader struct {
	cr       countingReader
	in       *bufio.Reader // the file as stored
	gz       *gzip.Reader  // nil until the first member
	gzipped  bool
	rd       *bufio.Reader // the record's bytes: decompressed, or in itself
	block    io.LimitedReader
	rec      warcRecord
	open     bool      // a record was handed out and not yet closed
	seeker   io.Seeker // r, when it can seek; else nil
	lost     bool      // an error left the reader inside a record
	failedAt int64     // where the last failed record started
	skipped  int64     // bytes passed over looking for a record after an error
}

// countingReader counts the bytes read from a file: n is the offset of
// the next, total all read, the same but after a rewind.
type countingReader struct {
	r        io.Reader
	n, total int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.total += int64(n)
	return n, err
}

// newWARCReader returns a reader of the WARC file r. When r is an
// io.Seeker, as a file is, a record that fails is looked past from its
// second byte on: a cut gzip member's decoder, or an uncompressed
// record's Content-Length that says too much, may have read into the
// records after it, which are then still found.
func newWARCReader(r io.Reader) *warcReader {
	w := &warcReader{}
	w.seeker, _ = r.(io.Seeker)
	w.cr.r = r
	w.in = bufio.NewReaderSize(&w.cr, maxWARCHeader)
	if b, _ := w.in.Peek(2); string(b) == gzipMagic[:2] {
		w.gzipped = true
		w.rd = bufio.NewReaderSize(nil, maxWARCHeader)
	} else {
		w.rd = w.in
	}
	return w
}

// pos is the offset in the file of the next byte in.
func (w *warcReader) pos() int64 { return w.cr.n - int64(w.in.Buffered()) }

// read is the number of bytes of the file read so far.
func (w *warcReader) read() int64 { return w.cr.total }

// lose notes that the record at off failed and left the reader where
// the next record may not start, and moves back to the byte after off
// when the file can seek.
func (w *warcReader) lose(off int64) {
	w.lost, w.failedAt = true, off
	if w.seeker == nil {
		return
	}
	if _, err := w.seeker.Seek(off+1, io.SeekStart); err == nil {
		w.cr.n = off + 1
		w.in.Reset(&w.cr)
	}
}

// next returns the next record, io.EOF at the end of the file, or a
// *warcError for a record that cannot be read, after which next goes on
// with the following record. A record handed out must be closed (see
// close) before next is called again; next closes it otherwise, and
// drops close's error.
func (w *warcReader) next() (warcRecord, error) {
	if w.open {
		w.close()
	}
	for {
		searching := w.lost
		rec, err := w.start()
		if err == nil || err == io.EOF || !searching {
			return rec, err
		}
		// After a failure, the reader looks for the next record: what
		// it passes over on the way is counted in skipped, not
		// reported again.
	}
}

// start reads the header of the record at the reader's place, or, when
// the last read left it lost, at the next place a record may start.
func (w *warcReader) start() (warcRecord, error) {
	if w.lost {
		if err := w.seek(); err != nil {
			return warcRecord{}, err
		}
	}
	off := w.pos()
	fail := func(err error, lost bool) (warcRecord, error) {
		w.lost, w.failedAt = false, off
		if lost {
			w.lose(off)
		}
		return warcRecord{}, &warcError{off, err}
	}
	if w.gzipped {
		b, err := w.in.Peek(len(gzipMagic))
		if len(b) == 0 && err == io.EOF {
			return warcRecord{}, io.EOF
		}
		if string(b) != gzipMagic {
			return fail(errors.New("no gzip member starts here"), true)
		}
		if w.gz == nil {
			w.gz, err = gzip.NewReader(w.in)
		} else {
			err = w.gz.Reset(w.in)
		}
		if err != nil {
			return fail(fmt.Errorf("gzip: %w", err), true)
		}
		w.gz.Multistream(false)
		w.rd.Reset(w.gz)
	} else {
		// Blank lines between records, or after the last, which some
		// writers add to the two line ends that close a record.
		for {
			b, err := w.in.Peek(1)
			if err == io.EOF {
				return warcRecord{}, io.EOF
			}
			if len(b) == 0 || b[0] != '\r' && b[0] != '\n' {
				break
			}
			w.in.Discard(1)
		}
		off = w.pos()
	}
	rec, err := w.header()
	if err != nil {
		// The rest of a whole gzip member is dropped, and the next
		// record is the next member; anywhere else the reader is lost.
		return fail(err, !w.gzipped || w.drain() != nil)
	}
	rec.Offset = off
	w.lost = false
	w.block = io.LimitedReader{R: w.rd, N: rec.Length}
	rec.Block = &w.block
	w.rec, w.open = rec, true
	return rec, nil
}

// drain reads the rest of the gzip member; its error says the member is
// cut or corrupt.
func (w *warcReader) drain() error {
	_, err := io.Copy(io.Discard, w.rd)
	return err
}

// seek moves to the next place a record may start: a gzip member's
// magic, or in an uncompressed file "WARC/" at the start of a line. The
// place of the last failure is never tried again, so each failure moves
// the reader on.
func (w *warcReader) seek() error {
	mark := []byte("WARC/")
	if w.gzipped {
		mark = []byte(gzipMagic)
	}
	before := w.pos()
	defer func() { w.skipped += w.pos() - before }()
	for {
		b, _ := w.in.Peek(w.in.Size())
		if len(b) < len(mark) {
			w.in.Discard(len(b))
			return io.EOF
		}
		for from := 0; ; {
			i := bytes.Index(b[from:], mark)
			if i < 0 {
				break
			}
			i += from
			if (w.gzipped || i == 0 || b[i-1] == '\n') && w.pos()+int64(i) != w.failedAt {
				w.in.Discard(i)
				return nil
			}
			from = i + 1
		}
		// The mark may begin in the last bytes held.
		w.in.Discard(len(b) - len(mark) + 1)
	}
}

// header reads a record's WARC header from rd: the version line, then
// named fields up to an empty line (ISO 28500 section 4). A field that
// goes on over lines starting with a space or a tab is read as its first
// line; none of the fields read here is written so.
func (w *warcReader) header() (warcRecord, error) {
	rec := warcRecord{Length: -1}
	total := 0
	first := true
	for {
		line, err := w.rd.ReadSlice('\n')
		total += len(line)
		switch {
		case errors.Is(err, bufio.ErrBufferFull) || total > maxWARCHeader:
			return rec, fmt.Errorf("WARC %w", errHeaderTooBig)
		case err == io.EOF && len(line) == 0:
			return rec, fmt.Errorf("%w: %w", errWARCHeader, io.ErrUnexpectedEOF)
		case err != nil && err != io.EOF:
			return rec, fmt.Errorf("%w: %w", errWARCHeader, err)
		}
		text := strings.TrimRight(string(line), "\r\n")
		if first {
			if !strings.HasPrefix(text, "WARC/") {
				return rec, errNotWARC
			}
			first = false
			continue
		}
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok || text[0] == ' ' || text[0] == '\t' {
			continue
		}
		value = strings.TrimSpace(value)
		switch {
		case strings.EqualFold(name, "WARC-Type"):
			rec.Type = value
		case strings.EqualFold(name, "WARC-Target-URI"):
			// WARC/1.0 writes it in angle brackets, as Common Crawl's
			// older files do.
			rec.TargetURI = strings.TrimSuffix(strings.TrimPrefix(value, "<"), ">")
		case strings.EqualFold(name, "WARC-Date"):
			rec.Date = value
		case strings.EqualFold(name, "Content-Type"):
			rec.ContentType = value
		case strings.EqualFold(name, "Content-Length"):
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n < 0 {
				return rec, fmt.Errorf("%w: Content-Length %q", errWARCHeader, value)
			}
			rec.Length = n
		}
	}
	if rec.Length < 0 {
		return rec, fmt.Errorf("%w: no Content-Length", errWARCHeader)
	}
	return rec, nil
}

// close ends the record handed out last: it reads what is left of its
// block, then the two line ends that end a record, and, in a compressed
// file, the rest of its gzip member, which must hold nothing more. Its
// error, a *warcError, says the record was not whole: its block shorter
// than its Content-Length, other bytes after it, or a gzip member that
// is cut or fails its checksum. In an uncompressed file, a
// Content-Length that says too much takes in the records it covers;
// after it, the reader goes back to the failed record's second byte
// (see newWARCReader) and finds them again, so each such record costs a
// read as far as it claims to reach, and no more.
func (w *warcReader) close() error {
	if !w.open {
		return nil
	}
	w.open = false
	fail := func(err error, lost bool) error {
		w.lost, w.failedAt = false, w.rec.Offset
		if lost {
			w.lose(w.rec.Offset)
		}
		return &warcError{w.rec.Offset, err}
	}
	if _, err := io.Copy(io.Discard, &w.block); err != nil {
		return fail(fmt.Errorf("gzip: %w", err), true)
	}
	if w.block.N > 0 {
		// A gzip member that ends early leaves the reader at the next.
		return fail(errShortBlock, !w.gzipped)
	}
	if end, _ := w.rd.Peek(4); string(end) != "\r\n\r\n" {
		return fail(errRecordEnd, !w.gzipped || w.drain() != nil)
	}
	w.rd.Discard(4)
	if !w.gzipped {
		return nil
	}
	more, err := io.Copy(io.Discard, w.rd)
	switch {
	case err != nil:
		return fail(fmt.Errorf("gzip: %w", err), true)
	case more > 0:
		return fail(fmt.Errorf("%w: %d bytes follow it in its gzip member", errRecordEnd, more), false)
	}
	return nil
}
