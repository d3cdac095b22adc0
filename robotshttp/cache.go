package robotshttp

// This file implements the caching rules of RFC 9309 section 2.4: a
// fetched file is used for at most 24 hours, and while its origin is
// unreachable the last good copy stands in for as long as Cache.StaleFor
// says.

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
	"weak"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// DefaultStaleFor is how long the last good copy of a file stands in
// while its origin is unreachable, when [Cache.StaleFor] is 0: RFC 9309
// section 2.3.1.4's "reasonably long period of time (for example, 30
// days)". A Store that keeps good copies, such as redisstore, keeps them
// as long.
const DefaultStaleFor = 30 * 24 * time.Hour

// Cache lifetimes and bounds, documented on the fields that default to
// them.
const (
	// RFC 9309 section 2.4: a cached file is used for at most 24 hours.
	defaultMaxAge           = 24 * time.Hour
	defaultRetryUnreachable = time.Hour
	// "max-age=0" would otherwise cost a fetch of robots.txt for every
	// page requested.
	defaultMinAge     = time.Minute
	defaultMaxEntries = 10000
	// At 10,000 origins of the 500 KiB that RFC 9309 section 2.5 allows,
	// the cache would otherwise hold from 10 to 25 GB.
	defaultMaxMemory = 128 << 20
)

// A Cache fetches robots.txt files as a crawler needs them and keeps them
// by origin for as long as RFC 9309 section 2.4 allows. Concurrent callers
// for one origin share one fetch, and each fetch is parsed once however
// many calls it answers. A Cache is safe for concurrent use once its
// fields are set.
//
// NewCache makes a Cache; its fields may then be set before its first
// use. A Cache literal is the same as NewCache(Fetcher, 0) with the same
// fields set, and the zero Cache, which fetches with a zero Fetcher, is
// ready to use.
//
// The Cache keeps in memory, for each origin it answered lately, the
// parsed form of its file, and, when it has no Store, the origin's
// [Entry] too, bodies included. It keeps at most NewCache's maxEntries
// origins and MaxMemory bytes, evicting the least recently
// used. A parsed file is counted at its [robotstxt.Robots.Footprint],
// what it holds once every index its queries can build is built, from
// the time it is parsed, so that queries never take the Cache past its
// budget. That is about 0.6 KB for the smallest files; 1.5 to 4.7 times
// the bytes parsed for the real files of rules of over 50 KB in the
// repository's corpus (2.4 for the 500 KiB of docs.oracle.com's file
// that a Fetcher reads); and 9.7 times, the most per byte, for 500 KiB
// of rules that each begin with '*' and 16 letters, whose index holds
// an automaton of their letters (TestCacheFootprintAsDocumented).
// An entry kept in memory counts for
// its fetches, bodies, URLs and errors; and each origin for what the
// Cache keeps to find and evict it (its key, its records, its share of
// the Cache's map), estimated from their types' sizes, so that the
// budget holds for files of any size, a few bytes each included.
//
// A Store, when given, keeps the entries instead, whole, bodies included
// (see [Store]), so that Caches in other processes sharing it can parse
// them in any mode; the Cache then keeps only the parsed files in
// memory, with a sum of each body, which tells a refetch of an unchanged
// file (or a new copy of it from a networked store) from a changed one,
// at no parse.
//
// Either way the fetches in its Lookups have their bodies, and their
// Robots method parses them in the options asked.
type Cache struct {
	Fetcher *Fetcher
	// Store keeps the entries, for a crawler fleet that shares them; nil
	// means the Cache keeps them in memory, beside the parsed files.
	Store Store
	// MaxAge bounds how long a file is used: 0 means 24 hours (RFC 9309
	// section 2.4), and a negative value keeps no file, so that each call
	// fetches it again (concurrent calls still share one fetch). A
	// shorter Cache-Control max-age from the server wins, down to MinAge.
	MaxAge time.Duration
	// MinAge is the shortest a file is used however short the server's
	// max-age (but never longer than MaxAge), and the shortest a 429 or
	// 5xx verdict is kept however short its Retry-After (but never longer
	// than RetryUnreachable): 0 means a minute, a negative value follows
	// any max-age or Retry-After, 0 included.
	MinAge time.Duration
	// StaleFor is how long the last good copy stands in while the origin
	// is unreachable: 0 means [DefaultStaleFor], and a negative value lets no copy
	// stand in. Past it, the unreachable verdict applies and everything
	// is disallowed (RFC 9309 section 2.3.1.4); a crawler that would
	// rather go on using the copy, which section 2.3.1.4 also permits,
	// sets StaleFor longer.
	StaleFor time.Duration
	// RetryUnreachable is how long an unreachable origin is left alone
	// before it is fetched again: 0 means an hour, and a negative value
	// keeps no such verdict, so that the next call fetches again (the
	// good copy, if any, still stands in). A 429 or 5xx answer
	// whose Retry-After asks for less is fetched again then, but no
	// sooner than MinAge; no 429 or 5xx verdict is kept longer, a 429
	// read as unavailable included (see
	// Fetcher.TooManyRequestsUnavailable).
	RetryUnreachable time.Duration
	// Logf, if not nil, is told when the Store starts failing (the Cache
	// then fetches without it) and when it answers again: once each
	// time, not for every call. The rules still follow RFC 9309 either
	// way, and each Lookup carries its own StoreErr.
	Logf func(format string, args ...any)
	// MaxMemory bounds the bytes the Cache keeps in memory, counted as
	// above: 0 means 128 MiB, and a negative value sets no bound in
	// bytes, only NewCache's bound on origins. The file used last is
	// kept even when it alone is over the budget. The Group of several
	// names that [Lookup.Group] keeps with a file counts too, at its
	// [robotstxt.Group.Footprint]. It is no limit on the size of
	// a file, which the Fetcher's Options.MaxBytes sets.
	MaxMemory int64

	maxEntries   int         // set by NewCache; 0 means defaultMaxEntries
	storeFailing atomic.Bool // the Store's last call in a fetch failed, and Logf was told

	once     sync.Once
	mu       sync.Mutex
	inflight map[string]*call // origin -> the fetch under way
	origins  *lru[*slot]      // origin -> what is kept of it in memory
}

// A call is one fetch that concurrent callers for an origin wait for.
type call struct {
	done  chan struct{}
	entry Entry
	err   error // of the Store
}

// A slot is what a Cache keeps in memory of one origin, in its one lru.
// Its fields are read and set with the Cache's mu held.
type slot struct {
	entry  Entry       // the origin's entry, when the Cache has no Store
	parsed *parsedFile // the file last parsed for the origin, or nil
}

// A parsedFile is the rules parsed from one fetch. Its once lets the
// callers that want it together wait for one parse. It keeps no body:
// the entry holds that for as long as it keeps the fetch, and no longer.
type parsedFile struct {
	source weak.Pointer[Fetch] // the fetch last found to parse to robots
	file   fileSum             // of every fetch that parses to robots
	once   sync.Once
	robots *robotstxt.Robots
	// held is robots.Footprint(), set with robots, and the bytes of union:
	// atomic, since the slot is counted again (under the Cache's lock) by
	// other callers of the origin while one parses it (outside the lock).
	held atomic.Int64
	// union is the Group that Lookup.Group made last for several names,
	// kept for the next call with the same ones (a Transport's Agents on
	// each of its requests); unionMu guards it.
	unionMu sync.Mutex
	union   *keptUnion
}

// A keptUnion is the Group of several names, and the bytes it counts for
// in its parsedFile's held: its Footprint, its names and itself.
type keptUnion struct {
	names []string
	group *robotstxt.Group
	bytes int64
}

// slotSize is the bytes a slot counts for: its own, those of its entry
// (see entrySize), and the Footprint of its parsed file, which counts the
// indexes its queries will build (see [Cache]). The lru adds what it
// holds for each slot (see lru.put).
func slotSize(s *slot) int64 {
	n := slotBytes + entrySize(s.entry)
	if p := s.parsed; p != nil {
		n += p.held.Load()
	}
	return n
}

// slotBytes is what a slot holds of its own: the slot, its parsedFile and
// the handle a weak pointer allocates, each rounded as allocBytes rounds.
const slotBytes = int64((unsafe.Sizeof(slot{})+15)&^15 + (unsafe.Sizeof(parsedFile{})+15)&^15 + 16)

// NewCache returns a cache that fetches with f (nil: a zero Fetcher) and
// keeps at most maxEntries origins in memory: 0 means 10,000, and a
// negative value sets no bound on origins, only MaxMemory's on bytes.
// See [Cache].
func NewCache(f *Fetcher, maxEntries int) *Cache {
	return &Cache{Fetcher: f, maxEntries: maxEntries}
}

func (c *Cache) init() {
	c.once.Do(func() {
		if c.Fetcher == nil {
			c.Fetcher = &Fetcher{}
		}
		c.inflight = make(map[string]*call)
		c.origins = newLRU(c.maxEntries, c.MaxMemory, slotSize)
	})
}

// load returns origin's entry from the Store, or from memory when the
// Cache has none.
func (c *Cache) load(ctx context.Context, origin string) (Entry, bool, error) {
	if c.Store != nil {
		return c.Store.Get(ctx, origin)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.origins.get(origin)
	if !ok || s.entry.Fetch == nil {
		return Entry{}, false, nil
	}
	return s.entry, true, nil
}

// save keeps origin's entry in the Store, or in memory when the Cache has
// none.
func (c *Cache) save(ctx context.Context, origin string, e Entry) error {
	if c.Store != nil {
		return c.Store.Put(ctx, origin, e)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.origins.peek(origin)
	if !ok {
		s = &slot{}
	}
	s.entry = e
	c.origins.put(origin, s)
	return nil
}

// A Lookup is the answer of a Cache for one origin.
type Lookup struct {
	Origin string
	Robots *robotstxt.Robots // the rules that apply now
	Fetch  *Fetch            // the fetch the rules come from
	Stale  bool              // Fetch is the last good copy, standing in for an unreachable origin
	// StoreErr is what the Store's Get or Put failed with in this call, if
	// anything. The rules still follow RFC 9309 (see [Store] for what a
	// failing store costs).
	StoreErr error

	cache *Cache      // the Cache that made it, or nil
	file  *parsedFile // where that Cache keeps Robots, or nil
}

// Group returns the group of l.Robots that the crawler named by agents
// obeys, as every entry point of this package that decides chooses it.
// One name, a product token or a whole User-Agent header, is read as
// package crawlers reads it ([crawlers.Group]): a crawler of its registry
// obeys the group its operator documents (Googlebot-Image, Googlebot's
// group when no group names Googlebot-Image; AdsBot-Google ignores "*"),
// and any other the group of the name [crawlers.Name] reads in it, else
// "*", as [robotstxt.Robots.Group] reads that name.
// Several names, a crawler that answers to all of them, obey their groups
// merged, as RFC 9309 section 2.2.1 reads them and
// [robotstxt.Robots.Group] gives them; "*" alone is read so too, as the
// "*" group. When the unreachable verdict applies, it disallows
// everything for every crawler, one that ignores "*" included (RFC 9309
// section 2.3.1.4). Group returns nil, which
// allows everything, when the crawler obeys no group, and a Group that
// allows nothing for a name that reads as no crawler at all (see
// [robotstxt.ErrInvalidAgent]).
//
// The Group of several names is kept with a file the Cache keeps, and
// counted in its MaxMemory, for the next call with the same names.
func (l *Lookup) Group(agents ...string) *robotstxt.Group {
	if len(agents) == 1 && agents[0] != "*" && !l.Unreachable() {
		return crawlers.Group(l.Robots, agents[0])
	}
	if len(agents) > 1 && l.file != nil && l.file.robots == l.Robots {
		return l.cache.union(l.Origin, l.file, agents)
	}
	return l.Robots.Group(agents...)
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
	return c.get(ctx, rawURL, via{})
}

// get is Get for a request sent via v, which a fetch for it follows
// where the Fetcher leaves it open.
func (c *Cache) get(ctx context.Context, rawURL string, v via) (*Lookup, error) {
	c.init()
	origin, err := Origin(rawURL)
	if err != nil {
		return nil, err
	}
	e, ok, getErr := c.load(ctx, origin)
	if now := time.Now(); getErr == nil && ok && c.fresh(origin, e, now) {
		return c.lookup(origin, e, now), nil
	}
	// One fetch per origin: the first caller starts it, everyone waits for
	// it or for their own context. The fetch does not end with the first
	// caller's context, so that a caller giving up cannot leave an
	// "unreachable" verdict in the cache for everyone else.
	c.mu.Lock()
	cl, ok := c.inflight[origin]
	if !ok && c.Store == nil {
		// A fetch that ended since the load above saved its entry before
		// it left inflight: read that rather than fetch again.
		if s, kept := c.origins.get(origin); kept && c.fresh(origin, s.entry, time.Now()) {
			e := s.entry
			c.mu.Unlock()
			return c.lookup(origin, e, time.Now()), nil
		}
	}
	if !ok {
		cl = &call{done: make(chan struct{})}
		c.inflight[origin] = cl
		f := v.fetcher(c.Fetcher)
		go func() {
			// With a Leaser for a Store, one fetch for the whole fleet.
			cl.entry, cl.err = c.refreshShared(context.WithoutCancel(ctx), origin, f)
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

// refresh fetches origin's file with f and saves the new entry, returning
// it and the Store's errors.
func (c *Cache) refresh(ctx context.Context, origin string, f *Fetcher) (Entry, error) {
	res := f.Fetch(ctx, origin+"/robots.txt")
	now := time.Now()
	e := Entry{Fetch: res, Expires: now.Add(c.keep(res))}
	switch res.Access {
	case Available:
		e.Good = res
	case Unreachable:
		old, _, err := c.load(ctx, origin)
		if err != nil {
			// The store may still hold a good copy, which this entry,
			// without one, would overwrite.
			return e, err
		}
		if isFileOf(origin, old.Good) {
			e.Good = old.Good
		}
	}
	return e, c.save(ctx, origin, e)
}

// keep returns how long the verdict of f is kept.
func (c *Cache) keep(f *Fetch) time.Duration {
	switch {
	case f.Access == Unreachable:
		return c.retry(f)
	case f.Access == Unavailable && f.StatusCode == http.StatusTooManyRequests:
		// Read as unavailable by the Fetcher's choice, a 429 still says
		// "later", not "no rules": kept no longer than an unreachable
		// verdict.
		return c.retry(f)
	}
	return c.maxAge(f)
}

// fresh reports whether e, as the Store or the Cache's memory gives it
// for origin, answers now without a fetch. Its Expires is not trusted
// alone: a Store hands back what any process wrote (with a longer MaxAge,
// or by hand, an expiry a century on), so the entry must also be of
// origin's own file, fetched no longer ago than this Cache keeps such a
// verdict (RFC 9309 section 2.4), and not after now. Shaped for the
// compiler: it allocates nothing, since every call for a cached origin
// makes it (BenchmarkCacheDecide).
func (c *Cache) fresh(origin string, e Entry, now time.Time) bool {
	f := e.Fetch
	if f == nil || !now.Before(e.Expires) || !isFileOf(origin, f) {
		return false
	}
	age := now.Sub(f.FetchedAt)
	return !f.FetchedAt.IsZero() && age >= 0 && age < c.keep(f)
}

// isFileOf reports whether f is a fetch of origin's robots.txt file, the
// one an entry for origin may hold: a Store shared by many may hand back
// another origin's.
func isFileOf(origin string, f *Fetch) bool {
	const file = "/robots.txt"
	return f != nil && len(f.URL) == len(origin)+len(file) &&
		strings.HasPrefix(f.URL, origin) && strings.HasSuffix(f.URL, file)
}

// retry returns how long the verdict of f, an unreachable fetch or a 429,
// is kept: RetryUnreachable, or less when the answer's Retry-After asks
// for less, but no less than MinAge (so that "Retry-After: 0" does not
// cost a fetch per page).
func (c *Cache) retry(f *Fetch) time.Duration {
	return c.lifetime(c.RetryUnreachable, defaultRetryUnreachable, f.RetryAfter)
}

// maxAge returns how long the file of f is used: MaxAge, or less when the
// answer's max-age asks for less, but no less than MinAge.
func (c *Cache) maxAge(f *Fetch) time.Duration {
	return c.lifetime(c.MaxAge, defaultMaxAge, f.MaxAge)
}

// lifetime returns limit (def when it is 0, none when it is negative),
// or asked when the server asked for less (asked < 0: it did not), but no
// less than MinAge unless limit itself is less.
func (c *Cache) lifetime(limit, def, asked time.Duration) time.Duration {
	d := limit
	switch {
	case d == 0:
		d = def
	case d < 0:
		return 0
	}
	if asked >= 0 && asked < d {
		least := c.MinAge
		if least == 0 {
			least = defaultMinAge
		}
		d = max(asked, min(least, d))
	}
	return d
}

// lookup decides which fetch of an entry applies at now and returns its
// parsed rules. RFC 9309 section 2.4 lets a crawler use its cached copy
// for longer than 24 hours while the file is unreachable; past StaleFor,
// the unreachable verdict of section 2.3.1.4 applies.
func (c *Cache) lookup(origin string, e Entry, now time.Time) *Lookup {
	l := &Lookup{Origin: origin, Fetch: e.Fetch}
	staleFor := c.StaleFor
	if staleFor == 0 {
		staleFor = DefaultStaleFor
	}
	// A negative staleFor lets no copy stand in, and neither does one
	// of another origin, or one fetched after now, which a Store may
	// hold.
	if e.Fetch.Access == Unreachable && isFileOf(origin, e.Good) && staleFor >= 0 {
		if age := now.Sub(e.Good.FetchedAt); age >= 0 && age <= staleFor {
			l.Fetch, l.Stale = e.Good, true
		}
	}
	l.file = c.parse(origin, l.Fetch)
	l.Robots, l.cache = l.file.robots, c
	return l
}

// parse returns the rules of f, parsing it at most once while it is the
// fetch in use for origin.
func (c *Cache) parse(origin string, f *Fetch) *parsedFile {
	c.mu.Lock()
	s, ok := c.origins.get(origin)
	// The next call, with the same fetch, ends here
	// (BenchmarkCacheDecide).
	same := ok && s.parsed != nil && s.parsed.source.Value() == f
	c.mu.Unlock()
	var p *parsedFile
	if same {
		p = s.parsed
	} else {
		// A fetch that is not the one parsed comes from a refetch, or
		// from a networked store, which hands back a new value each time:
		// summing its body costs no more than that store's transfer of
		// it, and spares a parse. The sum is made outside the lock, which
		// every origin's calls take. The weak pointer to the fetch costs
		// about 0.1 µs, against the sum of the whole body on every call
		// after a refetch of an unchanged file.
		file := sumFile(f)
		c.mu.Lock()
		if s, ok = c.origins.get(origin); !ok {
			// Evicted since its entry was read: what the caller has is
			// parsed and kept again.
			s = &slot{}
		}
		if s.parsed == nil || s.parsed.file != file {
			s.parsed = &parsedFile{file: file}
		}
		p = s.parsed
		p.source = weak.Make(f)
		c.origins.put(origin, s)
		c.mu.Unlock()
	}
	parsed := false
	p.once.Do(func() {
		p.robots = f.Robots(c.Fetcher.Options)
		p.held.Store(p.robots.Footprint())
		parsed = true
	})
	if parsed {
		c.recount(origin, p) // the file was counted empty until parsed
	}
	return p
}

// recount counts origin's slot again now that p, its parsed file, holds
// more, and evicts others if it does not fit, unless it went meanwhile.
func (c *Cache) recount(origin string, p *parsedFile) {
	c.mu.Lock()
	if s, ok := c.origins.peek(origin); ok && s.parsed == p {
		c.origins.put(origin, s)
	}
	c.mu.Unlock()
}

// union returns the Group of several names in origin's parsed file p,
// the one kept when the names are those of the last call, and keeps it,
// counted with p, in place of the last one otherwise.
func (c *Cache) union(origin string, p *parsedFile, names []string) *robotstxt.Group {
	p.unionMu.Lock()
	u := p.union
	if u != nil && slices.Equal(u.names, names) {
		p.unionMu.Unlock()
		return u.group
	}
	was := int64(0)
	if u != nil {
		was = u.bytes
	}
	u = &keptUnion{names: slices.Clone(names), group: p.robots.Group(names...)}
	u.bytes = u.group.Footprint() + allocBytes(int64(unsafe.Sizeof(keptUnion{}))) + allocBytes(int64(len(names))*int64(unsafe.Sizeof("")))
	p.union = u
	p.held.Add(u.bytes - was)
	p.unionMu.Unlock()
	c.recount(origin, p)
	return u.group
}

// Decide fetches (or finds in the cache) the robots.txt file of target's
// origin and decides target for the crawler agent, a product token or a
// whole User-Agent header, taking its arguments in the order of
// [robotstxt.Robots.Decide]. The crawler obeys the group [Lookup.Group]
// chooses: for a crawler of package crawlers' registry, the group its
// operator documents; for any other, the group of its name. A crawler that
// answers to several names asks [Cache.Get] for the file and decides
// with l.Group(names...).Decide(target). An agent that reads as no
// crawler at all (see [robotstxt.ErrInvalidAgent]) fails closed: not
// allowed, and the Decision's Err says why. The target's userinfo is no
// part of its path: "http://u:a;b@host/private" is decided as
// "/private".
func (c *Cache) Decide(ctx context.Context, agent, target string) (robotstxt.Decision, *Lookup, error) {
	l, err := c.Get(ctx, target)
	if err != nil {
		return robotstxt.Decision{}, nil, err
	}
	// A ';' in a password would read as the start of the path, which
	// then escapes the rules: the userinfo is no part of it.
	return l.Group(agent).Decide(redact(target)), l, nil
}
