package redisstore

// This file holds the local layer of a Store: the entries this process
// last read or wrote, so that a hot origin is not read from Redis for
// every URL, and so that the process goes on caching while Redis fails.

import (
	"sync"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// localOverhead is what an entry costs the local layer besides its
// bodies and texts: its map slot and item, its fetches and their errors.
const localOverhead = 512

// A local layer keeps at most max entries and maxBytes bytes, each entry
// counted by heldBytes. A nil *local keeps nothing.
type local struct {
	max      int
	maxBytes int64
	ttl      time.Duration

	mu    sync.Mutex
	items map[string]localItem
	bytes int64 // the sizes of items
}

type localItem struct {
	entry robotshttp.Entry
	until time.Time // when Redis is to be read again while it answers
	size  int64     // heldBytes of the entry
}

func newLocal(max int, maxBytes int64, ttl time.Duration) *local {
	return &local{max: max, maxBytes: maxBytes, ttl: ttl, items: make(map[string]localItem)}
}

// heldBytes is what the local layer holds for origin's entry e: the
// bodies of its fetches, or shared, the bytes of the array they share
// when e was decoded (0 when e was put); their texts; and the overhead.
// It is counted from what is held rather than from the entry's encoded
// size, since a decoded body keeps the whole decoded value alive and a
// text is held once more as a string.
func heldBytes(origin string, e robotshttp.Entry, shared int64) int64 {
	n := int64(localOverhead + len(origin))
	var bodies int64
	shares := false
	fetches := [2]*robotshttp.Fetch{e.Fetch, e.Good}
	if e.Good == e.Fetch {
		fetches[1] = nil // held once
	}
	for _, f := range fetches {
		if f == nil {
			continue
		}
		n += int64(len(f.URL) + len(f.FinalURL))
		if f.Err != nil {
			n += int64(len(f.Err.Error()))
		}
		bodies += int64(cap(f.Body))
		shares = shares || f.Body != nil
	}
	if shared > 0 && shares {
		return n + shared
	}
	return n + bodies
}

func (l *local) get(origin string) (localItem, bool) {
	if l == nil {
		return localItem{}, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	it, ok := l.items[origin]
	return it, ok
}

// put keeps e, read or written at now, which holds size bytes (see
// heldBytes). An entry over the whole budget is not kept, and the one it
// replaces goes, so that the budget is a bound and no older entry
// answers. Entries that make room are the first a map iteration finds:
// an entry is worth one read from Redis, which does not pay for an LRU
// list beside the map.
func (l *local) put(origin string, e robotshttp.Entry, size int64, now time.Time) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.removeLocked(origin)
	if size > l.maxBytes {
		return
	}
	for k, it := range l.items {
		if len(l.items) < l.max && l.bytes+size <= l.maxBytes {
			break
		}
		delete(l.items, k)
		l.bytes -= it.size
	}
	l.items[origin] = localItem{entry: e, until: now.Add(l.ttl), size: size}
	l.bytes += size
}

func (l *local) remove(origin string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.removeLocked(origin)
}

func (l *local) removeLocked(origin string) {
	if it, ok := l.items[origin]; ok {
		delete(l.items, origin)
		l.bytes -= it.size
	}
}
