// Package robotstxt parses robots.txt files and answers whether a crawler
// may fetch a URL, as RFC 9309 specifies. A file is parsed once, by [Parse],
// [ParseReader] or [Options.Parse], into an immutable [Robots] that answers
// any number of queries ([Robots.Allowed], [Robots.Decide], or
// [Robots.Group] once per crawler and then [Group.Allowed] per URL); a
// *Robots and a *Group are safe for concurrent use by multiple goroutines,
// and their zero values and nil pointers allow everything. Parsing never
// fails on content: lines it cannot use become [Diagnostic] values. The
// default [RFC] mode follows RFC 9309 to the letter, normalising the
// percent-encoding of rules and URLs alike and always allowing /robots.txt;
// [Google] mode gives the answers of Google's open-source robots.txt library
// instead, which takes the URL as given and adds a few Googlebot behaviours.
// Each place where the modes differ is documented on the function it affects
// (they are gathered in dialect.go). The package reads only what it is given
// and imports no net/http: package robotshttp fetches, caches and enforces
// robots.txt files as RFC 9309 section 2.3-2.5 asks, and package metarobots
// reads the page-level rules of meta robots tags and X-Robots-Tag headers.
package robotstxt

import (
	"io"
	"math"
	"strings"
)

// Options controls parsing. The zero value is RFC mode with the default
// size limit.
type Options struct {
	// Mode selects RFC 9309 (the zero value) or Google's reading, of
	// the file and of the crawler names its queries are given (see
	// "Crawler names" at [Robots.Group]).
	Mode Mode
	// MaxBytes is how much of the file is parsed: 0 means DefaultMaxBytes
	// (500 KiB, RFC 9309 section 2.5) and a negative value means no limit.
	// The limit applies in Google mode too: Google's library has none, but
	// Googlebot reads only the first 500 KiB of a file.
	MaxBytes int
}

// DefaultMaxBytes is the number of bytes of a robots.txt file that is read
// when Options.MaxBytes is 0: 500 KiB, the minimum RFC 9309 section 2.5
// asks a crawler to parse.
const DefaultMaxBytes = 500 << 10

// limit returns how many bytes of a file o parses: MaxBytes, or
// DefaultMaxBytes when that is 0, or -1 for no limit.
func (o Options) limit() int {
	switch {
	case o.MaxBytes == 0:
		return DefaultMaxBytes
	case o.MaxBytes < 0:
		return -1
	}
	return o.MaxBytes
}

// Parse parses a robots.txt body with o's mode and limit. It never fails:
// what cannot be understood is reported by [Robots.Diagnostics].
func (o Options) Parse(data []byte) *Robots {
	return o.parse(view(data), true, defaultLimits)
}

// ParseReader reads and parses a robots.txt body from r. It reads at most
// one byte more than the limit (to learn whether there is more), so a huge
// or endless body costs no more memory than the limit. The only errors are
// those of r, wrapped: errors.Is and errors.As find them.
func (o Options) ParseReader(r io.Reader) (*Robots, error) {
	var sb strings.Builder
	src := r
	if l := o.limit(); l >= 0 {
		// One byte past the limit tells a cut file. No byte is past
		// math.MaxInt64, where l+1 would wrap to a negative count that
		// reads nothing and parses an empty file, allowing everything.
		src = io.LimitReader(r, min(int64(l), math.MaxInt64-1)+1)
	}
	if _, err := io.Copy(&sb, src); err != nil {
		return nil, &readError{err}
	}
	// The body stops one byte past the limit, so the rules past the
	// limit cannot be counted.
	return o.parse(sb.String(), false, defaultLimits), nil
}

// readError is an error of the reader [Options.ParseReader] read from,
// with the package's prefix. It unwraps to that error, so that errors.Is
// and errors.As find it.
type readError struct{ err error }

func (e *readError) Error() string { return "robotstxt: reading: " + e.err.Error() }

func (e *readError) Unwrap() error { return e.err }

// cut returns how many bytes of src to parse and whether the rest is cut
// off by the size limit. The limit falls back to the end of the last
// whole line before it: half a line could turn "Disallow: /private" into
// "Disallow: /p" and block far more than the site asked.
func (o Options) cut(src string) (keep int, cut bool) {
	l := o.limit()
	if l < 0 || len(src) <= l {
		return len(src), false
	}
	if i := strings.LastIndexAny(src[:l+1], "\n\r"); i >= 0 {
		if i == l {
			return l, true
		}
		return i + 1, true
	}
	return 0, true
}

// Parse parses a robots.txt body in RFC mode with the default limit.
func Parse(data []byte) *Robots { return Options{}.Parse(data) }

// ParseReader reads and parses a robots.txt body in RFC mode with the
// default limit. The only errors are those of r.
func ParseReader(r io.Reader) (*Robots, error) { return Options{}.ParseReader(r) }

// parse parses data up to o's limit, within lim, with buffers borrowed
// from the pool. count says data is the whole body, so that the rules
// past the limit can be counted.
func (o Options) parse(data string, count bool, lim limits) *Robots {
	keep, truncated := o.cut(data)
	lost := -1
	if truncated && count {
		lost = countRules(data[keep:], o.Mode.dialect())
	}
	buf, own := borrowBuffers(keep)
	r := o.parseWith(buf, data[:keep], truncated, lost, lim, false)
	if !own {
		returnBuffers(buf)
	}
	return r
}

// initParser sets p, a zero parser, to parse with o's mode and limits
// lim, growing the lists of buf.
func (o Options) initParser(p *parser, buf *parseBuffers, lim limits) {
	p.d, p.opts, p.lim, p.recs, p.scratch = o.Mode.dialect(), o, lim, &buf.records, &buf.scratch
	p.b = builder{buildLists: &buf.build, d: p.d, maxText: lim.text}
	p.notes = noteWriter{notes: &buf.notes, max: lim.text}
}

// parseWith parses src, the part of a body that o's limit keeps, with the
// lists of buf, which the parsed file copies what it keeps out of.
// truncated and lost report the cut as parse finds it. separate gives
// each table an allocation of its own rather than a share of one block
// (see block), for the benchmarks that weigh the block.
func (o Options) parseWith(buf *parseBuffers, src string, truncated bool, lost int, lim limits, separate bool) *Robots {
	var p parser
	o.initParser(&p, buf, lim)
	p.run(src)
	if truncated {
		p.truncated(len(src), lost)
	}
	return p.finish(separate)
}
