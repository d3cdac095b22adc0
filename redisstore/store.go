package redisstore

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// Defaults of a Store's fields.
const (
	// DefaultPrefix begins every key: entries are DefaultPrefix+"entry:"
	// and the origin, leases DefaultPrefix+"lease:" and the origin.
	DefaultPrefix = "robotstxt:"
	// DefaultTimeout bounds each call to Redis: where Redis answers in a
	// millisecond, a call this late is a Redis in trouble, and fetching
	// the file without it is cheaper than waiting; but a first call also
	// dials, and a loaded machine takes a few hundred milliseconds to.
	DefaultTimeout = time.Second
	// DefaultRetryAfter is how long Redis is left alone after a call
	// failed, so that a Redis that is down or slow costs one timeout now
	// and then rather than one for every call.
	DefaultRetryAfter = time.Second
	// DefaultLocalTTL is how long the local layer answers for an entry
	// before Redis is read again: short, because another process may
	// have stored a newer entry meanwhile.
	DefaultLocalTTL = time.Second
	// DefaultMaxBody is the largest body an entry holds: the size limit
	// of RFC 9309 section 2.5 in its default, and the byte past it by
	// which a Fetch says it was truncated.
	DefaultMaxBody = robotstxt.DefaultMaxBytes + 1
	// DefaultMaxText is the longest URL, final URL or error text a fetch
	// holds: a URL longer than 8 KiB is refused by most servers, and
	// these texts decide nothing (the Cache reads the access, body and
	// times of a fetch), so cutting them loses no rule.
	DefaultMaxText = 8 << 10
	// DefaultLocalBytes bounds the bytes the local layer holds: a hundred
	// or so files at the size limit of RFC 9309 section 2.5, many
	// thousand of the usual few kilobytes.
	DefaultLocalBytes = 64 << 20
	// defaultLocalSize is LocalSize when it is 0, as a Cache's bound on
	// origins is.
	defaultLocalSize = 10000
	// minTTL is the least time a value is kept in Redis: an entry that
	// is already stale when stored (a max-age of 0) is still read by the
	// processes waiting for it, and still holds the good copy of its
	// origin (RFC 9309 section 2.4).
	minTTL = time.Second
)

// A Store is a [robotshttp.Store] and [robotshttp.Leaser] on Redis, for
// a fleet of crawler processes that share one Redis or Redis Cluster.
// Set its fields before its first use; it is then safe for concurrent
// use by multiple goroutines.
type Store struct {
	// Prefix begins every key the store reads and writes; empty means
	// DefaultPrefix. A value under the prefix that does not decode is a
	// miss, reported once through Logf.
	Prefix string
	// Timeout bounds each call to Redis, within the caller's context:
	// 0 means DefaultTimeout, and a negative value sets no bound of the
	// store's own, the caller's context alone (whose end is no failure
	// of Redis). A client without ContextTimeoutEnabled
	// goes on with a call past it (up to its ReadTimeout), but the
	// Store's caller does not wait for it. Give each decision more time
	// than this: a caller whose context ends while Redis is given up on
	// has none left to fetch the file.
	Timeout time.Duration
	// RetryAfter is how long Redis is left alone after a call to it
	// failed: 0 means DefaultRetryAfter, and a negative value not at all,
	// so that the next call asks Redis again. Meanwhile Get answers from the
	// local layer, Put keeps the entry there, and Lease fails, so that
	// the Cache fetches and caches the file in this process alone.
	RetryAfter time.Duration
	// StaleFor is the Cache's StaleFor, which bounds how long an entry
	// is kept in Redis, 0 and a negative value read as the Cache reads
	// them (see robotshttp.Cache.StaleFor). An entry is
	// kept until its expiry or until its good copy is too old to stand
	// in (RFC 9309 section 2.4), whichever is later.
	StaleFor time.Duration
	// MaxBody is the largest body an entry holds, written or read: 0, or
	// a negative value, means DefaultMaxBody, and more than 512 MiB, the
	// longest value Redis holds, counts as 512 MiB. Put fails for a larger one; a value with a
	// larger one is a miss. Set it above the Fetcher's size limit.
	MaxBody int
	// MaxText bounds the URL, final URL and error text of each fetch,
	// in bytes, written or read: 0, or a negative value, means
	// DefaultMaxText, less than 64 counts as 64, and more than 512 MiB as
	// 512 MiB. Put cuts a longer one to its first bytes ending in
	// "...[truncated]", in Redis and the local layer alike, and stores
	// the entry: these texts decide nothing, while the entry's rules and
	// its good copy (RFC 9309 section 2.4) are kept whole. A value read
	// with a longer one, written by hand or by a store with a larger
	// MaxText, is a miss, so that it costs no more memory than MaxText.
	MaxText int
	// LocalSize bounds the local layer, an in-process copy of the
	// entries last read or written, so that a hot origin is not read
	// from Redis for every URL: 0 means 10,000, as for a Cache,
	// and < 0 no local layer. When it is full, arbitrary entries make
	// room, each of which costs at most one more read from Redis.
	LocalSize int
	// LocalBytes bounds the bytes the local layer holds, as LocalSize
	// bounds its entries: 0, or a negative value, means
	// DefaultLocalBytes. An entry counts
	// for what it keeps in memory: its bodies (for an entry read from
	// Redis, the whole decoded value they share), its origin, URLs and
	// error texts, and 512 bytes more. An entry over the whole of LocalBytes
	// is not kept locally, and is read from Redis each time.
	LocalBytes int64
	// LocalTTL is how long the local layer answers for an entry before
	// Redis is read again: 0 means DefaultLocalTTL, and a negative value
	// not at all, so that each Get reads Redis. While Redis fails,
	// the local layer answers for as long as it holds the entry.
	LocalTTL time.Duration
	// Logf, if not nil, is told of the first value that does not decode,
	// and of each lease key found without an expiry (see Lease). A
	// Cache's own Logf tells of Redis failing.
	Logf func(format string, args ...any)

	client    redis.UniversalClient
	once      sync.Once
	local     *local // nil: no local layer
	outage    atomic.Pointer[outage]
	badLogged atomic.Bool
}

// An outage is a failed call to Redis, which leaves Redis alone until
// the time given.
type outage struct {
	until time.Time
	err   error
}

// releaseScript deletes a lease only if it is still the caller's: after
// it expired, it may be another holder's. It is immutable once made.
var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// leaseScript sets the lease KEYS[1] to the token ARGV[1] for ARGV[2]
// milliseconds if no one holds it (1), or if a key without an expiry
// does (2), and otherwise leaves it (0). A key without an expiry was not
// set by a Lease, whose SET NX PX gives one in the same command: it was
// left by a client that set it and crashed before its EXPIRE, or set by
// hand, and it would hold every refresh of the origin for the lease's
// whole time, and never expire. Taking it over costs at most one fetch
// beside a holder that still runs; giving it an expiry instead would
// still hold this refresh until it expired. One script, so that no
// other holder comes between the two reads.
var leaseScript = redis.NewScript(`if redis.call("set", KEYS[1], ARGV[1], "px", ARGV[2], "nx") then return 1 end
if redis.call("pttl", KEYS[1]) == -1 then redis.call("set", KEYS[1], ARGV[1], "px", ARGV[2]) return 2 end
return 0`)

// What leaseScript did.
const (
	leaseRefused = iota
	leaseGranted
	leaseTakenOver
)

// New returns a store on client with the default settings.
func New(client redis.UniversalClient) *Store {
	return &Store{client: client}
}

func (s *Store) init() {
	s.once.Do(func() {
		if s.LocalSize >= 0 {
			s.local = newLocal(cmpOr(s.LocalSize, defaultLocalSize), cmpOr(s.LocalBytes, DefaultLocalBytes), durationOr(s.LocalTTL, DefaultLocalTTL))
		}
	})
}

// durationOr returns def for a duration setting of 0, and none (0) for a
// negative one.
func durationOr(v, def time.Duration) time.Duration {
	if v == 0 {
		return def
	}
	return max(v, 0)
}

// cmpOr is cmp.Or for settings of sizes, where a negative value is no
// setting either.
func cmpOr[T int | int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

func (s *Store) key(kind, origin string) string {
	if s.Prefix == "" {
		return DefaultPrefix + kind + origin
	}
	return s.Prefix + kind + origin
}

// call runs f within the store's Timeout and ctx, unless a call failed
// within the last RetryAfter. f runs in a goroutine of its own, which a
// client that ignores deadlines may keep a little longer, so that the
// caller does not wait past them.
func (s *Store) call(ctx context.Context, f func(context.Context) error) error {
	if o := s.outage.Load(); o != nil && time.Now().Before(o.until) {
		return fmt.Errorf("redisstore: redis left alone until %s after: %w", o.until.Format(time.TimeOnly), o.err)
	}
	cctx, cancel := ctx, context.CancelFunc(func() {})
	if timeout := durationOr(s.Timeout, DefaultTimeout); timeout > 0 {
		cctx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f(cctx) }()
	var err error
	select {
	case err = <-done:
	case <-cctx.Done():
		err = cctx.Err()
	}
	switch {
	case err == nil || errors.Is(err, redis.Nil):
		s.outage.Store(nil)
	case ctx.Err() == nil:
		// Redis failed, not the caller's context.
		s.outage.Store(&outage{until: time.Now().Add(durationOr(s.RetryAfter, DefaultRetryAfter)), err: err})
	}
	return err
}

// Get returns origin's entry: from the local layer while it is fresh
// there, else from Redis. While Redis fails, the local layer answers for
// whatever it holds. A value that does not decode is a miss.
func (s *Store) Get(ctx context.Context, origin string) (robotshttp.Entry, bool, error) {
	s.init()
	now := time.Now()
	cached, found := s.local.get(origin)
	// An entry past its expiry is read from Redis, where another process
	// may have stored its successor: a Cache looks again after winning
	// the lease, and must not fetch again what another just stored.
	if found && now.Before(cached.until) && now.Before(cached.entry.Expires) {
		return cached.entry, true, nil
	}
	key := s.key("entry:", origin)
	lim := s.limits()
	var val []byte // written by call's goroutine, and read only once it is done
	err := s.call(ctx, func(ctx context.Context) error {
		// GETRANGE rather than GET: a value longer than any this store
		// writes is cut by Redis, one byte past the longest (maxValue),
		// and decode refuses it by its length, so that however long it
		// is it costs this process no more than the store's limits. A
		// missing key reads as an empty value, which this store never
		// writes.
		var err error
		val, err = s.client.GetRange(ctx, key, 0, lim.maxValue()).Bytes()
		return err
	})
	switch {
	case errors.Is(err, redis.Nil) || err == nil && len(val) == 0:
		s.local.remove(origin)
		return robotshttp.Entry{}, false, nil
	case err != nil && found:
		return cached.entry, true, nil
	case err != nil:
		return robotshttp.Entry{}, false, fmt.Errorf("redisstore: get %s: %w", key, err)
	}
	e, err := decode(val, lim)
	if err != nil {
		if s.Logf != nil && !s.badLogged.Swap(true) {
			s.Logf("redisstore: %s: %v; read as a miss, as later such values will be without a word", key, err)
		}
		s.local.remove(origin)
		return robotshttp.Entry{}, false, nil
	}
	s.local.put(origin, e, heldBytes(origin, e, heldValue(len(val))), now)
	return e, true, nil
}

// Put stores origin's entry in the local layer and in Redis, where it is
// kept for as long as a Cache may use it (see StaleFor). It fails when
// Redis does, and for a body over MaxBody, which is stored nowhere. A
// URL or error text over MaxText is stored cut, in both places.
func (s *Store) Put(ctx context.Context, origin string, e robotshttp.Entry) error {
	s.init()
	lim := s.limits()
	e = cutTexts(e, lim.text)
	val, err := encode(e, lim)
	if err != nil {
		return err
	}
	now := time.Now()
	s.local.put(origin, e, heldBytes(origin, e, 0), now)
	last := e.Expires
	if staleFor := durationOr(s.StaleFor, robotshttp.DefaultStaleFor); e.Good != nil && staleFor > 0 {
		if t := e.Good.FetchedAt.Add(staleFor); t.After(last) {
			last = t
		}
	}
	key := s.key("entry:", origin)
	err = s.call(ctx, func(ctx context.Context) error {
		return s.client.Set(ctx, key, val, max(last.Sub(now), minTTL)).Err()
	})
	if err != nil {
		return fmt.Errorf("redisstore: put %s: %w", key, err)
	}
	return nil
}

// Lease asks Redis for origin's lease with SET NX PX and a token of its
// own, which release compares before it deletes the lease (see
// [robotshttp.Leaser]). The lease is ttl long, at least a millisecond. A
// lease key found without an expiry is taken over (see leaseScript), and
// Logf told.
func (s *Store) Lease(ctx context.Context, origin string, ttl time.Duration) (release func(context.Context), granted bool, err error) {
	s.init()
	key, token := s.key("lease:", origin), rand.Text()
	var got int // written by call's goroutine, and read only once it is done
	err = s.call(ctx, func(ctx context.Context) error {
		var err error
		got, err = leaseScript.Run(ctx, s.client, []string{key}, token, max(ttl, time.Millisecond).Milliseconds()).Int()
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("redisstore: lease %s: %w", key, err)
	}
	if got == leaseRefused {
		return nil, false, nil
	}
	if got == leaseTakenOver && s.Logf != nil {
		s.Logf("redisstore: %s had no expiry (left by a crash, or set by hand): taken over for %v", key, ttl)
	}
	return func(ctx context.Context) {
		// A failed release leaves the lease to expire.
		s.call(ctx, func(ctx context.Context) error {
			return releaseScript.Run(ctx, s.client, []string{key}, token).Err()
		})
	}, true, nil
}

// The Cache finds the lease through its Store.
var _ robotshttp.Leaser = (*Store)(nil)

func (s *Store) limits() limits {
	return limits{
		body: min(cmpOr(s.MaxBody, DefaultMaxBody), maxLimit),
		text: min(max(cmpOr(s.MaxText, DefaultMaxText), minMaxText), maxLimit),
	}
}
