package robotshttp

// This file holds where the cache of RFC 9309 section 2.4 keeps each
// origin's Entry: in the Cache's memory, or in a Store that a crawler
// fleet shares.

import "context"

// A Store keeps a Cache's entries by origin, for a crawler fleet that
// shares them: a Cache with no Store keeps its entries in memory itself.
// A Cache calls Get and Put concurrently, for one origin and for many.
//
// A Get error is read as a miss: the Cache fetches the file itself (once
// for all its concurrent callers). If the origin is then unreachable, no
// good copy is known to stand in, so everything is disallowed (RFC 9309
// section 2.3.1.4), and the entry is not Put, lest it overwrite a good
// copy the store still holds. A Put error leaves the store as it was:
// the fetched entry answers the callers that waited for its fetch, and
// the next call that finds nothing fresh in the store fetches again.
// Either error is reported in [Lookup.StoreErr].
//
// A Store gets whole entries, bodies included, so that every process
// sharing it can parse them in its own mode. It saves every field of an
// Entry and of both its fetches and gives them back equal; Err may come
// back as an error with the same text, and a time as the same instant
// (time.Time.Equal), without its location or monotonic reading. An Entry's MarshalText and
// UnmarshalText do so, in one versioned layout, and encoding/json uses
// them: a Store that keeps json.Marshal(e), or e.MarshalText(), keeps
// what the Cache needs. (A Store that lost Err, or failed to decode it,
// would lose the good copy at the origin's first network error, and
// then fetch the file on every call.) The Cache reads URL, Access,
// StatusCode, MaxAge, RetryAfter, Body, Truncated and FetchedAt of a
// stored fetch, and Expires of the entry; callers read the rest in each
// [Lookup]. An entry is used no longer than its Expires, nor than the
// Cache's own lifetimes allow from its fetch's FetchedAt (MaxAge,
// RetryUnreachable, StaleFor for the good copy: RFC 9309 section 2.4),
// whoever wrote it, and only with fetches of the origin's own
// robots.txt; any other is a miss. A fetch that comes back as a
// new value is parsed again only if its Access, Truncated or Body differ
// from those of the fetch last parsed for the origin.
//
// A store shared by several processes may also be a [Leaser], so that
// they fetch each origin once between them rather than once each.
type Store interface {
	Get(ctx context.Context, origin string) (Entry, bool, error)
	Put(ctx context.Context, origin string, e Entry) error
}
