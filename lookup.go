package robotstxt

// This file finds the groups a crawler obeys (RFC 9309 section 2.2.1):
// product tokens sorted for a case-insensitive binary search, and the
// sets of groups that one token names.

import (
	"cmp"
	"slices"
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

// sets returns the number of sets: the file's groups and the sets of
// several groups.
func (s *groupSets) sets() int {
	if s.multi == nil {
		return len(s.starts)
	}
	return len(s.starts) + len(s.multi.end)
}

// tokenText returns the file's token i as written.
func (s *groupSets) tokenText(i uint32) string {
	return s.tokText[tokenStart(s.toks, int(i)):s.toks[i].end]
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

// token is the product token of one user-agent line ("*" for the global
// group), as written: the file's tokens are stored back to back in one
// string, in file order.
type token struct {
	end   uint32 // the token is tokText[end of the previous one : end]
	group uint32 // the file's group whose line it is
}

// tokenStart returns where token i of toks starts in their text: where
// the one before it ends.
func tokenStart(toks []token, i int) uint32 {
	if i == 0 {
		return 0
	}
	return toks[i-1].end
}
