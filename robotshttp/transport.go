package robotshttp

// This file applies the rules of RFC 9309 section 2.2, and the verdicts
// of section 2.3.1 on files that could not be fetched, to each request of
// a net/http client: a RoundTripper that sends only what the robots.txt
// file of the request's origin allows.

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/rfc9309/robotstxt"
)

// ErrDisallowed is what errors.Is finds in the error of a request that a
// robots.txt file disallows; errors.As finds a *DisallowedError with the
// deciding rule.
var ErrDisallowed = errors.New("robotshttp: disallowed by robots.txt")

// A DisallowedError is returned for a request that robots.txt disallows.
type DisallowedError struct {
	URL      string
	Decision robotstxt.Decision
	// Unreachable says that the origin's robots.txt could not be fetched
	// and no good copy stood in, so every URL is disallowed (RFC 9309
	// section 2.3.1.4): Decision.Rule then names no line of any file.
	Unreachable bool
}

func (e *DisallowedError) Error() string {
	r := e.Decision.Rule
	switch {
	case e.Unreachable:
		return fmt.Sprintf("robotshttp: %s is disallowed: its robots.txt is unreachable", e.URL)
	case r == nil:
		return fmt.Sprintf("robotshttp: %s is disallowed by robots.txt", e.URL)
	}
	return fmt.Sprintf("robotshttp: %s is disallowed by robots.txt line %d (Disallow: %s)", e.URL, r.Line, r.Pattern)
}

// Is makes errors.Is(err, ErrDisallowed) true.
func (e *DisallowedError) Is(target error) bool { return target == ErrDisallowed }

// Transport is an http.RoundTripper that checks each request against the
// robots.txt file of its origin, for the crawler's product tokens, before
// sending it. A disallowed request is not sent; its error is a
// *DisallowedError. Requests for /robots.txt itself always pass. With
// CrawlDelay set, requests to one origin are spaced by the Crawl-delay of
// the crawler's group, without holding up other origins. A Transport is
// safe for concurrent use once its fields are set.
type Transport struct {
	// Base sends the requests that are allowed; nil means
	// http.DefaultTransport.
	Base http.RoundTripper
	// Cache supplies the robots.txt files; nil means a zero Cache of the
	// Transport's own, made on first use, so that the zero Transport is
	// ready to use. Its Fetcher must not use this Transport, or fetching
	// robots.txt would ask for robots.txt.
	Cache *Cache
	// Agents are the crawler's product tokens.
	Agents []string
	// CrawlDelay waits out the group's Crawl-delay between requests to the
	// same origin; the wait ends early, with an error, when the request's
	// context does.
	CrawlDelay bool
	// Logf receives warnings, such as a User-Agent header without the
	// crawler's product token (reported once); nil means log.Printf.
	Logf func(format string, args ...any)

	warnOnce  sync.Once
	cacheOnce sync.Once
	ownCache  *Cache // when Cache is nil
	mu       sync.Mutex
	next     map[string]time.Time // origin -> earliest time of its next request
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if req.URL.Path == "/robots.txt" {
		return base.RoundTrip(req)
	}
	t.checkUserAgent(req)
	target := req.URL.String()
	d, l, err := t.cache().Decide(req.Context(), target, t.Agents...)
	if err != nil {
		return refuse(req, err)
	}
	if !d.Allowed {
		return refuse(req, &DisallowedError{URL: target, Decision: d, Unreachable: l.Unreachable()})
	}
	if t.CrawlDelay {
		if delay, ok := l.Robots.Group(t.Agents...).CrawlDelay(); ok && delay > 0 {
			if err := t.wait(req, l.Origin, delay); err != nil {
				return refuse(req, err)
			}
		}
	}
	return base.RoundTrip(req)
}

// cache returns the Cache that supplies the files: t.Cache, or the
// Transport's own when that is nil.
func (t *Transport) cache() *Cache {
	if t.Cache != nil {
		return t.Cache
	}
	t.cacheOnce.Do(func() { t.ownCache = &Cache{} })
	return t.ownCache
}

// refuse returns err for a request that is not sent, closing its body as
// http.RoundTripper asks even then.
func refuse(req *http.Request, err error) (*http.Response, error) {
	if req.Body != nil {
		req.Body.Close()
	}
	return nil, err
}

// wait reserves the origin's next slot and sleeps until it comes.
func (t *Transport) wait(req *http.Request, origin string, delay time.Duration) error {
	now := time.Now()
	t.mu.Lock()
	if t.next == nil {
		t.next = make(map[string]time.Time)
	}
	at := t.next[origin]
	if at.Before(now) {
		at = now
	}
	t.next[origin] = at.Add(delay)
	t.mu.Unlock()
	return sleep(req.Context(), at.Sub(now))
}

// sleep waits for d, or until ctx is done, and then returns ctx.Err().
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkUserAgent warns once when the request's User-Agent header does not
// contain the crawler's product token: sites address crawlers by it.
func (t *Transport) checkUserAgent(req *http.Request) {
	ua := strings.ToLower(req.Header.Get("User-Agent"))
	for _, a := range t.Agents {
		if strings.Contains(ua, strings.ToLower(a)) {
			return
		}
	}
	t.warnOnce.Do(func() {
		logf := t.Logf
		if logf == nil {
			logf = log.Printf
		}
		logf("robotshttp: the User-Agent header %q does not contain the product token %q that robots.txt rules are matched against", req.Header.Get("User-Agent"), t.Agents)
	})
}
