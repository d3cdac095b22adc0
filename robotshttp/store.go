package robotshttp

// This file holds what the cache of RFC 9309 section 2.4 keeps of each
// origin, and where: the latest fetch, the last good one that stands in
// while the origin is unreachable, and when to fetch again.

import (
	"context"
	"sync"
	"time"
)

// DefaultMaxEntries bounds the in-memory store, and the parsed files a
// Cache keeps.
const DefaultMaxEntries = 10000

// DefaultMaxStoreBytes bounds the bytes of the in-memory store, counted
// as the bodies its entries hold or, in a Cache's own store, as the
// Footprint of the parsed files it keeps in their place, and those of
// the parsed files a Cache keeps, counted at their Footprint: 128 MiB
// each. At 10,000 origins of the 500 KiB that RFC 9309 section 2.5
// allows, either would otherwise hold from 5 to 20 GB.
const DefaultMaxStoreBytes = 128 << 20

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

// A Store keeps a Cache's entries by origin. A Cache calls Get and Put
// concurrently, for one origin and for many.
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
// A store shared by a crawler fleet saves every field of an Entry and of
// both its fetches, bodies included, and gives them back equal; Err may
// come back as an error with the same text. The unexported fields of a
// Fetch are set only in a Cache's own store, and need no saving (a test
// that compares entries with go-cmp ignores them with
// cmpopts.IgnoreUnexported(Fetch{})). The Cache reads Access, Body,
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

// MemoryStore is an in-memory Store that keeps at most a fixed number of
// entries and of bytes, evicting the least recently used. Its Get and Put
// never fail.
type MemoryStore struct {
	mu      sync.Mutex
	entries *lru[Entry]
}

// NewMemoryStore returns a store of at most max entries (max <= 0 means
// DefaultMaxEntries) and DefaultMaxStoreBytes bytes.
func NewMemoryStore(max int) *MemoryStore {
	return NewMemoryStoreBytes(max, 0)
}

// NewMemoryStoreBytes returns a store of at most max entries (max <= 0
// means DefaultMaxEntries) and maxBytes bytes (maxBytes <= 0 means
// DefaultMaxStoreBytes), counted as the bodies of the entries' fetches
// (or, for the fetches of a Cache's own store, which keep parsed rules in
// their place, as the Footprint of those rules, see
// [robotstxt.Robots.Footprint]) and a few hundred bytes for each entry.
// The entry stored last is kept even when it alone is over the budget.
func NewMemoryStoreBytes(max int, maxBytes int64) *MemoryStore {
	return &MemoryStore{entries: newLRU(max, maxBytes, entrySize)}
}

// entrySize is the bytes an entry counts for in a MemoryStore.
func entrySize(e Entry) int64 {
	n := int64(entryOverhead)
	if e.Fetch != nil {
		n += e.Fetch.heldSize()
	}
	// A refetch of an unchanged file shares the rules kept for the last.
	if g := e.Good; g != nil && g != e.Fetch && (g.kept == nil || e.Fetch == nil || g.kept != e.Fetch.kept) {
		n += g.heldSize()
	}
	return n
}

// Get returns the entry for origin and marks it recently used.
func (s *MemoryStore) Get(_ context.Context, origin string) (Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries.get(origin)
	return e, ok, nil
}

// Put stores the entry for origin, evicting the least recently used entry
// when the store is full.
func (s *MemoryStore) Put(_ context.Context, origin string, e Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entries.put(origin, e)
	return nil
}

// Len returns the number of entries.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.entries.len()
}
