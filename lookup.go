package robotstxt

// This file finds the groups a crawler obeys (RFC 9309 section 2.2.1):
// product tokens sorted for a case-insensitive binary search, the sets
// of groups that one token names, and the keys of the unions of several
// sets that Robots.Group keeps. Robots.groupOf builds each set's Group
// on first use.

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// groupSets finds the set of groups a crawler's name selects. The
// groups of a file are addressed by set: set i < len(starts) is the
// file's group i alone, and set len(starts)+k is the merge of several
// groups, the k-th such list in multi. Every token selects one set.
type groupSets struct {
	starts []uint32 // where each of the file's groups starts in Robots.rules
	// The user-agent lines: their product tokens in file order, and the
	// same sorted case-insensitively (then in file order) for look-up.
	toks    []token
	tokText string
	sorted  []uint32
	multi   *multiSets // nil when no token names several groups
}

// multiSets lists the sets of several groups: their groups back to back,
// where each list ends, and the token runs of Robots.sorted that select
// them.
type multiSets struct {
	ids []uint32
	end []uint32
	at  []runSet
}

// span returns where set k's groups are in m.ids.
func (m *multiSets) span(k int) (start, end uint32) {
	if k > 0 {
		start = m.end[k-1]
	}
	return start, m.end[k]
}

// runSet says that the token run starting at position pos of r.sorted
// selects the k-th set of several groups.
type runSet struct{ pos, k uint32 }

// tokenText returns the file's token i as written.
func (s *groupSets) tokenText(i uint32) string {
	start := uint32(0)
	if i > 0 {
		start = s.toks[i-1].end
	}
	return s.tokText[start:s.toks[i].end]
}

// find returns the position in r.sorted of the first token that equals
// key, ignoring ASCII case, and whether there is one. It allocates
// nothing.
func (s *groupSets) find(key string) (int, bool) {
	lo, hi := 0, len(s.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if foldCompare(s.tokenText(s.sorted[m]), key) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s.sorted) && foldCompare(s.tokenText(s.sorted[lo]), key) == 0
}

// runEnd returns the end of the run of equal tokens in r.sorted that
// starts at lo.
func (s *groupSets) runEnd(lo int) int {
	key := s.tokenText(s.sorted[lo])
	hi := lo + 1
	for hi < len(s.sorted) && foldCompare(s.tokenText(s.sorted[hi]), key) == 0 {
		hi++
	}
	return hi
}

// setAt returns the set selected by the token run that starts at pos.
func (s *groupSets) setAt(pos int) int {
	if m := s.multi; m != nil {
		if i, ok := slices.BinarySearchFunc(m.at, uint32(pos), func(s runSet, pos uint32) int { return cmp.Compare(s.pos, pos) }); ok {
			return len(s.starts) + int(m.at[i].k)
		}
	}
	return int(s.toks[s.sorted[pos]].group)
}

// setIDs returns the file's groups in set, ascending.
func (s *groupSets) setIDs(set int) []int {
	if set < len(s.starts) {
		return []int{set}
	}
	start, end := s.multi.span(set - len(s.starts))
	ids := make([]int, 0, end-start)
	for _, id := range s.multi.ids[start:end] {
		ids = append(ids, int(id))
	}
	return ids
}

// groupTokens returns the range of r.toks that holds the user-agent lines
// of the file's group id.
func (s *groupSets) groupTokens(id int) (lo, hi int) {
	lo, _ = slices.BinarySearchFunc(s.toks, uint32(id), func(t token, id uint32) int { return cmp.Compare(t.group, id) })
	hi = lo
	for hi < len(s.toks) && s.toks[hi].group == uint32(id) {
		hi++
	}
	return lo, hi
}

// tokenSet returns the set that the file's token t selects.
func (s *groupSets) tokenSet(t int) int {
	pos, _ := s.find(s.tokenText(uint32(t)))
	return s.setAt(pos)
}

// foldCompare compares a and b as if both were lower-cased (ASCII letters
// only). Equal strings, the common case of a crawler that passes its name
// as files write it, are compared by the runtime's word-wide equality
// first (BenchmarkGroupByName, whose "other-case" takes the fold).
func foldCompare(a, b string) int {
	if a == b {
		return 0
	}
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return int(x) - int(y)
		}
	}
	return len(a) - len(b)
}

// maxUnions bounds the Groups of several sets a Robots keeps: a crawler
// has a few names, and a caller that passes ever new combinations gets
// each built anew past the bound instead of an ever larger file.
const maxUnions = 64

// unionKey names up to four sets, ascending, then -1s.
type unionKey [4]int32

// add enters set into k, which holds n sets, and returns their number and
// whether a fifth did not fit.
func (k *unionKey) add(set int32, n int, over bool) (int, bool) {
	i := 0
	for i < n && k[i] < set {
		i++
	}
	switch {
	case i < n && k[i] == set:
		return n, over
	case n == len(k):
		return n, true
	}
	copy(k[i+1:n+1], k[i:n])
	k[i] = set
	return n + 1, over
}

// unionCache keeps the Groups of several sets built so far.
type unionCache struct {
	mu sync.RWMutex
	m  map[unionKey]*Group
	// last is the names whose Group was kept last, and that Group: a
	// crawler passes the same names with every query, and finds its
	// Group by comparing them, without reading each name, looking it up
	// or taking the lock (BenchmarkSeveralNames).
	last atomic.Pointer[namedUnion]
}

// namedUnion is a list of names and the Group they find.
type namedUnion struct {
	names []string // copies, so that a caller's larger string is not kept
	g     *Group
}

// recent returns the Group that names found when it was kept last, or
// nil; c may be nil, when none is kept yet.
func (c *unionCache) recent(names []string) *Group {
	if c == nil {
		return nil
	}
	if u := c.last.Load(); u != nil && slices.Equal(u.names, names) {
		return u.g
	}
	return nil
}

// bytes returns the bytes of the names c.last keeps (see Robots.Footprint).
func (u *namedUnion) bytes() int64 {
	n := heapBytes(int64(unsafe.Sizeof(*u))) + heapBytes(int64(len(u.names))*int64(unsafe.Sizeof("")))
	for _, name := range u.names {
		n += heapBytes(int64(len(name)))
	}
	return n
}

// get returns the Group kept for k, or nil; c may be nil, when none is
// kept yet.
func (c *unionCache) get(k unionKey) *Group {
	if c == nil {
		return nil
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[k]
}

// put keeps g for k, found by names, unless the cache is full, and returns
// the Group kept for k: an earlier one, when callers raced to build it.
func (c *unionCache) put(k unionKey, names []string, g *Group) *Group {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[k]; old != nil {
		return old
	}
	if len(c.m) < maxUnions {
		if c.m == nil {
			c.m = make(map[unionKey]*Group)
		}
		c.m[k] = g
		u := &namedUnion{names: make([]string, len(names)), g: g}
		for i, name := range names {
			u.names[i] = strings.Clone(name)
		}
		c.last.Store(u)
	}
	return g
}

// token is the product token of one user-agent line ("*" for the global
// group), as written: the file's tokens are stored back to back in one
// string, in file order.
type token struct {
	end   uint32 // the token is tokText[end of the previous one : end]
	group uint32 // the file's group whose line it is
}
