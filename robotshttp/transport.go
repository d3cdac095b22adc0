package robotshttp

// This file applies the rules of RFC 9309 section 2.2, and the verdicts
// of section 2.3.1 on files that could not be fetched, to each request of
// a net/http client: a RoundTripper that sends only what the robots.txt
// file of the request's origin allows.

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
	"github.com/rfc9309/robotstxt/internal/agentname"
)

// ErrDisallowed is what errors.Is finds in the error of a request that a
// robots.txt file disallows; errors.As finds a *DisallowedError with the
// deciding rule.
var ErrDisallowed = errors.New("robotshttp: disallowed by robots.txt")

// A DisallowedError is returned for a request that robots.txt disallows,
// and for one whose crawler name reads as no crawler at all, which fails
// closed: its Decision.Err then says why (see [robotstxt.ErrInvalidAgent]).
type DisallowedError struct {
	URL      string // the URL the request is sent for (see Transport), without userinfo
	Decision robotstxt.Decision
	// Unreachable says that the origin's robots.txt could not be fetched
	// and no good copy stood in, so every URL is disallowed (RFC 9309
	// section 2.3.1.4). Decision.Rule is then the rule of that verdict,
	// "Disallow: /" on line 2 of the file "User-agent: *" / "Disallow: /"
	// (see [Fetch.Robots]), which is no line the origin served: tell it
	// by this field, not by the rule.
	Unreachable bool
}

func (e *DisallowedError) Error() string {
	r := e.Decision.Rule
	switch {
	case e.Decision.Err != nil:
		// The crawler's name refused it, not the file.
		return fmt.Sprintf("robotshttp: %s is not sent: %v", e.URL, e.Decision.Err)
	case e.Unreachable:
		return fmt.Sprintf("robotshttp: %s is disallowed: its robots.txt is unreachable", e.URL)
	case r == (robotstxt.Rule{}):
		return fmt.Sprintf("robotshttp: %s is disallowed by robots.txt", e.URL)
	}
	return fmt.Sprintf("robotshttp: %s is disallowed by robots.txt line %d (Disallow: %s)", e.URL, r.Line, r.Pattern)
}

// Is makes errors.Is(err, ErrDisallowed) true.
func (e *DisallowedError) Is(target error) bool { return target == ErrDisallowed }

// ErrCrawlDelay is what errors.Is finds in the error of a request that is
// not sent because its turn under the Crawl-delay of robots.txt comes too
// late; errors.As finds a *CrawlDelayError with the delay.
var ErrCrawlDelay = errors.New("robotshttp: crawl-delay wait too long")

// A CrawlDelayError is returned, at once, for a request whose turn under
// the Crawl-delay of its origin's robots.txt comes later than the
// Transport's MaxCrawlDelay allows, or after the request's deadline. The
// request is not sent and holds no turn: the requests after it are not
// delayed by it.
type CrawlDelayError struct {
	URL   string        // the URL the request is sent for (see Transport), without userinfo
	Delay time.Duration // the Crawl-delay of the crawler's group
	Wait  time.Duration // how long the request would have waited for its turn
	// Deadline says the turn came after the deadline of the request's
	// context, and not after MaxCrawlDelay; errors.Is then also finds
	// context.DeadlineExceeded.
	Deadline bool
	// Limit is the longest the request could wait: the time left before
	// its context's deadline when Deadline is set, else the Transport's
	// MaxCrawlDelay as it was set (a day for 0, and a negative value
	// waits for no turn).
	Limit time.Duration
}

// Error says what the request waited for, the limit its turn would pass
// and what to change: a client's Timeout (colly's included) is the
// context's deadline, and a Crawl-delay longer than it fails every
// request to the origin after the first.
func (e *CrawlDelayError) Error() string {
	origin, err := Origin(e.URL)
	if err != nil {
		origin = e.URL
	}
	if e.Deadline {
		return fmt.Sprintf("robotshttp: %s is not sent: it waits for its turn at %s, one request per Crawl-delay of %v (robots.txt), "+
			"and its turn comes in %v, past the request's deadline in %v (a client Timeout counts): "+
			"let the deadline allow the wait, with a client Timeout longer than the Crawl-delay, or set Transport.MaxCrawlDelay to refuse waits longer than that",
			e.URL, origin, e.Delay, e.Wait, e.Limit)
	}
	if e.Limit < 0 {
		return fmt.Sprintf("robotshttp: %s is not sent: it waits for its turn at %s, one request per Crawl-delay of %v (robots.txt), "+
			"and its turn comes in %v, while the Transport's MaxCrawlDelay of %v, negative, waits for no turn: set it to 0 for a day, or longer than the Crawl-delay", e.URL, origin, e.Delay, e.Wait, e.Limit)
	}
	return fmt.Sprintf("robotshttp: %s is not sent: it waits for its turn at %s, one request per Crawl-delay of %v (robots.txt), "+
		"and its turn comes in %v, longer than the Transport's MaxCrawlDelay of %v, which a longer MaxCrawlDelay would wait for", e.URL, origin, e.Delay, e.Wait, e.Limit)
}

// Is makes errors.Is(err, ErrCrawlDelay) true, and errors.Is(err,
// context.DeadlineExceeded) when the turn came after the deadline.
func (e *CrawlDelayError) Is(target error) bool {
	return target == ErrCrawlDelay || e.Deadline && target == context.DeadlineExceeded
}

// Transport is an http.RoundTripper that checks each request against the
// robots.txt file of its origin, for the crawler's product tokens, before
// sending it. The origin and path are those the request is sent for: the
// host of its Host header (req.Host, a virtual host) and the target of
// its request line (URL.Opaque when it is set), as net/http writes them.
// A disallowed request is not sent; its error is a *DisallowedError.
// Requests for /robots.txt itself always pass. With
// CrawlDelay set, requests to one origin are spaced by the Crawl-delay of
// the crawler's group, without holding up other origins. A Transport is
// safe for concurrent use once its fields are set.
type Transport struct {
	// Base sends the requests that are allowed; nil means
	// http.DefaultTransport. Unless the Cache's Fetcher has a Client of its
	// own, robots.txt files are fetched through Base too, and, unless the
	// Fetcher has a UserAgent, with the User-Agent header of the request
	// that needs them.
	Base http.RoundTripper
	// Cache supplies the robots.txt files; nil means NewCache(nil, 0), of
	// the Transport's own, made on first use, so that the zero Transport
	// is ready to use. Its Fetcher must not use this Transport, or
	// fetching robots.txt would ask for robots.txt.
	Cache *Cache
	// Agents are the crawler's names, each a name ("ExampleBot"), a
	// versioned name or a whole User-Agent header. The crawler obeys the
	// group [Lookup.Group] chooses for them: for one name, as package
	// crawlers reads it (Googlebot-Image follows Googlebot's group when
	// no group names it; "ExampleBot" in "Mozilla/5.0 (compatible;
	// ExampleBot/1.0; +url)"), and for several, their groups merged
	// (RFC 9309 section 2.2.1). A name that reads as no crawler at all
	// (a path, a URL, or a string in which no name is found) refuses
	// every request (see [DisallowedError]).
	//
	// With none, each request's own User-Agent header is the one name,
	// read as above, so that a Transport with Agents of that one header
	// answers as one without. Logf is told once what the first request's
	// header was read as.
	Agents []string
	// CrawlDelay waits out the group's Crawl-delay between requests to the
	// same origin; the wait ends early, with an error, when the request's
	// context does. Requests waiting for one origin go in no particular
	// order; one that gives up leaves no turn behind.
	CrawlDelay bool
	// MaxCrawlDelay is the longest a request waits for its turn under
	// CrawlDelay: 0 means a day, the longest Crawl-delay the parser takes
	// seriously, and a negative value turns waiting off: a request whose
	// turn has not come fails at once, for a crawler that would rather
	// queue it again than hold a goroutine. A request that would wait
	// longer, or past its context's deadline, fails at once with a
	// *CrawlDelayError.
	MaxCrawlDelay time.Duration
	// Logf, if not nil, receives notes, each once: a User-Agent header
	// without the crawler's name, or, without Agents, the crawler the
	// header was read as. Nil is silent, as for Cache.Logf; log.Printf
	// prints them.
	Logf func(format string, args ...any)

	warnOnce  sync.Once
	setupOnce sync.Once
	ownCache  *Cache       // when Cache is nil
	viaBase   *http.Client // sends through Base, for the Cache's fetches
	mu        sync.Mutex
	next      map[string]time.Time // origin -> earliest time of its next request
	pruneAt   int                  // size of next at which its past turns are dropped
}

// minPruneAt is the least size of Transport.next at which its past turns
// are dropped: below it, a sweep would cost more than it frees.
const minPruneAt = 1024

// RoundTrip implements http.RoundTripper. A nil request, or one without a
// URL, fails with an error, as it does with http.Transport.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	// http.Transport fails these too; the checks below would panic.
	switch {
	case req == nil:
		return nil, errors.New("robotshttp: nil Request")
	case req.URL == nil:
		return refuse(req, errors.New("robotshttp: nil Request.URL"))
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	target, path, err := sentTarget(req)
	if err != nil {
		return refuse(req, err)
	}
	if path == "/robots.txt" {
		return base.RoundTrip(req)
	}
	ua := req.Header.Get("User-Agent")
	t.checkUserAgent(ua)
	cache, client := t.setup(base)
	l, err := cache.get(req.Context(), target, via{client: client, userAgent: ua})
	if err != nil {
		return refuse(req, err)
	}
	var g *robotstxt.Group
	if len(t.Agents) == 0 {
		g = l.Group(ua)
	} else {
		g = l.Group(t.Agents...)
	}
	d := g.Decide(target)
	if !d.Allowed {
		return refuse(req, &DisallowedError{URL: target, Decision: d, Unreachable: l.Unreachable()})
	}
	if t.CrawlDelay {
		if delay, ok := g.CrawlDelay(); ok && delay > 0 {
			if err := t.wait(req, target, l.Origin, delay); err != nil {
				return refuse(req, err)
			}
		}
	}
	return base.RoundTrip(req)
}

// sentTarget returns the URL a request is sent for and its path, as
// net/http writes the request: the request target is URL.RequestURI,
// which is URL.Opaque when that is set, and the host is that of the Host
// header, req.Host (a virtual host), else URL.Host, unless the target is
// an absolute URL, whose host the server takes instead (RFC 9112 section
// 3.2 and 3.3). So a request is decided by the robots.txt of the host
// that answers it, for the path it asks, whatever its URL's other fields
// say. The URL has no userinfo: a password is no part of what
// DisallowedError prints (RFC 3986 section 7.5), and a ';' in one would
// otherwise read as the start of the path.
func sentTarget(req *http.Request) (target, path string, err error) {
	u := req.URL
	uri := u.RequestURI()
	if strings.HasPrefix(uri, "/") {
		path, _, _ = strings.Cut(uri, "?")
		return u.Scheme + "://" + cmp.Or(req.Host, u.Host) + uri, path, nil
	}
	abs, err := url.Parse(uri)
	if err != nil {
		return "", "", fmt.Errorf("robotshttp: request target: %w", parseError(uri, err))
	}
	if abs.Scheme == "" || abs.Host == "" {
		return "", "", fmt.Errorf("robotshttp: request target %q is neither a path nor an absolute URL", redact(uri))
	}
	abs.User = nil
	return abs.String(), abs.EscapedPath(), nil
}

// setup returns the Cache that supplies the files, t.Cache or the
// Transport's own when that is nil, and the client that sends through
// base, made once.
func (t *Transport) setup(base http.RoundTripper) (*Cache, *http.Client) {
	t.setupOnce.Do(func() {
		t.viaBase = &http.Client{Transport: base}
		if t.Cache == nil {
			t.ownCache = NewCache(nil, 0)
		}
	})
	if t.Cache != nil {
		return t.Cache, t.viaBase
	}
	return t.ownCache, t.viaBase
}

// A via is how a request that a Transport checks is sent: the robots.txt
// file it needs is fetched the same way, unless the Cache's Fetcher says
// otherwise. It is the request's and not the Cache's, since one Cache may
// serve several Transports, so the Transport hands it to the Cache with
// each call.
type via struct {
	client    *http.Client // through the Transport's Base; nil for a call of the Cache's own
	userAgent string       // the request's User-Agent header
}

// fetcher returns f, or for a fetch on behalf of a Transport's request, a
// copy that fills in what f leaves unset: its Client sends through the
// Transport's Base (its proxy, its TLS settings), and its UserAgent is
// the request's, which names the crawler as the site sees it.
func (v via) fetcher(f *Fetcher) *Fetcher {
	if v.client == nil || f.Client != nil && f.UserAgent != "" {
		return f
	}
	copied := *f
	if copied.Client == nil {
		copied.Client = v.client
	}
	if copied.UserAgent == "" {
		copied.UserAgent = v.userAgent
	}
	return &copied
}

// refuse returns err for a request that is not sent, closing its body as
// http.RoundTripper asks even then.
func refuse(req *http.Request, err error) (*http.Response, error) {
	if req.Body != nil {
		req.Body.Close()
	}
	return nil, err
}

// maxCrawlWait is the wait a zero Transport.MaxCrawlDelay allows: a day,
// the longest Crawl-delay package robotstxt takes seriously, so that any
// delay a file can set is waited for.
const maxCrawlWait = 24 * time.Hour

// wait holds the request until its origin's turn comes: delay after the
// previous request sent to it. A request takes its turn only when it
// comes, rather than reserving one ahead: a request that gives up while it
// waits then leaves nothing behind to delay the others (with a Crawl-delay
// of a day, each reserved turn left by an abandoned request would push the
// origin back a day). Waiters woken together for one turn compete for it;
// the others wait for the next. Each pass either sends the request, fails
// it, or sleeps until a turn that is later than the one before, so the
// loop ends.
func (t *Transport) wait(req *http.Request, target, origin string, delay time.Duration) error {
	ctx := req.Context()
	setting := cmp.Or(t.MaxCrawlDelay, maxCrawlWait)
	maxWait := max(setting, 0)
	for {
		now := time.Now()
		t.mu.Lock()
		at := t.next[origin]
		if !at.After(now) {
			if t.next == nil {
				t.next = make(map[string]time.Time)
			}
			if len(t.next) >= t.pruneAt {
				t.prune(now)
			}
			t.next[origin] = now.Add(delay)
			t.mu.Unlock()
			return nil
		}
		t.mu.Unlock()
		wait := at.Sub(now)
		if deadline, ok := ctx.Deadline(); wait > maxWait || ok && !deadline.After(at) {
			if wait <= maxWait {
				return &CrawlDelayError{URL: target, Delay: delay, Wait: wait, Deadline: true, Limit: deadline.Sub(now)}
			}
			return &CrawlDelayError{URL: target, Delay: delay, Wait: wait, Limit: setting}
		}
		if err := sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// prune drops the turns that have come, which hold back no request: an
// origin is then kept only while its Crawl-delay runs, not for as long as
// the Transport lives. Sweeping when the map has doubled since the last
// sweep keeps the cost per request constant, and the map within twice the
// origins whose delay runs (or minPruneAt). t.mu is held.
func (t *Transport) prune(now time.Time) {
	for origin, at := range t.next {
		if !at.After(now) {
			delete(t.next, origin)
		}
	}
	t.pruneAt = max(2*len(t.next), minPruneAt)
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

// checkUserAgent says once what the crawler is taken to be: with Agents,
// it warns when the request's User-Agent header, ua, does not contain
// one of their names, since sites address crawlers by name; without, it
// says which crawler ua was read as, and warns when ua gives no name, so
// that the request is matched against the "*" group, or refused when ua
// reads as no crawler at all (see [robotstxt.ErrInvalidAgent]).
func (t *Transport) checkUserAgent(ua string) {
	if t.Logf == nil {
		return
	}
	lower := strings.ToLower(ua)
	for _, a := range t.Agents {
		if name := robotstxt.ProductToken(a); name != "" && strings.Contains(lower, strings.ToLower(name)) {
			return
		}
	}
	t.warnOnce.Do(func() {
		logf := t.Logf
		if len(t.Agents) > 0 {
			logf("robotshttp: the User-Agent header %q does not contain the crawler name %q that robots.txt rules are matched against", ua, t.Agents)
			return
		}
		if c, ok := crawlers.Identify(ua); ok {
			star := "then the \"*\" group"
			if c.IgnoresStar {
				star = "never the \"*\" group"
			}
			logf("robotshttp: the User-Agent header %q is the crawler %s (%s): it obeys the group of the first of %q that robots.txt names, %s, as its operator documents (%s)", ua, c.Name(), c.Operator, c.Tokens, star, c.Source)
			return
		}
		if name := crawlers.Name(ua); name != "" {
			logf("robotshttp: the User-Agent header %q names the crawler %q, which the crawlers registry does not know: it obeys the group of %q, else the \"*\" group", ua, name, name)
			return
		}
		if agentname.NoCrawler(ua) {
			logf("robotshttp: the User-Agent header %q names no crawler and the Transport has no Agents: every request is refused (robotstxt.ErrInvalidAgent)", ua)
			return
		}
		logf("robotshttp: the User-Agent header %q names no crawler and the Transport has no Agents: robots.txt's \"*\" group applies", ua)
	})
}
