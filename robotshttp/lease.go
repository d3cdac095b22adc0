package robotshttp

// This file lets a crawler fleet that shares a Store fetch each origin's
// file once for all its machines, as the cache of RFC 9309 section 2.4
// means to spare the origin: one machine holds a lease on the fetch, and
// the others wait for the entry it stores.

import (
	"cmp"
	"context"
	"time"
)

// A Leaser is a [Store] that also hands out leases on fetches, so that
// processes sharing the store fetch an origin's file once between them.
// A Cache whose Store is a Leaser asks for a lease before fetching an
// origin it found no fresh entry for:
//
//   - Granted, it reads the store once more (the previous holder may
//     have stored a fresh entry since), fetches if it still finds none,
//     stores the entry and calls release.
//   - Refused, it waits for the holder's entry: it reads the store again
//     after 5 ms, then after twice as long each time up to 200 ms
//     between reads, asking for the lease again after each read, so that
//     the lease of a holder that crashed passes on once it expires.
//   - When the wait lasts as long as the lease, or the store fails, it
//     fetches without a lease: the holder seems gone, and a second fetch
//     costs the origin less than a crawler that stops.
//
// Lease asks for origin's lease for ttl, which a Cache sets to its
// Fetcher's timeout (30 seconds for a Fetcher that sets none, or a
// negative one) and 5 seconds more for the store's calls. granted
// reports whether the lease is the caller's until it calls release or
// ttl passes; release gives it up early, and is not called when granted
// is false. An error means the lease could not be asked for (the store
// is down or slow), not that another holds it: the Cache then fetches
// without it. A release that fails leaves the lease to expire.
//
// Callers wait only within their own context: the waiting is done by the
// Cache's fetch for the origin, which every caller for it in the process
// shares and may leave.
type Leaser interface {
	Store
	Lease(ctx context.Context, origin string, ttl time.Duration) (release func(context.Context), granted bool, err error)
}

// The bounds of the wait for another holder's entry, documented on
// Leaser.
const (
	leasePollMin = 5 * time.Millisecond
	leasePollMax = 200 * time.Millisecond
	// leaseSlack is what a lease gives the holder beyond its fetch, for
	// the store's calls around it.
	leaseSlack = 5 * time.Second
)

// refreshShared is refresh for a Cache whose Store may be a Leaser: it
// fetches when it holds the origin's lease, and otherwise waits for the
// entry of the process that does (see Leaser). It returns the entry and
// the Store's errors.
func (c *Cache) refreshShared(ctx context.Context, origin string, f *Fetcher) (Entry, error) {
	l, ok := c.Store.(Leaser)
	if !ok {
		return c.refresh(ctx, origin, f)
	}
	ttl := f.Timeout
	if ttl <= 0 {
		// A Fetcher without a bound of its own still gets a lease that
		// ends, lest a crashed holder keep the fleet waiting.
		ttl = defaultTimeout
	}
	ttl += leaseSlack
	// The holder's lease was granted before this wait began, so it has
	// expired by the deadline: the loop runs at most ttl/leasePollMax
	// times and a few more.
	deadline := time.Now().Add(ttl)
	for wait := leasePollMin; ; wait = min(2*wait, leasePollMax) {
		release, granted, err := l.Lease(ctx, origin, ttl)
		if err != nil {
			e, rerr := c.refresh(ctx, origin, f)
			return e, cmp.Or(err, rerr)
		}
		if granted {
			defer release(ctx)
			if e, ok, err := c.Store.Get(ctx, origin); err == nil && ok && c.fresh(origin, e, time.Now()) {
				return e, nil
			}
			return c.refresh(ctx, origin, f)
		}
		if time.Now().Add(wait).After(deadline) {
			return c.refresh(ctx, origin, f)
		}
		time.Sleep(wait)
		e, ok, err := c.Store.Get(ctx, origin)
		if err != nil {
			e, rerr := c.refresh(ctx, origin, f)
			return e, cmp.Or(err, rerr)
		}
		if ok && c.fresh(origin, e, time.Now()) {
			return e, nil
		}
	}
}

// noteStore says through Logf when the Store starts failing and when it
// answers again, once each time, rather than once for every call that
// finds it down.
func (c *Cache) noteStore(err error) {
	if c.Logf == nil {
		return
	}
	if err != nil {
		if !c.storeFailing.Swap(true) {
			c.Logf("robotshttp: store failing, fetching without it until it answers: %v", err)
		}
		return
	}
	if c.storeFailing.Swap(false) {
		c.Logf("robotshttp: store answering again")
	}
}
