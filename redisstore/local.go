package redisstore

// This file holds the local layer of a Store: the entries this process
// last read or wrote, so that a hot origin is not read from Redis for
// every URL, and so that the process goes on caching while Redis fails.

import (
	"sync"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// A local layer keeps at most max entries. A nil *local keeps nothing.
type local struct {
	max int
	ttl time.Duration

	mu    sync.Mutex
	items map[string]localItem
}

type localItem struct {
	entry robotshttp.Entry
	until time.Time // when Redis is to be read again while it answers
}

func newLocal(max int, ttl time.Duration) *local {
	return &local{max: max, ttl: ttl, items: make(map[string]localItem)}
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

// put keeps e, read or written at now. When the layer is full, the first
// entry a map iteration finds makes room: an entry is worth one read
// from Redis, which does not pay for an LRU list beside the map.
func (l *local) put(origin string, e robotshttp.Entry, now time.Time) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.items[origin]; !ok && len(l.items) >= l.max {
		for k := range l.items {
			delete(l.items, k)
			break
		}
	}
	l.items[origin] = localItem{entry: e, until: now.Add(l.ttl)}
}

func (l *local) remove(origin string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.items, origin)
}
