package robotshttp

// This file implements the access rules of RFC 9309 section 2.3.1: how a
// robots.txt file's status codes, redirects and network errors are read,
// and how much of it is read (section 2.5).

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
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
	// Unavailable: status 4xx, or too many redirects: the crawler may
	// fetch everything (section 2.3.1.3).
	Unavailable
	// Unreachable: status 5xx, a timeout or a network error: the crawler
	// must fetch nothing (section 2.3.1.4).
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

// DefaultMaxRedirects is how many consecutive redirects a fetch follows:
// the five RFC 9309 section 2.3.1.2 asks for at least.
const DefaultMaxRedirects = 5

// DefaultTimeout bounds a whole fetch when the context has no earlier
// deadline.
const DefaultTimeout = 30 * time.Second

// A Fetcher fetches robots.txt files. Its zero value is ready to use: it
// fetches with http.DefaultClient's transport, RFC mode, the default size
// limit and redirect count, and reads 429 as unavailable. A Fetcher is safe
// for concurrent use once its fields are set.
type Fetcher struct {
	// Client sends the requests; nil means http.DefaultClient. Its
	// CheckRedirect is replaced by the redirect rule of MaxRedirects.
	Client *http.Client
	// UserAgent is the User-Agent header sent; it should contain the
	// crawler's product token.
	UserAgent string
	// Options controls parsing (mode and size limit).
	Options robotstxt.Options
	// MaxRedirects is how many consecutive redirects are followed: 0 means
	// DefaultMaxRedirects. Past that, or in a loop, the file is
	// unavailable.
	MaxRedirects int
	// TooManyRequestsUnreachable reads status 429 as unreachable (disallow
	// everything), as Google does. By default 429 is a 4xx status like any
	// other and means unavailable (allow everything), as RFC 9309 section
	// 2.3.1.3 reads.
	TooManyRequestsUnreachable bool
	// Timeout bounds each fetch: 0 means DefaultTimeout.
	Timeout time.Duration
}

// A Fetch is the outcome of fetching one robots.txt file. A Cache shares
// one Fetch among its callers and keeps it in its Store, so nothing
// modifies a Fetch once Fetcher.Fetch has returned it.
type Fetch struct {
	URL        string        // the robots.txt URL requested
	FinalURL   string        // the URL that answered, after redirects
	Redirects  int           // redirects followed
	Access     Access        // how the fetch ended
	StatusCode int           // the final HTTP status, 0 when there was none
	Body       []byte        // the body read (2xx only): up to the size limit, and one byte more when Truncated
	Truncated  bool          // the body was longer than the size limit
	MaxAge     time.Duration // Cache-Control max-age of a 2xx answer, or -1 when absent
	Err        error         // why the file is unreachable or unavailable, when no status says it
	FetchedAt  time.Time     // when the answer came
}

// errTooManyRedirects marks a redirect chain past the limit.
var errTooManyRedirects = errors.New("too many redirects")

// Fetch fetches the robots.txt file at robotsURL and says which of RFC
// 9309's cases happened. It never returns an error: a failure is an
// Unreachable or Unavailable fetch whose Err says why.
func (f *Fetcher) Fetch(ctx context.Context, robotsURL string) *Fetch {
	res := &Fetch{URL: robotsURL, MaxAge: -1}
	timeout := f.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	client := http.DefaultClient
	if f.Client != nil {
		client = f.Client
	}
	c := *client
	maxRedirects := f.MaxRedirects
	if maxRedirects <= 0 {
		maxRedirects = DefaultMaxRedirects
	}
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > maxRedirects {
			return errTooManyRedirects
		}
		return nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, robotsURL, nil)
	if err != nil {
		res.Access, res.Err = Unavailable, fmt.Errorf("robotshttp: %w", err)
		return res
	}
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	}
	resp, err := c.Do(req)
	res.FetchedAt = time.Now()
	if err != nil {
		if errors.Is(err, errTooManyRedirects) {
			res.Access, res.Redirects = Unavailable, maxRedirects+1
			res.Err = fmt.Errorf("robotshttp: more than %d redirects (RFC 9309 section 2.3.1.2)", maxRedirects)
			return res
		}
		res.Access, res.Err = Unreachable, fmt.Errorf("robotshttp: %w", err)
		return res
	}
	defer resp.Body.Close()
	res.StatusCode = resp.StatusCode
	res.FinalURL = resp.Request.URL.String()
	res.Redirects = redirectCount(resp)
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		res.Access = Available
	case code == http.StatusTooManyRequests && f.TooManyRequestsUnreachable:
		res.Access = Unreachable
		return res
	case code >= 400 && code < 500:
		res.Access = Unavailable
		return res
	case code >= 300 && code < 400:
		// A redirect without a usable Location.
		res.Access = Unavailable
		return res
	default:
		res.Access = Unreachable
		return res
	}
	body, truncated, err := f.readBody(resp)
	if err != nil {
		// Half a file could drop rules: a failed read counts as unreachable.
		res.Access, res.Err = Unreachable, fmt.Errorf("robotshttp: reading %s: %w", robotsURL, err)
		return res
	}
	res.Body, res.Truncated = body, truncated
	res.MaxAge = maxAge(resp.Header)
	return res
}

// readBody reads a 2xx body through the size limit, decompressing gzip if
// the transport did not.
func (f *Fetcher) readBody(resp *http.Response) ([]byte, bool, error) {
	var r io.Reader = resp.Body
	if !resp.Uncompressed && strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, false, err
		}
		defer zr.Close()
		r = zr
	}
	limit := f.Options.Limit()
	if limit >= 0 {
		r = io.LimitReader(r, int64(limit)+1)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		return nil, false, err
	}
	if limit >= 0 && len(body) > limit {
		return body, true, nil
	}
	return body, false, nil
}

func redirectCount(resp *http.Response) int {
	n := 0
	for r := resp.Request; r != nil && r.Response != nil; r = r.Response.Request {
		n++
	}
	return n
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
// unavailable, and one that disallows everything when it was unreachable.
func (f *Fetch) Robots(o robotstxt.Options) *robotstxt.Robots {
	switch f.Access {
	case Available:
		if f.Truncated {
			// The body stops one byte past the limit: what followed was
			// never read, so its rules cannot be counted.
			r, _ := o.ParseReader(bytes.NewReader(f.Body)) // a bytes.Reader never fails
			return r
		}
		return o.Parse(f.Body)
	case Unavailable:
		return robotstxt.AllowAll(o.Mode)
	}
	return robotstxt.DisallowAll(o.Mode)
}
