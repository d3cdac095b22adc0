package robotshttp

// This file implements the caching rules of RFC 9309 section 2.4: a
// fetched file is used for at most 24 hours, and while its origin is
// unreachable the last good copy stands in for up to 30 days.

import (
	"cmp"
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/rfc9309/robotstxt"
)

// Cache lifetimes.
const (
	// DefaultMaxAge is the longest a fetched file is used before it is
	// fetched again (RFC 9309 section 2.4).
	DefaultMaxAge = 24 * time.Hour
	// DefaultStaleFor is how long the last good copy stands in while the
	// origin is unreachable (RFC 9309 section 2.4 allows 30 days).
	DefaultStaleFor = 30 * 24 * time.Hour
	// DefaultRetryUnreachable is how long an unreachable verdict is kept
	// before the origin is tried again.
	DefaultRetryUnreachable = time.Hour
	// DefaultMinAge is the shortest a fetched file is used when the
	// server's Cache-Control asks for less: "max-age=0" would otherwise
	// cost a fetch of robots.txt for every page requested.
	DefaultMinAge = time.Minute
)

// StalePolicy says what applies once an origin has been unreachable for
// longer than a Cache's StaleFor.
type StalePolicy uint8

const (
	// StaleDisallow applies the unreachable verdict: disallow everything
	// (RFC 9309 section 2.3.1.4). The default.
	StaleDisallow StalePolicy = iota
	// StaleAllow treats the file as unavailable: allow everything, which
	// RFC 9309 section 2.4 permits after 30 days.
	StaleAllow
	// StaleKeep goes on using the last good copy, which section 2.4 also
	// permits.
	StaleKeep
)

// A Cache fetches robots.txt files as a crawler needs them and keeps them
// by origin for as long as RFC 9309 section 2.4 allows. Concurrent callers
// for one origin share one fetch. The zero value fetches with a zero
// Fetcher into an in-memory store of DefaultMaxEntries; NewCache sets the
// Fetcher and the bound. A Cache is safe for concurrent use once its
// fields are set.
//
// A Cache that makes its store (Store nil, or NewCache) is that store's
// only user, and keeps in it each file parsed, in place of its body,
// which a verdict no longer needs. The fetches in its Lookups have a nil
// Body, and their Robots method returns the Cache's rules. A caller who
// wants the bodies gives the Cache a store, such as NewMemoryStore(0).
//
// A parsed file grows as it is queried: each group of many rules builds
// an index after its first few queries, which holds about twice the
// bytes of its rules' text. Its parse and indexes take from 1.5 to 4
// times the bytes of the body, the most for a file of many rules that
// begin with '*'. The byte budget (MaxBytes) counts each parsed file at
// what it holds once every index it can build is built, as
// [robotstxt.Robots.Footprint] says, from the time it is parsed, so that
// queries never take the Cache past its budget.
//
// A store given may be shared, by other Caches or other machines, so it
// gets whole entries, bodies included (see [Store]). Beside it, a Cache
// keeps in memory the parsed form of each origin's file, so that a file
// is parsed once per fetch however many calls it answers, and a store
// that hands back new values each time (a networked one) costs no parse
// while the file is unchanged. It keeps as many parsed files as
// NewCache's maxEntries (DefaultMaxEntries for a Cache made otherwise),
// and as many bytes as MaxBytes, counted as above, evicting the least
// recently used; it keeps a sum of each body, not the body.
type Cache struct {
	Fetcher *Fetcher
	// Store keeps the entries; nil means an in-memory store of
	// DefaultMaxEntries, made on first use, which keeps parsed rules in
	// place of bodies.
	Store Store
	// MaxAge bounds how long a file is used: 0 means DefaultMaxAge. A
	// shorter Cache-Control max-age from the server wins, down to MinAge.
	MaxAge time.Duration
	// MinAge is the shortest a file is used however short the server's
	// max-age (but never longer than MaxAge), and the shortest a 429 or
	// 5xx verdict is kept however short its Retry-After (but never longer
	// than RetryUnreachable): 0 means DefaultMinAge, a negative value
	// follows any max-age or Retry-After, 0 included.
	MinAge time.Duration
	// StaleFor is how long the last good copy stands in while the origin
	// is unreachable: 0 means DefaultStaleFor.
	StaleFor time.Duration
	// AfterStale says what applies past StaleFor.
	AfterStale StalePolicy
	// RetryUnreachable is how long an unreachable origin is left alone
	// before it is fetched again: 0 means DefaultRetryUnreachable. A 429
	// or 5xx answer whose Retry-After asks for less is fetched again
	// then, but no sooner than MinAge; no 429 or 5xx verdict is kept
	// longer, a 429 read as unavailable included (see
	// Fetcher.TooManyRequestsUnavailable).
	RetryUnreachable time.Duration
	// Logf, if not nil, is told when the Store starts failing (the Cache
	// then fetches without it) and when it answers again: once each
	// time, not for every call. The rules still follow RFC 9309 either
	// way, and each Lookup carries its own StoreErr.
	Logf func(format string, args ...any)

	// MaxBytes bounds the parsed files kept in memory, each counted at
	// its Footprint (what its parse and the indexes its queries build
	// hold), and the in-memory store made when Store is nil, which keeps
	// parsed files counted alike: 0 means DefaultMaxStoreBytes. The least
	// recently used are evicted; the file parsed last is kept even when
	// it alone is over the budget. The Groups a Robots builds for calls
	// with names of several of its groups come on top (see
	// [robotstxt.Robots.Footprint]).
	MaxBytes int64

	maxParsed    int          // set by NewCache; 0 means DefaultMaxEntries
	own          *MemoryStore // the store the Cache made, while it is Store; its entries keep rules, not bodies
	storeFailing atomic.Bool  // the Store's last call in a fetch failed, and Logf was told

	once     sync.Once
	mu       sync.Mutex
	inflight map[string]*call  // origin -> the fetch under way
	parsed   *lru[*parsedFile] // origin -> the file last parsed for it
}

// A call is one fetch that concurrent callers for an origin wait for.
type call struct {
	done  chan struct{}
	entry Entry
	err   error // of the Store
}

// A parsedFile is the rules parsed from one fetch. Its once lets the
// callers that want it together wait for one parse. It keeps no body:
// the Store holds that for as long as it keeps the fetch, and no longer.
type parsedFile struct {
	source weak.Pointer[Fetch] // the fetch last found to parse to robots
	file   fileSum             // of every fetch that parses to robots
	once   sync.Once
	robots *robotstxt.Robots
	held   int64 // robots.Footprint(), set with robots
}

// NewCache returns a cache that fetches with f and keeps at most
// maxEntries origins in memory (0: DefaultMaxEntries), in its store and
// in its parsed files alike. The store is the Cache's own, which keeps
// parsed rules in place of bodies (see [Cache]); another Store set in
// its place before the Cache's first use gets whole entries.
func NewCache(f *Fetcher, maxEntries int) *Cache {
	s := NewMemoryStore(maxEntries)
	return &Cache{Fetcher: f, Store: s, maxParsed: maxEntries, own: s}
}

func (c *Cache) init() {
	c.once.Do(func() {
		if c.Store == nil {
			c.own = NewMemoryStoreBytes(0, c.MaxBytes)
			c.Store = c.own
		}
		if c.Store != Store(c.own) {
			// A store set in place of NewCache's may be shared.
			c.own = nil
		}
		if c.Fetcher == nil {
			c.Fetcher = &Fetcher{}
		}
		c.inflight = make(map[string]*call)
		c.parsed = newLRU(c.maxParsed, c.MaxBytes, parsedSize)
	})
}

// A Lookup is the answer of a Cache for one origin.
type Lookup struct {
	Origin string
	Robots *robotstxt.Robots // the rules that apply now
	Fetch  *Fetch            // the fetch the rules come from (nil when they come from StaleAllow)
	Latest *Fetch            // the latest fetch, which differs from Fetch while a stale copy stands in
	Stale  bool              // a stale copy stands in for an unreachable origin
	// StoreErr is what the Store's Get or Put failed with in this call, if
	// anything. The rules still follow RFC 9309 (see [Store] for what a
	// failing store costs).
	StoreErr error
}

// Unreachable reports whether the rules are the unreachable verdict of
// RFC 9309 section 2.3.1.4, disallowing everything: the latest fetch
// reached no file and no good copy stands in.
func (l *Lookup) Unreachable() bool {
	return l.Fetch != nil && l.Fetch.Access == Unreachable
}

// Get returns the rules for the origin of rawURL, fetching its robots.txt
// file when the cache has no fresh copy. The only errors are a URL without
// an http(s) origin and the end of ctx while waiting for the fetch.
func (c *Cache) Get(ctx context.Context, rawURL string) (*Lookup, error) {
	c.init()
	origin, err := Origin(rawURL)
	if err != nil {
		return nil, err
	}
	e, ok, getErr := c.Store.Get(ctx, origin)
	if now := time.Now(); getErr == nil && ok && c.answers(e, now) {
		return c.lookup(origin, e, now), nil
	}
	// One fetch per origin: the first caller starts it, everyone waits for
	// it or for their own context. The fetch does not end with the first
	// caller's context, so that a caller giving up cannot leave an
	// "unreachable" verdict in the cache for everyone else.
	c.mu.Lock()
	cl, ok := c.inflight[origin]
	if !ok {
		cl = &call{done: make(chan struct{})}
		c.inflight[origin] = cl
		go func() {
			// With a Leaser for a Store, one fetch for the whole fleet.
			cl.entry, cl.err = c.refreshShared(context.WithoutCancel(ctx), origin)
			c.noteStore(cmp.Or(getErr, cl.err))
			c.mu.Lock()
			delete(c.inflight, origin)
			c.mu.Unlock()
			close(cl.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-cl.done:
		l := c.lookup(origin, cl.entry, time.Now())
		l.StoreErr = cmp.Or(getErr, cl.err)
		return l, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// refresh fetches origin's file and stores the new entry, returning it
// and the Store's errors.
func (c *Cache) refresh(ctx context.Context, origin string) (Entry, error) {
	f := c.fetcher(ctx).Fetch(ctx, origin+"/robots.txt")
	if c.own != nil && c.Store == Store(c.own) {
		// A MemoryStore's Get never fails.
		old, _, _ := c.own.Get(ctx, origin)
		f = c.slim(f, old)
	}
	now := time.Now()
	e := Entry{Fetch: f}
	switch f.Access {
	case Available:
		e.Good = f
		e.Expires = now.Add(c.maxAge(f))
	case Unavailable:
		if f.StatusCode == http.StatusTooManyRequests {
			// Read as unavailable by the Fetcher's choice, a 429 still
			// says "later", not "no rules": kept no longer than an
			// unreachable verdict.
			e.Expires = now.Add(c.retry(f))
		} else {
			e.Expires = now.Add(c.maxAge(f))
		}
	case Unreachable:
		old, _, err := c.Store.Get(ctx, origin)
		if err != nil {
			// The store may still hold a good copy, which this entry,
			// without one, would overwrite.
			return e, err
		}
		if old.Good != nil && c.readable(old.Good) {
			e.Good = old.Good
		}
		e.Expires = now.Add(c.retry(f))
	}
	return e, c.Store.Put(ctx, origin, e)
}

// retry returns how long the verdict of f, an unreachable fetch or a 429,
// is kept: RetryUnreachable, or less when the answer's Retry-After asks
// for less, but no less than MinAge (so that "Retry-After: 0" does not
// cost a fetch per page).
func (c *Cache) retry(f *Fetch) time.Duration {
	d := c.RetryUnreachable
	if d <= 0 {
		d = DefaultRetryUnreachable
	}
	if f.RetryAfter >= 0 && f.RetryAfter < d {
		least := c.MinAge
		if least == 0 {
			least = DefaultMinAge
		}
		d = max(f.RetryAfter, min(least, d))
	}
	return d
}

func (c *Cache) maxAge(f *Fetch) time.Duration {
	d := c.MaxAge
	if d <= 0 {
		d = DefaultMaxAge
	}
	if f.MaxAge >= 0 && f.MaxAge < d {
		least := c.MinAge
		if least == 0 {
			least = DefaultMinAge
		}
		d = max(f.MaxAge, min(least, d))
	}
	return d
}

// lookup decides which fetch of an entry applies at now and returns its
// parsed rules.
func (c *Cache) lookup(origin string, e Entry, now time.Time) *Lookup {
	l := &Lookup{Origin: origin, Latest: e.Fetch, Fetch: e.Fetch}
	if e.Fetch.Access == Unreachable && e.Good != nil {
		staleFor := c.StaleFor
		if staleFor <= 0 {
			staleFor = DefaultStaleFor
		}
		switch {
		case now.Sub(e.Good.FetchedAt) <= staleFor || c.AfterStale == StaleKeep:
			l.Fetch, l.Stale = e.Good, true
		case c.AfterStale == StaleAllow:
			l.Fetch = nil
			l.Robots = allowAll(c.Fetcher.Options)
			return l
		}
	}
	l.Robots = c.parse(origin, l.Fetch)
	return l
}

// parse returns the rules of f, parsing it at most once while it is the
// fetch in use for origin.
func (c *Cache) parse(origin string, f *Fetch) *robotstxt.Robots {
	if f.kept != nil {
		// From a Cache's own store: parsed already.
		return f.Robots(c.Fetcher.Options)
	}
	c.mu.Lock()
	p, ok := c.parsed.get(origin)
	// The next call, with the same fetch from a MemoryStore, ends here
	// (BenchmarkCacheDecide/given_store).
	same := ok && p.source.Value() == f
	c.mu.Unlock()
	if !same {
		// A fetch that is not the one parsed comes from a refetch, or
		// from a networked store, which hands back a new value each time:
		// summing its body costs no more than that store's transfer of
		// it, and spares a parse. The sum is made outside the lock, which
		// every origin's calls take. The weak pointer to the fetch costs
		// about 0.1 µs, against the sum of the whole body on every call
		// from a MemoryStore after a refetch of an unchanged file.
		file := sumFile(f)
		c.mu.Lock()
		if p, ok = c.parsed.get(origin); !ok || p.file != file {
			p = &parsedFile{file: file}
			c.parsed.put(origin, p)
		}
		p.source = weak.Make(f)
		c.mu.Unlock()
	}
	parsed := false
	p.once.Do(func() {
		p.robots = f.Robots(c.Fetcher.Options)
		p.held, parsed = p.robots.Footprint(), true
	})
	if parsed {
		// The file was counted empty until parsed: count it again, and
		// evict others if it does not fit, unless it went meanwhile.
		c.mu.Lock()
		if q, ok := c.parsed.peek(origin); ok && q == p {
			c.parsed.put(origin, p)
		}
		c.mu.Unlock()
	}
	return p.robots
}

// parsedSize is the bytes a parsed file counts for: its Footprint, which
// counts the indexes its queries will build (see [Cache]).
func parsedSize(p *parsedFile) int64 {
	return entryOverhead + p.held
}

// Decide fetches (or finds in the cache) the robots.txt file of target's
// origin and decides target for the crawler with product token agent,
// taking its arguments in the order of [robotstxt.Robots.Decide]. A
// crawler that answers to several names asks [Cache.Get] for the file and
// decides with l.Robots.Group(names...).Decide(target). The target's
// userinfo is no part of its path: "http://u:a;b@host/private" is decided
// as "/private".
func (c *Cache) Decide(ctx context.Context, agent, target string) (robotstxt.Decision, *Lookup, error) {
	l, err := c.Get(ctx, target)
	if err != nil {
		return robotstxt.Decision{}, nil, err
	}
	// A ';' in a password would read as the start of the path, which
	// then escapes the rules: the userinfo is no part of it.
	return l.Robots.Decide(agent, redact(target)), l, nil
}
