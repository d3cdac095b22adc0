package robotshttp

// This file implements the access rules of RFC 9309 section 2.3.1: how a
// robots.txt file's status codes, redirects and network errors are read,
// and how much of it is read (section 2.5).

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt"
)

// Access says how a robots.txt fetch ended, which decides what it allows.
type Access uint8

const (
	// Available: the file was fetched (status 2xx) and parsed
	// (RFC 9309 section 2.3.1.1).
	Available Access = iota
	// Unavailable: status 4xx but 429 (unless
	// Fetcher.TooManyRequestsUnavailable), or redirects that reach no
	// file (more than MaxRedirects of them, or one without a usable
	// Location): the crawler may fetch everything (sections 2.3.1.2 and
	// 2.3.1.3).
	Unavailable
	// Unreachable: status 5xx or 429, a timeout or a network error, or a 2xx
	// body that could not be read whole (cut off, status 206 Partial
	// Content, or a Content-Encoding other than gzip): the crawler must
	// fetch nothing (section 2.3.1.4).
	Unreachable
)

func (a Access) String() string {
	switch a {
	case Available:
		return "available"
	case Unavailable:
		return "unavailable"
	case Unreachable:
		return "unreachable"
	}
	return "access(" + strconv.Itoa(int(a)) + ")"
}

// Fetch's bounds, documented on the fields that default to them.
const (
	// The five redirects RFC 9309 section 2.3.1.2 asks for at least.
	defaultMaxRedirects = 5
	defaultTimeout      = 30 * time.Second
	// maxRetryAfter bounds Fetch.RetryAfter, so that a Retry-After of
	// many digits is read as a long time rather than overflow.
	maxRetryAfter = 365 * 24 * time.Hour
)

// A Fetcher fetches robots.txt files. Its zero value is ready to use: it
// fetches with http.DefaultClient's transport, RFC mode, the default size
// limit and redirect count, and reads 429 as unreachable. A Fetcher is
// safe for concurrent use once its fields are set.
type Fetcher struct {
	// Client sends the requests; nil means http.DefaultClient. Fetch
	// follows redirects itself, by the rule of MaxRedirects: the client's
	// CheckRedirect is not called.
	Client *http.Client
	// UserAgent is the User-Agent header sent; it should contain the
	// crawler's product token.
	UserAgent string
	// Options controls parsing (mode and size limit).
	Options robotstxt.Options
	// MaxRedirects is how many consecutive redirects are followed: 0 means
	// 5, the least RFC 9309 section 2.3.1.2 asks for, and a negative
	// value none. Past that, or in a loop, the file is unavailable, as it
	// is after a redirect that leads nowhere (no Location, one that does
	// not parse, one that is not http or https, one without a host such
	// as "http:/x" or "http:x").
	MaxRedirects int
	// TooManyRequestsUnavailable reads status 429 Too Many Requests as a
	// 4xx status like any other: unavailable, allow everything, as RFC
	// 9309 section 2.3.1.3 reads it. By default 429 is unreachable
	// (disallow everything), as Google reads it: section 2.3.1.3 lets a
	// crawler be more careful than "unavailable", and a server (or the
	// CDN before it) that asks the crawler to slow down has not said that
	// the site has no rules. Either way a Cache asks again when the
	// answer's Retry-After says, and no later than its RetryUnreachable.
	TooManyRequestsUnavailable bool
	// Timeout bounds each fetch, when the context has no earlier
	// deadline: 0 means 30 seconds, and a negative value sets no bound
	// of the Fetcher's own, leaving the context's deadline alone.
	Timeout time.Duration
}

// A Fetch is the outcome of fetching one robots.txt file. A Cache shares
// one Fetch among its callers and keeps it, so nothing modifies a Fetch
// once it has been returned.
type Fetch struct {
	URL        string // the robots.txt URL requested, or the URL given when it has none; without userinfo (see Fetcher.Fetch)
	FinalURL   string // the URL that answered, after redirects, without its userinfo
	Redirects  int    // redirects followed
	Access     Access // how the fetch ended
	StatusCode int    // the final HTTP status, 0 when there was none
	// Body is the body read (2xx only): up to the size limit, and one
	// byte more when Truncated; a UTF-16 byte-order mark goes before a
	// body labelled UTF-16 without one.
	Body      []byte
	Truncated bool          // the body was longer than the size limit
	MaxAge    time.Duration // Cache-Control max-age of a 2xx answer, at most 365 days, or -1 when absent or unreadable
	// RetryAfter is when a 429 or 5xx answer asks to be asked again, by
	// its Retry-After header, from FetchedAt: 0 for a date past, at most
	// 365 days, and -1 when the header is absent or reads as
	// neither a number of seconds nor an HTTP date (RFC 9110 section
	// 10.2.3). A Cache bounds it further (see Cache.RetryUnreachable).
	RetryAfter time.Duration
	Err        error     // why the file is unreachable or unavailable, when no status says it
	FetchedAt  time.Time // when the answer came
}

// Fetch fetches the robots.txt file that governs rawURL, at [RobotsURL]
// (rawURL), and says which of RFC 9309's cases happened: a page's URL
// gets its origin's file, as [Cache.Get] does, never the page read as a
// file. It never returns an error: a failure is an Unreachable or
// Unavailable fetch whose Err says why, and a URL that has no robots.txt
// file (not http or https, or one that does not parse) is Unavailable.
// The userinfo of rawURL, if any, goes with the request (as HTTP basic
// authentication) and into no field of the Fetch.
//
// Redirects are followed here, one request at a time, rather than by the
// client, so that every redirect that leads nowhere is classed one way: a
// 3xx status without a Location, a Location that does not parse, is not
// an http or https URL or names no host ("http:/x", "http:x"), and a
// chain longer than MaxRedirects all leave the
// file unavailable, as RFC 9309 section 2.3.1.2 reads a chain that does
// not reach a file. (The client would fail the request on a Location it
// cannot parse or follow, which would read as unreachable.)
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) *Fetch {
	robotsURL, err := RobotsURL(rawURL)
	if err != nil {
		return &Fetch{URL: redact(rawURL), MaxAge: -1, RetryAfter: -1, Access: Unavailable, Err: err}
	}
	res := &Fetch{URL: robotsURL, MaxAge: -1, RetryAfter: -1}
	next := robotsURL
	if u, err := url.Parse(rawURL); err == nil && u.User != nil {
		if ru, err := url.Parse(robotsURL); err == nil {
			ru.User = u.User
			next = ru.String()
		}
	}
	if timeout := cmp.Or(f.Timeout, defaultTimeout); timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}

	client := http.DefaultClient
	if f.Client != nil {
		client = f.Client
	}
	c := *client
	hold := &holdRedirects{base: cmp.Or[http.RoundTripper](c.Transport, http.DefaultTransport)}
	c.Transport = hold
	maxRedirects := max(cmp.Or(f.MaxRedirects, defaultMaxRedirects), 0)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, next, nil)
		if err != nil {
			res.Access, res.Err = Unavailable, fmt.Errorf("robotshttp: %w", redactErr(err))
			return res
		}
		if f.UserAgent != "" {
			req.Header.Set("User-Agent", f.UserAgent)
		}
		// Name the one coding readBody decodes: a request without
		// Accept-Encoding (a client with DisableCompression sends none)
		// accepts any coding (RFC 9110 section 12.5.3), and one the
		// library cannot decode leaves the file unreachable.
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := c.Do(req)
		res.FetchedAt = time.Now()
		if err != nil {
			res.Access, res.Err = Unreachable, fmt.Errorf("robotshttp: %w", redactErr(err))
			return res
		}
		res.StatusCode, res.FinalURL = resp.StatusCode, redact(next)
		if resp.StatusCode < 300 || resp.StatusCode >= 400 {
			defer resp.Body.Close()
			f.read(res, resp)
			return res
		}
		// Some of the body, so that the connection can be used again.
		io.CopyN(io.Discard, resp.Body, 4<<10)
		resp.Body.Close()
		if next, err = redirectTarget(req.URL, resp.StatusCode, hold.location); err != nil {
			res.Access, res.Err = Unavailable, err
			return res
		}
		if res.Redirects == maxRedirects {
			res.Access, res.Err = Unavailable, f.tooManyRedirects()
			return res
		}
		res.Redirects++
	}
}

// tooManyRedirects is the Err of a fetch that met one redirect more than
// MaxRedirects allows, which it names as it was set.
func (f *Fetcher) tooManyRedirects() error {
	switch {
	case f.MaxRedirects == 0:
		return fmt.Errorf("robotshttp: more than %d redirects (RFC 9309 section 2.3.1.2)", defaultMaxRedirects)
	case f.MaxRedirects < 0:
		return fmt.Errorf("robotshttp: a redirect, and the Fetcher's MaxRedirects of %d follows none (RFC 9309 section 2.3.1.2)", f.MaxRedirects)
	}
	return fmt.Errorf("robotshttp: more than the Fetcher's MaxRedirects of %d redirects (RFC 9309 section 2.3.1.2)", f.MaxRedirects)
}

// A holdRedirects is the client's transport during one Fetch. It takes
// the Location header off each 3xx response and keeps it, so that the
// client hands the response back instead of following it (or failing on
// a Location it cannot parse), while its other settings (a cookie jar, a
// timeout) still apply. A Fetch sends one request at a time, so location
// is that of the latest response.
type holdRedirects struct {
	base     http.RoundTripper
	location string
}

func (h *holdRedirects) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := h.base.RoundTrip(req)
	h.location = ""
	if err == nil && resp.StatusCode >= 300 && resp.StatusCode < 400 {
		h.location = resp.Header.Get("Location")
		resp.Header.Del("Location")
	}
	return resp, err
}

// redirectTarget returns the URL a 3xx response's Location sends the
// crawler to, or an error saying why it sends it nowhere a robots.txt
// file can be.
func redirectTarget(from *url.URL, status int, location string) (string, error) {
	if location == "" {
		return "", fmt.Errorf("robotshttp: status %d without a Location (RFC 9309 section 2.3.1.2)", status)
	}
	u, err := from.Parse(location)
	if err != nil {
		return "", fmt.Errorf("robotshttp: status %d with a Location that does not parse (RFC 9309 section 2.3.1.2): %w", status, parseError(location, err))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("robotshttp: status %d to %q, not an http or https URL (RFC 9309 section 2.3.1.2)", status, redact(location))
	}
	if u.Host == "" {
		// "http:/x" and "http:x" name no server: the redirect leads
		// nowhere, as one to a URL that does not parse does. The server
		// answered, so nothing failed on the network (which would make
		// the file unreachable, section 2.3.1.4).
		return "", fmt.Errorf("robotshttp: status %d to a URL without a host (RFC 9309 section 2.3.1.2)", status)
	}
	return u.String(), nil
}

// read applies the status of a final, non-3xx, response to res, and
// reads its body when it has one to parse.
func (f *Fetcher) read(res *Fetch, resp *http.Response) {
	switch code := resp.StatusCode; {
	case code == http.StatusPartialContent:
		// A fetcher never asks for a range, so a 206 comes from a broken
		// server or proxy, and its body is part of the file: parsed, it
		// could end mid-rule ("Disallow: /p" for "Disallow: /private").
		// It is read as a body cut off mid-read is: the file could not
		// be read whole, so it is unreachable (RFC 9309 section 2.3.1.4).
		res.Access = Unreachable
		res.Err = fmt.Errorf("robotshttp: status 206 Partial Content: part of the file, which was asked for whole (RFC 9309 section 2.3.1.4)")
		return
	case code >= 200 && code < 300:
		res.Access = Available
	case code == http.StatusTooManyRequests:
		res.Access = Unreachable
		if f.TooManyRequestsUnavailable {
			res.Access = Unavailable
		}
		res.RetryAfter = retryAfter(resp.Header, res.FetchedAt)
		return
	case code >= 400 && code < 500:
		res.Access = Unavailable
		return
	default:
		res.Access = Unreachable
		if code >= 500 {
			res.RetryAfter = retryAfter(resp.Header, res.FetchedAt)
		}
		return
	}
	body, truncated, err := f.readBody(resp)
	if err != nil {
		// Half a file could drop rules, and compressed bytes read as text
		// hold none, or stray ones: a body that could not be read counts
		// as unreachable (RFC 9309 section 2.3.1.4), and is tried again.
		res.Access, res.Err = Unreachable, fmt.Errorf("robotshttp: reading %s: %w", res.URL, err)
		return
	}
	res.Body, res.Truncated = markUTF16(resp.Header.Get("Content-Type"), body), truncated
	res.MaxAge = maxAge(resp.Header)
}

// decodable reports whether a body labelled with the Content-Encoding
// header h can be read, and whether it is gzip. Identity is no coding,
// and x-gzip is gzip (RFC 9110 section 8.4.1.3). Any other coding (br,
// zstd, deflate) and a stacked one ("gzip, gzip") cannot be decoded.
func decodable(h http.Header) (gz bool, err error) {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for c := range strings.SplitSeq(v, ",") {
			if c = strings.TrimSpace(c); c != "" && !strings.EqualFold(c, "identity") {
				codings = append(codings, c)
			}
		}
	}
	switch {
	case len(codings) == 0:
		return false, nil
	case len(codings) == 1 && (strings.EqualFold(codings[0], "gzip") || strings.EqualFold(codings[0], "x-gzip")):
		return true, nil
	}
	return false, fmt.Errorf("Content-Encoding %q cannot be decoded, only gzip (RFC 9110 section 8.4)", strings.Join(codings, ", "))
}

// readBody reads a 2xx body through the size limit, decompressing gzip if
// the transport did not. A body in a coding it cannot decode is not read
// (see decodable).
func (f *Fetcher) readBody(resp *http.Response) ([]byte, bool, error) {
	var r io.Reader = resp.Body
	gz := false
	if !resp.Uncompressed {
		var err error
		if gz, err = decodable(resp.Header); err != nil {
			return nil, false, err
		}
	}
	if gz {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, false, err
		}
		defer zr.Close()
		r = zr
	}
	limit := f.Options.MaxBytes
	if limit == 0 {
		limit = robotstxt.DefaultMaxBytes
	}
	if limit >= 0 {
		// One byte past the limit tells a cut file; no byte is past
		// math.MaxInt64, where limit+1 would wrap to a negative count
		// that reads nothing: an empty file, allowing everything.
		r = io.LimitReader(r, min(int64(limit), math.MaxInt64-1)+1)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		return nil, false, err
	}
	if cap(body)-len(body) > len(body)/8 {
		// io.ReadAll leaves up to 512 bytes, or twice the body, of
		// room, which a Cache would keep with the body for as long as
		// it keeps the fetch.
		body = bytes.Clone(body)
	}
	if limit >= 0 && len(body) > limit {
		return body, true, nil
	}
	return body, false, nil
}

// retryAfter returns the time from now that a Retry-After header asks
// for, at most maxRetryAfter, or -1 when it has none or reads as neither
// delay-seconds (digits only) nor an HTTP date (RFC 9110 section 10.2.3).
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return -1
	}
	if strings.Trim(v, "0123456789") == "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter // digits beyond int64
		}
		return time.Duration(n) * time.Second
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return -1
	}
	return min(max(t.Sub(now), 0), maxRetryAfter)
}

// maxAge returns the max-age of a Cache-Control header, or -1.
func maxAge(h http.Header) time.Duration {
	for _, v := range h.Values("Cache-Control") {
		for _, d := range strings.Split(v, ",") {
			name, val, ok := strings.Cut(strings.TrimSpace(d), "=")
			if !ok || !strings.EqualFold(name, "max-age") {
				continue
			}
			if n, err := strconv.ParseInt(strings.Trim(val, `"`), 10, 64); err == nil && n >= 0 {
				return time.Duration(min(n, int64(365*24*3600))) * time.Second
			}
		}
	}
	return -1
}

// Robots returns the rules a fetch leaves the crawler with: the parsed file
// when it was available, a file that allows everything when it was
// unavailable (an empty file), and one that disallows everything when it
// was unreachable (the file "User-agent: *" / "Disallow: /", whose rule
// on line 2 decides every URL; Access says why). It parses the body with
// o each time it is called: a Lookup's Robots are the Cache's parse of
// it, with its Fetcher's Options.
//
// A Truncated body ends at its last whole line within the limit it was
// cut at, whatever o's limit: o.MaxBytes may lower that limit, but no
// larger one, nor none, makes the cut line a rule (RFC 9309 section
// 2.5).
func (f *Fetch) Robots(o robotstxt.Options) *robotstxt.Robots {
	switch f.Access {
	case Available:
		if f.Truncated {
			return parseCut(f.Body, o)
		}
		return o.Parse(f.Body)
	case Unavailable:
		return allowAll(o)
	}
	return disallowAll(o)
}

// parseCut parses body, cut one byte past the limit it was read with
// (see Fetcher.readBody), with o's mode, at that limit or o's, whichever
// is smaller. The parser then ends it at its last whole line, so that
// half of "Disallow: /private" does not become "Disallow: /p", and does
// not count the rules past the limit, which were never read.
func parseCut(body []byte, o robotstxt.Options) *robotstxt.Robots {
	read := len(body) - 1 // the limit the body was cut at
	if read < 1 {
		// No byte was within a limit (0 means the default for Options,
		// so no Fetcher cuts at it): nothing whole was read.
		body, read = nil, 1
	}
	limit := o.MaxBytes
	if limit == 0 {
		limit = robotstxt.DefaultMaxBytes
	}
	if limit < 0 || limit > read {
		o.MaxBytes = read
	}
	r, _ := o.ParseReader(bytes.NewReader(body)) // a bytes.Reader never fails
	return r
}

// allowAll returns the rules of an unavailable robots.txt, which RFC 9309
// section 2.3.1.3 lets a crawler take as allowing everything: those of an
// empty file.
func allowAll(o robotstxt.Options) *robotstxt.Robots {
	return o.Parse(nil)
}

// disallowAllFile is the file that stands for an unreachable robots.txt,
// which RFC 9309 section 2.3.1.4 asks a crawler to take as disallowing
// everything: its "Disallow: /" on line 2 decides every URL but, in RFC
// mode, /robots.txt.
const disallowAllFile = "User-agent: *\nDisallow: /\n"

// disallowAll returns the rules of an unreachable robots.txt.
func disallowAll(o robotstxt.Options) *robotstxt.Robots {
	return o.Parse([]byte(disallowAllFile))
}

// FromResponse applies the access rules of RFC 9309 section 2.3.1 to a
// response for a robots.txt file that the caller fetched itself (through
// its own HTTP stack, queue or browser), and closes its body. It returns
// the rules the crawler is left with and which case happened: a 2xx body
// is parsed through o's size limit (gzip is decompressed if the
// transport did not); 4xx but 429 allows everything; 5xx, 429 (as a
// Fetcher reads it by default, see Fetcher.TooManyRequestsUnavailable),
// a 2xx body whose
// read fails part way, a 206, part of a file, and a body in a
// Content-Encoding other than gzip (br, zstd, deflate, or stacked
// codings: decode them first, and delete the header) disallow everything;
// a 3xx status, a redirect the caller did not follow to its end, allows
// everything, as a chain that reaches no file does (section 2.3.1.2). A
// nil response, the outcome of a request that got none, disallows
// everything, and so does a 2xx response with a nil Body, a file that
// cannot be read. A nil Header, Request or Request.URL is no error.
// Reading the whole body of a 503 as a file, as ParseReader(resp.Body)
// would, allows everything instead.
func FromResponse(resp *http.Response, o robotstxt.Options) (*robotstxt.Robots, Access) {
	if resp == nil {
		return disallowAll(o), Unreachable
	}
	if resp.Body == nil {
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return disallowAll(o), Unreachable
		}
		// A status without a body to read: the copy has an empty one, so
		// that the caller's response is not changed.
		noBody := *resp
		noBody.Body = http.NoBody
		resp = &noBody
	}
	defer resp.Body.Close()
	res := &Fetch{StatusCode: resp.StatusCode, MaxAge: -1, RetryAfter: -1, FetchedAt: time.Now()}
	if resp.Request != nil && resp.Request.URL != nil {
		res.URL = redact(resp.Request.URL.String())
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		res.Access = Unavailable
	} else {
		(&Fetcher{Options: o}).read(res, resp)
	}
	return res.Robots(o), res.Access
}
