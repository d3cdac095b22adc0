package robotshttp

// This file implements the caching rules of RFC 9309 section 2.4: a
// fetched file is used for at most 24 hours, and while its origin is
// unreachable the last good copy stands in for up to 30 days.

import (
	"container/list"
	"context"
	"sync"
	"time"

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
	// DefaultMaxEntries bounds the in-memory store.
	DefaultMaxEntries = 10000
)

// An Entry is what a Cache keeps for one origin. Its exported fields are
// all a shared store needs to save; the parsed file is rebuilt from Body.
type Entry struct {
	Fetch *Fetch // the latest fetch
	// Good is the latest fetch that was Available, kept to stand in while
	// the origin is unreachable; nil when there was none.
	Good *Fetch
	// Expires is when the origin should be fetched again.
	Expires time.Time

	mu     sync.Mutex
	robots *robotstxt.Robots // parsed from the fetch in use, for an in-memory store
	source *Fetch            // the fetch robots was parsed from
}

// A Store keeps cache entries by origin. The in-memory store is the
// default; a crawler fleet can share one by implementing Store over a
// shared database, saving each Entry's exported fields (Fetch and Good
// with their bodies, and Expires). Get and Put are called concurrently.
type Store interface {
	Get(origin string) (*Entry, bool)
	Put(origin string, e *Entry)
}

// MemoryStore is an in-memory Store that keeps at most a fixed number of
// entries, evicting the least recently used.
type MemoryStore struct {
	max   int
	mu    sync.Mutex
	ll    *list.List // front: most recently used
	items map[string]*list.Element
}

type memItem struct {
	key string
	e   *Entry
}

// NewMemoryStore returns a store of at most max entries (max <= 0 means
// DefaultMaxEntries).
func NewMemoryStore(max int) *MemoryStore {
	if max <= 0 {
		max = DefaultMaxEntries
	}
	return &MemoryStore{max: max, ll: list.New(), items: make(map[string]*list.Element)}
}

// Get returns the entry for origin and marks it recently used.
func (s *MemoryStore) Get(origin string) (*Entry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.items[origin]
	if !ok {
		return nil, false
	}
	s.ll.MoveToFront(el)
	return el.Value.(*memItem).e, true
}

// Put stores the entry for origin, evicting the least recently used entry
// when the store is full.
func (s *MemoryStore) Put(origin string, e *Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.items[origin]; ok {
		el.Value.(*memItem).e = e
		s.ll.MoveToFront(el)
		return
	}
	s.items[origin] = s.ll.PushFront(&memItem{origin, e})
	for s.ll.Len() > s.max {
		last := s.ll.Back()
		s.ll.Remove(last)
		delete(s.items, last.Value.(*memItem).key)
	}
}

// Len returns the number of entries.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ll.Len()
}

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
// for one origin share one fetch. The zero value is not usable; fill in
// Fetcher at least (NewCache does). A Cache is safe for concurrent use.
type Cache struct {
	Fetcher *Fetcher
	// Store keeps the entries; nil means an in-memory store of
	// DefaultMaxEntries, made on first use.
	Store Store
	// MaxAge bounds how long a file is used: 0 means DefaultMaxAge. A
	// shorter Cache-Control max-age from the server wins.
	MaxAge time.Duration
	// StaleFor is how long the last good copy stands in while the origin
	// is unreachable: 0 means DefaultStaleFor.
	StaleFor time.Duration
	// AfterStale says what applies past StaleFor.
	AfterStale StalePolicy
	// RetryUnreachable is how long an unreachable origin is left alone
	// before it is fetched again: 0 means DefaultRetryUnreachable.
	RetryUnreachable time.Duration

	once     sync.Once
	mu       sync.Mutex
	inflight map[string]*call
}

type call struct {
	done  chan struct{}
	entry *Entry
}

// NewCache returns a cache that fetches with f and keeps at most
// maxEntries origins in memory (0: DefaultMaxEntries).
func NewCache(f *Fetcher, maxEntries int) *Cache {
	return &Cache{Fetcher: f, Store: NewMemoryStore(maxEntries)}
}

func (c *Cache) init() {
	c.once.Do(func() {
		if c.Store == nil {
			c.Store = NewMemoryStore(0)
		}
		if c.Fetcher == nil {
			c.Fetcher = &Fetcher{}
		}
		c.inflight = make(map[string]*call)
	})
}

// A Lookup is the answer of a Cache for one origin.
type Lookup struct {
	Origin string
	Robots *robotstxt.Robots // the rules that apply now
	Fetch  *Fetch            // the fetch the rules come from (nil when they come from StaleAllow or the unreachable verdict)
	Latest *Fetch            // the latest fetch, which differs from Fetch while a stale copy stands in
	Stale  bool              // a stale copy stands in for an unreachable origin
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
	now := time.Now()
	if e, ok := c.Store.Get(origin); ok && now.Before(e.Expires) {
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
			cl.entry = c.refresh(context.WithoutCancel(ctx), origin)
			c.mu.Lock()
			delete(c.inflight, origin)
			c.mu.Unlock()
			close(cl.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-cl.done:
		return c.lookup(origin, cl.entry, time.Now()), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// refresh fetches origin's file and stores the new entry.
func (c *Cache) refresh(ctx context.Context, origin string) *Entry {
	f := c.Fetcher.Fetch(ctx, origin+"/robots.txt")
	now := time.Now()
	old, _ := c.Store.Get(origin)
	e := &Entry{Fetch: f}
	switch f.Access {
	case Available:
		e.Good = f
		e.Expires = now.Add(c.maxAge(f))
	case Unavailable:
		e.Expires = now.Add(c.maxAge(f))
	case Unreachable:
		if old != nil {
			e.Good = old.Good
		}
		retry := c.RetryUnreachable
		if retry <= 0 {
			retry = DefaultRetryUnreachable
		}
		e.Expires = now.Add(retry)
	}
	c.Store.Put(origin, e)
	return e
}

func (c *Cache) maxAge(f *Fetch) time.Duration {
	d := c.MaxAge
	if d <= 0 {
		d = DefaultMaxAge
	}
	if f.MaxAge >= 0 && f.MaxAge < d {
		d = f.MaxAge
	}
	return d
}

// lookup decides which fetch of an entry applies at now and returns its
// parsed rules, parsing at most once per entry and fetch.
func (c *Cache) lookup(origin string, e *Entry, now time.Time) *Lookup {
	l := &Lookup{Origin: origin, Latest: e.Fetch, Fetch: e.Fetch}
	opts := c.Fetcher.Options
	src := e.Fetch
	if e.Fetch.Access == Unreachable {
		staleFor := c.StaleFor
		if staleFor <= 0 {
			staleFor = DefaultStaleFor
		}
		switch {
		case e.Good != nil && (now.Sub(e.Good.FetchedAt) <= staleFor || c.AfterStale == StaleKeep):
			src, l.Fetch, l.Stale = e.Good, e.Good, true
		case e.Good != nil && c.AfterStale == StaleAllow:
			l.Fetch = nil
			l.Robots = robotstxt.AllowAll(opts.Mode)
			return l
		}
	}
	e.mu.Lock()
	if e.source != src || e.robots == nil {
		e.robots, e.source = src.Robots(opts), src
	}
	l.Robots = e.robots
	e.mu.Unlock()
	return l
}

// Decide fetches (or finds in the cache) the robots.txt file of target's
// origin and decides target for a crawler answering to agents.
func (c *Cache) Decide(ctx context.Context, target string, agents ...string) (robotstxt.Decision, *Lookup, error) {
	l, err := c.Get(ctx, target)
	if err != nil {
		return robotstxt.Decision{}, nil, err
	}
	return l.Robots.Decide(target, agents...), l, nil
}
