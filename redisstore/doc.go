// Package redisstore keeps the robots.txt cache of package
// [robotshttp] in Redis, so that a fleet of crawler processes fetches
// each origin's file once between them, as the cache of RFC 9309 section
// 2.4 is meant to spare the origin, rather than once per process.
//
// A [Store] is a [robotshttp.Store]: it keeps each origin's entry (the
// latest fetch, the last good copy, the expiry) in the entry's own
// layout (the bytes whose base64 text is [robotshttp.Entry.MarshalText],
// one versioned layout for every Store), for as long as a Cache may use
// it: raw, since base64 would cost Redis a third more memory and
// bandwidth per value. It is also a
// [robotshttp.Leaser]: the Cache that finds no fresh entry takes a lease
// on the origin's fetch (SET NX PX, released by a compare-and-delete
// script), and the Caches of the other processes wait for the entry it
// stores; the lease of a process that crashed expires, and a lease key
// found without an expiry (left by a crash between SET and EXPIRE, or set
// by hand) is taken over at once rather than waited for. A local layer
// in each process answers for a hot origin without reading Redis for
// every URL.
//
// Every part of an entry is bounded, written or read, so that neither a
// hostile server nor a value in Redis makes a process hold more than its
// limits: a body by [Store.MaxBody] (the size limit of RFC 9309 section
// 2.5 by default), refused whole over it, since a cut body could lose or
// change rules; a URL, final URL or error text by [Store.MaxText] (8 KiB
// by default), cut to its start and "...[truncated]" when stored, since
// it decides nothing; a value read from Redis over either limit is a
// miss, and no more of it is read than the limits allow: two fetches,
// each with a body and three texts at their limits, and
// [robotshttp.MaxEntryOverhead]. The local layer
// holds at most [Store.LocalSize] entries and [Store.LocalBytes] bytes
// (64 MiB by default), counted as what it keeps in memory.
//
// Redis down, slow or restarted costs no verdict: a call to Redis is
// bounded by [Store.Timeout] and the caller's context, Redis is then left
// alone for [Store.RetryAfter], and meanwhile each process fetches and
// caches files in its local layer, as a Cache without a shared store
// does. Sharing resumes when Redis answers again. A value that does not
// decode is a miss, which the next fetch overwrites: so is a value in
// the base64 text that earlier versions of this package stored.
//
//	client := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"10.0.0.5:6379"}})
//	cache := &robotshttp.Cache{
//		Fetcher: &robotshttp.Fetcher{UserAgent: "ExampleBot/1.0"},
//		Store:   redisstore.New(client),
//		Logf:    log.Printf,
//	}
//
// A Store is safe for concurrent use by multiple goroutines once its
// fields are set.
package redisstore
