package robotshttp

// This file bounds the memory of the cache of RFC 9309 section 2.4: a
// Cache keeps at most a fixed number of origins and of bytes, and evicts
// the least recently used.

import (
	"container/list"
	"math"
	"unsafe"
)

// An lru maps origins to values, keeping at most max of them and at most
// maxBytes bytes of them, as size counts them. It does no locking: its
// owner holds a mutex around each call.
type lru[V any] struct {
	max      int
	maxBytes int64
	size     func(V) int64
	perItem  int64 // what the lru holds for each value besides it and its key (see newLRU)
	bytes    int64
	ll       list.List // of *lruItem[V]; front: most recently used
	items    map[string]*list.Element
}

type lruItem[V any] struct {
	key  string
	v    V
	size int64
}

// newLRU returns an lru of at most max values (0 means
// defaultMaxEntries, and a negative value no bound in values) and
// maxBytes bytes (0 means defaultMaxMemory, and a negative value no bound
// in bytes).
func newLRU[V any](max int, maxBytes int64, size func(V) int64) *lru[V] {
	switch {
	case max == 0:
		max = defaultMaxEntries
	case max < 0:
		max = math.MaxInt
	}
	switch {
	case maxBytes == 0:
		maxBytes = defaultMaxMemory
	case maxBytes < 0:
		maxBytes = math.MaxInt64
	}
	// Each value costs its item, its list element, and its share of the
	// map: a key and a pointer in a slot with a control byte, in a table
	// that is at least 7/16 full once it has grown, each rounded as
	// allocBytes rounds.
	perItem := allocBytes(int64(unsafe.Sizeof(lruItem[V]{}))) + allocBytes(int64(unsafe.Sizeof(list.Element{}))) +
		(int64(unsafe.Sizeof("")+unsafe.Sizeof(&list.Element{}))+1)*16/7
	return &lru[V]{max: max, maxBytes: maxBytes, size: size, perItem: perItem, items: make(map[string]*list.Element)}
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

// peek returns the value for key, leaving the order of use as it is.
func (c *lru[V]) peek(key string) (V, bool) {
	el, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	return el.Value.(*lruItem[V]).v, true
}

// put sets the value for key, evicting the least recently used values
// while the lru holds too many or too many bytes. The value just put is
// kept even when it alone is over the budget: evicting it would cost a
// fetch on every call for its origin.
func (c *lru[V]) put(key string, v V) {
	n := c.size(v) + c.perItem + allocBytes(int64(len(key)))
	if el, ok := c.items[key]; ok {
		it := el.Value.(*lruItem[V])
		c.bytes += n - it.size
		it.v, it.size = v, n
		c.ll.MoveToFront(el)
	} else {
		c.items[key] = c.ll.PushFront(&lruItem[V]{key, v, n})
		c.bytes += n
	}
	for c.ll.Len() > 1 && (c.ll.Len() > c.max || c.bytes > c.maxBytes) {
		last := c.ll.Back()
		it := last.Value.(*lruItem[V])
		c.ll.Remove(last)
		delete(c.items, it.key)
		c.bytes -= it.size
	}
}
