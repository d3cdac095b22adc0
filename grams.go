package robotstxt

// This file builds the index of a large group's rules by the literal text
// after their first '*', so that deciding a path (RFC 9309 section 2.2.2)
// tries only the rules whose text occurs in it, however many share the
// prefix before their '*' (a file of thousands of "/*" rules).

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// gramLen is the length of the keys of the gram index: a rule is found
// by gramLen octets of one of its pieces (the literal text between two
// '*'s, or after the last), read at every position of the path. Four
// octets read as one word are cheap to look up at each position and rare
// enough in a path that few rules are found by chance (26^4 keys of
// lower-case letters alone).
const gramLen = 4

// crowdMin is the fewest rules sharing one literal prefix (the text
// before the first '*') for the gram index to key them: a path that
// starts with the prefix meets all of them in the prefix entries, while
// rules of a longer, rarer prefix are found best by it (www.unesco.org's
// "/ja/unesco-media/*/lightbox" and the like, BenchmarkWorstCase).
const crowdMin = 8

// gramMin is the fewest keyed rules (see pieceOf) for which a group gets
// a gram index: below it, the prefix entries and octet masks try few
// enough rules that a look-up at each position of the path costs more
// than it saves (BenchmarkWorstCase, BenchmarkAllowed).
const gramMin = 128

// A gramIndex holds the keyed rules of a group, index.rules[lo:], grouped
// by their key and each group sorted by priority. slots is an open
// addressing table of the keys, its length a power of two.
type gramIndex struct {
	lo     int32
	shift  uint8      // 32 - log2(len(slots))
	slots  []gramSlot // key -> the rules that have it
	starts []int32    // the rules of key id k are index.rules[starts[k]:starts[k+1]]
	// pieces holds, for each keyed rule (index.rules[lo+i] for
	// pieces[i]), where its key lies in its pattern.
	pieces []piece
	// scratch lends each query the marks of the rules it has matched
	// exactly, so that none is matched twice: a Group serves many
	// goroutines at once, so the marks cannot live in the index itself.
	scratch sync.Pool
}

// A gramSlot is one key of the table and its id plus one; id+1 == 0 is
// an empty slot.
type gramSlot struct {
	key uint32
	id1 int32
}

// A piece says where a keyed rule's key lies: the piece pattern[lo:hi],
// with the key at pattern[key:key+gramLen].
type piece struct {
	lo, hi, key int32
}

// gramScratch holds one query's marks: tried[i] == gen says the keyed
// rule i was matched exactly in the current query. Counting gen up
// clears all marks at once.
type gramScratch struct {
	gen   uint32
	tried []uint32
}

// gramOf returns the key of the gramLen octets at s[i:].
func gramOf(s string, i int) uint32 {
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// slot returns the slot where key is, or the empty one where it would go.
func (gx *gramIndex) slot(key uint32) int {
	mask := len(gx.slots) - 1
	for i := int((key * 0x9E3779B1) >> gx.shift); ; i = (i + 1) & mask {
		if s := &gx.slots[i]; s.id1 == 0 || s.key == key {
			return i
		}
	}
}

// laterPieces yields the pieces of a pattern after its first '*' that
// are at least gramLen long, as [lo, hi) bounds in pattern: the text a path must
// hold somewhere after the pattern's literal prefix. A final '$' is not
// part of any piece.
func laterPieces(pattern string, yield func(lo, hi int)) {
	end := len(strings.TrimSuffix(pattern, "$"))
	i := strings.IndexByte(pattern, '*')
	if i < 0 {
		return
	}
	for i < end {
		lo := i + 1
		hi := lo + strings.IndexByte(pattern[lo:end], '*')
		if hi < lo {
			hi = end
		}
		if hi-lo >= gramLen {
			yield(lo, hi)
		}
		i = hi
	}
}

// buildGrams picks the rules to key: those with a piece after their
// first '*' of gramLen octets or more, among at least crowdMin rules of
// their literal prefix. For each it picks the key of those pieces that
// the fewest rules share, so that a key found in a path brings few rules
// with it. It returns the keyed rules' positions in rules, and their
// pieces.
func buildGrams(t *ruleText, rules []rule) (keyed []int, pieces []piece) {
	crowd := map[string]int32{}
	for i := range rules {
		crowd[literalPrefix(t.pattern(&rules[i]))]++
	}
	count := map[uint32]int32{}
	for i := range rules {
		p := t.pattern(&rules[i])
		if crowd[literalPrefix(p)] < crowdMin {
			continue
		}
		laterPieces(p, func(lo, hi int) {
			for k := lo; k+gramLen <= hi; k++ {
				count[gramOf(p, k)]++
			}
		})
	}
	for i := range rules {
		p := t.pattern(&rules[i])
		if crowd[literalPrefix(p)] < crowdMin {
			continue
		}
		best := piece{key: -1}
		bestCount := int32(0)
		laterPieces(p, func(lo, hi int) {
			for k := lo; k+gramLen <= hi; k++ {
				if c := count[gramOf(p, k)]; best.key < 0 || c < bestCount {
					best, bestCount = piece{int32(lo), int32(hi), int32(k)}, c
				}
			}
		})
		if best.key >= 0 {
			keyed = append(keyed, i)
			pieces = append(pieces, best)
		}
	}
	return keyed, pieces
}

// newGramIndex indexes rules, which become index.rules[lo:], by the keys
// of pieces (one per rule). It reorders rules and pieces alike.
func newGramIndex(t *ruleText, lo int, rules []rule, pieces []piece) *gramIndex {
	type keyedRule struct {
		key uint32
		r   rule
		p   piece
	}
	ks := make([]keyedRule, len(rules))
	for i := range rules {
		ks[i] = keyedRule{gramOf(t.pattern(&rules[i]), int(pieces[i].key)), rules[i], pieces[i]}
	}
	slices.SortFunc(ks, func(a, b keyedRule) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		return t.compareRules(a.r, b.r)
	})
	keys := 0
	for i := range ks {
		if i == 0 || ks[i].key != ks[i-1].key {
			keys++
		}
	}
	logSlots := bits.Len(uint(2*keys - 1)) // at least twice the keys: short probes
	gx := &gramIndex{
		lo:     int32(lo),
		shift:  uint8(32 - logSlots),
		slots:  make([]gramSlot, 1<<logSlots),
		starts: make([]int32, 0, keys+1),
		pieces: pieces,
	}
	for i := range ks {
		rules[i], pieces[i] = ks[i].r, ks[i].p
		if i > 0 && ks[i].key == ks[i-1].key {
			continue
		}
		gx.slots[gx.slot(ks[i].key)] = gramSlot{key: ks[i].key, id1: int32(len(gx.starts) + 1)}
		gx.starts = append(gx.starts, int32(lo+i))
	}
	gx.starts = append(gx.starts, int32(lo+len(ks)))
	n := len(ks)
	gx.scratch.New = func() any { return &gramScratch{tried: make([]uint32, n)} }
	return gx
}

// keyedRules bounds how many of rules a gram index would key: those
// with a piece after their first '*' of gramLen octets or more (see
// buildGrams).
func keyedRules(t *ruleText, rules []rule) int {
	n := 0
	for i := range rules {
		found := false
		laterPieces(t.pattern(&rules[i]), func(lo, hi int) { found = true })
		if found {
			n++
		}
	}
	return n
}

// gramBytes bounds the bytes of the gram index of a group of n rules,
// keyed of which it keys: none below indexMin or gramMin; else a slot
// table of at most 4 slots a keyed rule, a start and a piece for each,
// and one query's marks (the pool keeps about one for each goroutine
// asking at once).
func gramBytes(n, keyed int) int64 {
	if n < indexMin || keyed < gramMin {
		return 0
	}
	n = keyed
	return heapBytes(int64(unsafe.Sizeof(gramIndex{}))) +
		heapBytes(4*int64(n)*int64(unsafe.Sizeof(gramSlot{}))) +
		heapBytes(int64(n+1)*4) +
		heapBytes(int64(n)*int64(unsafe.Sizeof(piece{}))) +
		heapBytes(int64(unsafe.Sizeof(gramScratch{}))) + heapBytes(int64(n)*4)
}

// find improves best, an index in ix.rules or -1, with the keyed rules
// that match path, and returns it with the number of rules it matched
// exactly. At each position of the path it looks up the key there, and
// tries the rules of that key, best first, that would beat best: a rule
// whose piece does not lie around the key costs a comparison of the
// piece, and one whose piece does is matched exactly, once a query.
//
// The cost is O(len(path) x B x P) for the look-ups and piece
// comparisons, where B is the most rules sharing one key (the key each
// rule gets is the one the fewest share) and P the longest piece,
// plus one exact match (see matches) for each rule whose piece occurs in
// path: it grows with the path and the rules that can match it, not with
// the rules of the group. It allocates nothing once the pool holds marks.
func (gx *gramIndex) find(ix *index, t *ruleText, path string, best int) (int, int) {
	if len(path) < gramLen {
		return best, 0
	}
	// The rules matched exactly are marked in few, on the stack, until
	// it is full, and then in marks from the pool: most queries match few
	// rules, and the pool costs more than the rest of a short query
	// (BenchmarkWorstCase, sophos).
	var few [16]int32
	nfew := 0
	var sc *gramScratch
	var pmask uint64
	if ix.masks != nil {
		pmask = octetMask(path)
	}
	tried := 0
	key := gramOf(path, 0)
	for i := 0; ; i++ {
		if s := gx.slots[gx.slot(key)]; s.id1 != 0 {
			k := s.id1 - 1
			for j := int(gx.starts[k]); j < int(gx.starts[k+1]); j++ {
				r := &ix.rules[j]
				if best >= 0 && !t.better(r, &ix.rules[best]) {
					break // the rest of this key ranks lower still
				}
				m := j - int(gx.lo)
				pc := gx.pieces[m]
				start := i - int(pc.key-pc.lo)
				p := t.pattern(r)
				if start < 0 || !strings.HasPrefix(path[start:], p[pc.lo:pc.hi]) || ix.masks[j]&^pmask != 0 {
					continue
				}
				if sc == nil {
					if slices.Contains(few[:nfew], int32(m)) {
						continue
					}
					if nfew < len(few) {
						few[nfew] = int32(m)
						nfew++
					} else {
						sc = gx.marks(few[:])
					}
				}
				if sc != nil {
					if sc.tried[m] == sc.gen {
						continue
					}
					sc.tried[m] = sc.gen
				}
				tried++
				if matches(p, path) {
					best = j
					break
				}
			}
		}
		if i+gramLen >= len(path) {
			break
		}
		key = key>>8 | uint32(path[i+gramLen])<<24
	}
	if sc != nil {
		gx.scratch.Put(sc)
	}
	return best, tried
}

// marks returns a query's marks from the pool, with the rules of few
// marked.
func (gx *gramIndex) marks(few []int32) *gramScratch {
	sc := gx.scratch.Get().(*gramScratch)
	sc.gen++
	if sc.gen == 0 { // wrapped: marks of 2^32 queries ago would read as new
		clear(sc.tried)
		sc.gen = 1
	}
	for _, m := range few {
		sc.tried[m] = sc.gen
	}
	return sc
}
