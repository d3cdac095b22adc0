package robotshttp

// This file holds what the cache of RFC 9309 section 2.4 keeps of each
// origin (the latest fetch, the last good one that stands in while the
// origin is unreachable, and when to fetch again) and its one layout as
// text, which every Store can keep.

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"
	"unsafe"
)

// An Entry is what a Cache keeps of one origin: a plain record that a
// Store saves and gives back as it is.
//
// An Entry is an [encoding.TextMarshaler] and [encoding.TextUnmarshaler],
// so that encoding/json, and any encoding that honours them, keeps it
// whole, Fetch.Err included, which as a value of interface type it could
// not read back. A Store that keeps bytes in another encoding (gob
// reads no TextUnmarshaler) keeps the entry's MarshalText.
type Entry struct {
	// Fetch is the latest fetch.
	Fetch *Fetch
	// Good is the latest fetch that was Available, kept to stand in while
	// the origin is unreachable (RFC 9309 section 2.4); nil when there
	// was none.
	Good *Fetch
	// Expires is when the origin should be fetched again. A Cache also
	// fetches it sooner when its own lifetimes, from the fetch's
	// FetchedAt, end sooner (see [Store]).
	Expires time.Time
}

// entrySize is the bytes an entry holds in a Cache's memory, for its
// budget: those of its fetches, the good copy counted once when it is the
// latest fetch.
func entrySize(e Entry) int64 {
	n := fetchSize(e.Fetch)
	if e.Good != e.Fetch {
		n += fetchSize(e.Good)
	}
	return n
}

// fetchSize is the bytes f holds, for entrySize; 0 for nil: the Fetch,
// its body's array (its capacity, which is what was allocated), its URLs
// and its error, each rounded up as the allocator rounds at least. The
// texts count because a server chooses them: a redirect's Location of
// megabytes (as much as the client reads of a header, 10 MB by default)
// ends in a FinalURL or an Err that holds it. An error is counted at
// twice its text, and errBytes more, for the errors it wraps, whose
// texts are parts of its own.
func fetchSize(f *Fetch) int64 {
	if f == nil {
		return 0
	}
	n := allocBytes(int64(unsafe.Sizeof(*f))) + int64(cap(f.Body)) + allocBytes(int64(len(f.URL))) + allocBytes(int64(len(f.FinalURL)))
	if f.Err != nil {
		n += errBytes + 2*allocBytes(int64(len(f.Err.Error())))
	}
	return n
}

// errBytes bounds the values of an error chain besides its texts: a
// fetch's Err wraps a *url.Error, which wraps a *net.OpError, which may
// wrap a *net.DNSError or an *os.SyscallError, a few words each.
const errBytes = 256

// allocBytes is n rounded up to a multiple of 16, as the allocator
// rounds every object of more than 8 bytes at least.
func allocBytes(n int64) int64 {
	return (n + 15) &^ 15
}

// entryVersion begins every layout MarshalText writes. A layout that
// begins otherwise was written by another version or another program,
// and UnmarshalText refuses it: a Store reads it as a miss, and the
// entry written after the next fetch replaces it.
//
// The layout, before its base64 encoding, integers as varints
// (encoding/binary):
//
//	entry: version, flags, [Expires], [Fetch], [Good]
//	fetch: flags, Access, Redirects, StatusCode, MaxAge, [FetchedAt],
//	       URL, FinalURL, [Err], [Body]
//
// A time is its Unix seconds and its nanoseconds within the second, as
// two varints, which hold every instant a time.Time can; it comes back in
// the local location, as time.Unix gives it. (Unix nanoseconds, as the
// second version kept them, end in 2262: an expiry past it, a Cache's
// MaxAge of centuries, came back in 1677, and the file was fetched on
// every call.) A string or body is its length and bytes. The bracketed
// fields are there when a flag says so, which keeps a zero time, a nil
// error and a nil body as they were. RetryAfter is kept after the
// layout's first version, as a varint after MaxAge.
const entryVersion = 3

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

// MaxEntryOverhead is the most bytes the layout of an Entry holds besides
// the bodies, URLs, final URLs and error texts of its fetches (211): two
// bytes and an expiry, and for each fetch two bytes, four varints, a time
// and four lengths. A Store that keeps the layout bounds what it reads by
// it; [Entry.MarshalText] says how long its text is.
const MaxEntryOverhead = 2 + layoutTimeLen + 2*(2+8*binary.MaxVarintLen64+layoutTimeLen)

// layoutTimeLen bounds the bytes of a time in the layout: two varints,
// its nanoseconds at most 5 bytes.
const layoutTimeLen = binary.MaxVarintLen64 + 5

// MarshalText returns the entry in one versioned layout, as base64 text:
// every field of the entry and of both its fetches, a good copy that is
// the latest fetch written once, and Err as its text. It never fails.
// The text is at most base64.StdEncoding.EncodedLen(MaxEntryOverhead + n)
// bytes long, where n is the bytes of the bodies, URLs, final URLs and
// error texts of its fetches.
func (e Entry) MarshalText() ([]byte, error) {
	b := e.appendLayout(nil)
	out := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(out, b)
	return out, nil
}

func (e Entry) appendLayout(dst []byte) []byte {
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
	dst = append(dst, entryVersion, flags)
	if flags&entryExpires != 0 {
		dst = appendTime(dst, e.Expires)
	}
	if flags&entryFetch != 0 {
		dst = appendFetch(dst, e.Fetch)
	}
	if flags&entryGood != 0 {
		dst = appendFetch(dst, e.Good)
	}
	return dst
}

// appendFetch appends f in the layout of a fetch (see entryVersion).
func appendFetch(dst []byte, f *Fetch) []byte {
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
	dst = binary.AppendVarint(dst, int64(f.RetryAfter))
	if flags&fetchAt != 0 {
		dst = appendTime(dst, f.FetchedAt)
	}
	dst = appendBytes(dst, f.URL)
	dst = appendBytes(dst, f.FinalURL)
	if flags&fetchErr != 0 {
		dst = appendBytes(dst, f.Err.Error())
	}
	if flags&fetchBody != 0 {
		dst = appendBytes(dst, f.Body)
	}
	return dst
}

func appendTime(dst []byte, t time.Time) []byte {
	dst = binary.AppendVarint(dst, t.Unix())
	return binary.AppendVarint(dst, int64(t.Nanosecond()))
}

func appendBytes[T string | []byte](dst []byte, s T) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// UnmarshalText sets e to the entry of a text that MarshalText wrote.
// A fetch's Err comes back as an error whose Error is the text it had
// (no error of this package's own, such as ErrDisallowed, is ever a
// Fetch's Err). A text of another version, or not of this layout, is an
// error, and leaves e as it was. Each length in the text is checked
// against what is left of it before anything is read, so that a text
// makes UnmarshalText hold no more than its own length; the bodies
// share one array, which UnmarshalText allocates.
func (e *Entry) UnmarshalText(text []byte) error {
	b := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(b, text)
	if err != nil {
		return fmt.Errorf("robotshttp: entry text: %w", err)
	}
	d := &decoder{b: b[:n]}
	if v := d.byte("empty"); d.err == nil && v != entryVersion {
		return fmt.Errorf("robotshttp: entry text: version %d, want %d", v, entryVersion)
	}
	var got Entry
	flags := d.byte("entry flags")
	if flags&entryExpires != 0 {
		got.Expires = d.time("expiry")
	}
	if flags&entryFetch != 0 {
		got.Fetch = d.fetch()
	}
	switch {
	case flags&entryGoodIsFetch != 0 && flags&entryGood == 0 && got.Fetch != nil:
		got.Good = got.Fetch
	case flags&entryGoodIsFetch != 0:
		d.fail("good copy flags")
	case flags&entryGood != 0:
		got.Good = d.fetch()
	}
	if flags >= entryGoodIsFetch<<1 {
		d.fail("unknown entry flags")
	}
	if len(d.b) != 0 {
		d.fail("bytes after the entry")
	}
	if d.err != nil {
		return d.err
	}
	*e = got
	return nil
}

// A decoder reads a layout, remembering the first error so that the
// layout reads straight through; after an error every read returns zero.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("robotshttp: entry text: bad %s", what)
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

// bytes reads a length and as many bytes; the result shares the
// decoder's array, and has no room to grow into what follows.
func (d *decoder) bytes(what string) []byte {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.fail(what)
		return nil
	}
	b := d.b[k : k+int(n) : k+int(n)]
	d.b = d.b[k+int(n):]
	return b
}

func (d *decoder) time(what string) time.Time {
	sec := d.varint(what)
	nsec := d.varint(what)
	if nsec < 0 || nsec >= int64(time.Second) {
		// time.Unix would carry it into the seconds: a text that
		// MarshalText never writes.
		d.fail(what)
		return time.Time{}
	}
	return time.Unix(sec, nsec)
}

func (d *decoder) fetch() *Fetch {
	f := &Fetch{}
	flags := d.byte("fetch flags")
	if flags >= fetchBody<<1 {
		d.fail("fetch flags")
	}
	f.Truncated = flags&fetchTruncated != 0
	f.Access = Access(d.byte("access"))
	if f.Access > Unreachable {
		// An access this version does not know would decide nothing the
		// RFC names.
		d.fail("access")
	}
	f.Redirects = d.int("redirects")
	f.StatusCode = d.int("status")
	f.MaxAge = time.Duration(d.varint("max-age"))
	f.RetryAfter = time.Duration(d.varint("retry-after"))
	if flags&fetchAt != 0 {
		f.FetchedAt = d.time("fetch time")
	}
	f.URL = string(d.bytes("URL"))
	f.FinalURL = string(d.bytes("final URL"))
	if flags&fetchErr != 0 {
		f.Err = errors.New(string(d.bytes("error")))
	}
	if flags&fetchBody != 0 {
		f.Body = d.bytes("body")
	}
	return f
}
