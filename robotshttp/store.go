package robotshttp

// This file holds what the cache of RFC 9309 section 2.4 keeps of each
// origin, and where: the latest fetch, the last good one that stands in
// while the origin is unreachable, and when to fetch again.

import (
	"context"
	"time"
)

// entryOverhead is what an entry costs besides its bodies, counted in
// the byte budget so that many empty files cannot take unbounded room.
const entryOverhead = 512

// An Entry is what a Cache keeps of one origin: a plain record that a
// Store saves and gives back as it is.
type Entry struct {
	// Fetch is the latest fetch.
	Fetch *Fetch
	// Good is the latest fetch that was Available, kept to stand in while
	// the origin is unreachable (RFC 9309 section 2.4); nil when there
	// was none.
	Good *Fetch
	// Expires is when the origin should be fetched again.
	Expires time.Time
}

// fresh reports whether the entry answers without a fetch at now.
func (e Entry) fresh(now time.Time) bool {
	return e.Fetch != nil && now.Before(e.Expires)
}

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
// back as an error with the same text. The Cache reads Access, Body,
// Truncated and FetchedAt of a stored fetch, and Expires of the entry;
// callers read the rest in each [Lookup]. A fetch that comes back as a
// new value is parsed again only if its Access, Truncated or Body differ
// from those of the fetch last parsed for the origin.
//
// A store shared by several processes may also be a [Leaser], so that
// they fetch each origin once between them rather than once each.
type Store interface {
	Get(ctx context.Context, origin string) (Entry, bool, error)
	Put(ctx context.Context, origin string, e Entry) error
}

// entrySize is the bytes an entry counts for in a Cache's memory: its
// bodies, and entryOverhead.
func entrySize(e Entry) int64 {
	n := int64(entryOverhead)
	if e.Fetch != nil {
		n += int64(len(e.Fetch.Body))
	}
	if g := e.Good; g != nil && g != e.Fetch {
		n += int64(len(g.Body))
	}
	return n
}
