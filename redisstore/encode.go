package redisstore

// This file holds the one layout of a stored entry: every field of an
// Entry and of its fetches, as the Store interface of robotshttp asks of a
// store a fleet shares, in a form that is read back without trusting it.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// version1 begins every value this package writes. A value that begins
// otherwise was written by another version or another program: it is a
// miss, and the entry written after the next fetch replaces it.
//
// The layout after it, integers as varints (encoding/binary):
//
//	entry: flags, [Expires], [Fetch], [Good]
//	fetch: flags, Access, Redirects, StatusCode, MaxAge, [FetchedAt],
//	       URL, FinalURL, [Err], [Body]
//
// A time is its Unix nanoseconds; a string or body its length and bytes.
// The bracketed fields are there when a flag says so, which keeps a zero
// time, a nil error and a nil body as they were.
const version1 = 1

// Flags of an entry.
const (
	entryExpires     = 1 << iota // Expires is not the zero time
	entryFetch                   // Fetch is not nil
	entryGood                    // Good is a fetch of its own
	entryGoodIsFetch             // Good is Fetch, written once
)

// Flags of a fetch.
const (
	fetchTruncated = 1 << iota
	fetchAt        // FetchedAt is not the zero time
	fetchErr       // Err is not nil
	fetchBody      // Body is not nil
)

// errTooLarge is a body over the store's MaxBody, or a text over its
// MaxText, written or read.
var errTooLarge = errors.New("over the size limit")

// encode appends e's layout to dst. Only a body or text over its limit
// fails it (a Store cuts the texts first: see cutTexts).
func encode(dst []byte, e robotshttp.Entry, lim limits) ([]byte, error) {
	var flags byte
	if !e.Expires.IsZero() {
		flags |= entryExpires
	}
	if e.Fetch != nil {
		flags |= entryFetch
	}
	switch {
	case e.Good != nil && e.Good == e.Fetch:
		flags |= entryGoodIsFetch
	case e.Good != nil:
		flags |= entryGood
	}
	dst = append(dst, version1, flags)
	if flags&entryExpires != 0 {
		dst = binary.AppendVarint(dst, e.Expires.UnixNano())
	}
	var err error
	if flags&entryFetch != 0 {
		if dst, err = encodeFetch(dst, e.Fetch, lim); err != nil {
			return nil, err
		}
	}
	if flags&entryGood != 0 {
		if dst, err = encodeFetch(dst, e.Good, lim); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

func encodeFetch(dst []byte, f *robotshttp.Fetch, lim limits) ([]byte, error) {
	if len(f.Body) > lim.body {
		return nil, fmt.Errorf("redisstore: %s: body of %d bytes: %w", cutText(f.URL, lim.text), len(f.Body), errTooLarge)
	}
	var errText string
	if f.Err != nil {
		errText = f.Err.Error()
	}
	if n := max(len(f.URL), len(f.FinalURL), len(errText)); n > lim.text {
		return nil, fmt.Errorf("redisstore: %s: text of %d bytes: %w", cutText(f.URL, lim.text), n, errTooLarge)
	}
	var flags byte
	if f.Truncated {
		flags |= fetchTruncated
	}
	if !f.FetchedAt.IsZero() {
		flags |= fetchAt
	}
	if f.Err != nil {
		flags |= fetchErr
	}
	if f.Body != nil {
		flags |= fetchBody
	}
	dst = append(dst, flags, byte(f.Access))
	dst = binary.AppendVarint(dst, int64(f.Redirects))
	dst = binary.AppendVarint(dst, int64(f.StatusCode))
	dst = binary.AppendVarint(dst, int64(f.MaxAge))
	if flags&fetchAt != 0 {
		dst = binary.AppendVarint(dst, f.FetchedAt.UnixNano())
	}
	dst = appendString(dst, f.URL)
	dst = appendString(dst, f.FinalURL)
	if flags&fetchErr != 0 {
		dst = appendString(dst, errText)
	}
	if flags&fetchBody != 0 {
		dst = binary.AppendUvarint(dst, uint64(len(f.Body)))
		dst = append(dst, f.Body...)
	}
	return dst, nil
}

// maxValue is the longest value encode writes within lim: a varint is
// at most binary.MaxVarintLen64 bytes.
func (lim limits) maxValue() int {
	const v = binary.MaxVarintLen64
	fetch := 2 + 4*v + 3*(v+lim.text) + v + lim.body // flags, access, counts, time, texts, body
	return 2 + v + 2*fetch                           // version, flags, expiry, two fetches
}

func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// A decoder reads a value, remembering the first error so that the
// layout reads straight through; after an error every read returns zero.
// Lengths are checked against what is left before anything is sliced, so
// a value cannot make the decoder allocate more than its own size.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("redisstore: bad value: %s", what)
	}
	d.b = nil
}

func (d *decoder) byte(what string) byte {
	if len(d.b) == 0 {
		d.fail(what)
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) varint(what string) int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.b = d.b[n:]
	return v
}

// int reads a varint that must fit an int of 32 bits, as the counts of
// a fetch do.
func (d *decoder) int(what string) int {
	v := d.varint(what)
	if v < math.MinInt32 || v > math.MaxInt32 {
		d.fail(what)
		return 0
	}
	return int(v)
}

// bytes reads a length and as many bytes, at most max; the result
// shares the value's array.
func (d *decoder) bytes(what string, max int) []byte {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.fail(what)
		return nil
	}
	if n > uint64(max) {
		if d.err == nil {
			d.err = fmt.Errorf("redisstore: bad value: %s of %d bytes: %w", what, n, errTooLarge)
		}
		d.b = nil
		return nil
	}
	b := d.b[k : k+int(n) : k+int(n)]
	d.b = d.b[k+int(n):]
	return b
}

func (d *decoder) time(what string) time.Time {
	return time.Unix(0, d.varint(what))
}

// decode reads a value that encode wrote; bodies and texts over their
// limits fail it, so that a value written by hand or by a store with
// larger limits costs no more than the limits. The entry's bodies share
// b's array.
func decode(b []byte, lim limits) (robotshttp.Entry, error) {
	d := &decoder{b: b}
	if v := d.byte("empty"); d.err == nil && v != version1 {
		return robotshttp.Entry{}, fmt.Errorf("redisstore: bad value: version %d, want %d", v, version1)
	}
	var e robotshttp.Entry
	flags := d.byte("entry flags")
	if flags&entryExpires != 0 {
		e.Expires = d.time("expiry")
	}
	if flags&entryFetch != 0 {
		e.Fetch = d.fetch(lim)
	}
	switch {
	case flags&entryGoodIsFetch != 0 && flags&entryGood == 0 && e.Fetch != nil:
		e.Good = e.Fetch
	case flags&entryGoodIsFetch != 0:
		d.fail("good copy flags")
	case flags&entryGood != 0:
		e.Good = d.fetch(lim)
	}
	if flags >= entryGoodIsFetch<<1 {
		d.fail("unknown entry flags")
	}
	if len(d.b) != 0 {
		d.fail("bytes after the entry")
	}
	if d.err != nil {
		return robotshttp.Entry{}, d.err
	}
	return e, nil
}

func (d *decoder) fetch(lim limits) *robotshttp.Fetch {
	f := &robotshttp.Fetch{}
	flags := d.byte("fetch flags")
	if flags >= fetchBody<<1 {
		d.fail("unknown fetch flags")
	}
	f.Truncated = flags&fetchTruncated != 0
	f.Access = robotshttp.Access(d.byte("access"))
	if f.Access > robotshttp.Unreachable {
		// An access this version does not know would decide nothing the
		// RFC names.
		d.fail("access")
	}
	f.Redirects = d.int("redirects")
	f.StatusCode = d.int("status")
	f.MaxAge = time.Duration(d.varint("max-age"))
	if flags&fetchAt != 0 {
		f.FetchedAt = d.time("fetch time")
	}
	f.URL = string(d.bytes("URL", lim.text))
	f.FinalURL = string(d.bytes("final URL", lim.text))
	if flags&fetchErr != 0 {
		f.Err = errors.New(string(d.bytes("error", lim.text)))
	}
	if flags&fetchBody != 0 {
		f.Body = d.bytes("body", lim.body)
	}
	return f
}
