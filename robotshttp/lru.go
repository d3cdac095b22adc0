package robotshttp

// This file bounds the memory of the cache of RFC 9309 section 2.4: the
// in-memory store and the parsed files of a Cache each keep a fixed
// number of origins and evict the least recently used.

import "container/list"

// An lru maps origins to values, keeping at most max of them. It does no
// locking: its owner holds a mutex around each call.
type lru[V any] struct {
	max   int
	ll    list.List // of *lruItem[V]; front: most recently used
	items map[string]*list.Element
}

type lruItem[V any] struct {
	key string
	v   V
}

// newLRU returns an lru of at most max values (max <= 0 means
// DefaultMaxEntries).
func newLRU[V any](max int) *lru[V] {
	if max <= 0 {
		max = DefaultMaxEntries
	}
	return &lru[V]{max: max, items: make(map[string]*list.Element)}
}

// get returns the value for key and marks it recently used.
func (c *lru[V]) get(key string) (V, bool) {
	el, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.ll.MoveToFront(el)
	return el.Value.(*lruItem[V]).v, true
}

// put sets the value for key, evicting the least recently used value
// when the lru is full.
func (c *lru[V]) put(key string, v V) {
	if el, ok := c.items[key]; ok {
		el.Value.(*lruItem[V]).v = v
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&lruItem[V]{key, v})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*lruItem[V]).key)
	}
}

func (c *lru[V]) len() int { return c.ll.Len() }
