package robotstxt

// This file builds a group's index, which decides a path (RFC 9309
// section 2.2.2: the most specific rule that matches) in bounded time.
//
// A pattern is a literal prefix (the text before its first '*'), pieces
// (the text between two '*'s, and after the last unless a '$' ends the
// pattern) and, with a '$', a tail that ends the path. It matches when
// its prefix starts the path, each piece occurs after the one before,
// and the tail ends what is left; taking each piece at its leftmost
// occurrence is never wrong, as in matches. The rules without pieces, and
// those with pieces whose prefix few share, are sorted by prefix; the
// others are listed, or swept: one Aho-Corasick automaton over all their
// pieces reads the path once, and where a piece ends, the rules waiting
// for it take it and wait for their next.

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/rfc9309/robotstxt/internal/octetmask"
)

// The index's choices, each measured (BenchmarkWorstCase, the bench
// module's BenchmarkAllowed). A group of fewer than listMax rules is one
// list: 30% faster than entries on the corpus's groups of 4 to 31 rules. A
// group builds its index, which costs tens of scans, after indexAfter
// queries that scan it (the bench module's BenchmarkFirstQuery); a scan
// counts for a query each scanWork of its work, in rules with a '*' times
// the path's octets, so that none searches 2^20 (TestLongPathBuildsIndex).
// The entries take at most chainMax rules with pieces along a chain of
// prefixes (see takeSparse); the others, a crowd, are swept when sweepMin
// or more, and listed when fewer than listMost: a query takes the list
// when its rules times the path's octets, plus their octets, are at most
// listWork, as a rule's match costs both (sophos.com's 413 decide its
// generic paths 1.37 times as fast listed as swept; 3,430 rules of 14
// runs of '*' took 2 ms for 16 octets when their octets did not count).
// An automaton's first states, one for each denseEvery, at most denseMax,
// step by a table of 1 KiB (sophos.com: 61 rows, of its 64 states of
// depth 2 or less). The entries' search compares their keys (see
// prefixKey), and strings only on a tie.
const (
	indexMin, listMax                      = 2, 32
	indexAfter, scanWork                   = 16, 1 << 16
	chainMax, sweepMin, listMost, listWork = 8, 32, 4096, 1 << 16
	denseEvery, denseMax                   = 64, 64
)

// An index holds a group's rules ordered for matching: rules[:direct],
// those without pieces and those with pieces that takeSparse takes,
// sorted by prefix and priority, which entries address; rules[direct:],
// the crowd (all rules, below listMax) and, when it is listed but not
// swept, the "/*.php$" rules without pieces, by priority, listed with
// their masks, swept, or both (see the constants).
type index struct {
	rules   []rule
	direct  int
	entries []entry
	keys    uint64           // masks the entries' and paths' keys: 0 for plain
	masks   []octetmask.Mask // in the order of byKey; nil when the crowd is not listed
	// byKey has the listed rules' positions in the list by key, the octet
	// class of each that the fewest need (64: none, or plain), key b's at
	// byKey[keyAt[b]:keyAt[b+1]]; keyed has a bit for each key but 64. A
	// query reads its path's keys: 53 of next.co.uk's 210 listed rules.
	byKey, keyAt []uint16
	keyed        uint64
	listBytes    int // the listed rules' octets
	// pairs holds the pairs of octets (see octetmask.Mask) of the direct
	// rules with pieces, 0 for the others; nil when there are none.
	pairs   []uint64
	swept   *sweptRules // nil but for a group that sweeps
	scratch sync.Pool   // each query's sweep state, as queries run at once
}

// sweptRules are the rules with pieces, and the automaton of the pieces.
type sweptRules struct {
	plen  []int32 // the length of each rule's literal prefix
	steps []int32 // the pieces of each rule, back to back
	ends  []int32 // rule k's pieces are steps[ends[k]:ends[k+1]-1], then -1
	// first lists the rules by their first piece, each piece's by the
	// length of their prefix: piece p's are first[firstAt[p]:firstAt[p+1]].
	first, firstAt, pieceLen []int32
	ring                     int32  // a power of two over the longest piece (see sweepState.ring)
	top                      uint32 // the highest priority of the rules: a better rule ends the search
	ac                       automaton
}

// An entry stands for the direct rules of one literal prefix (see
// literalPrefix), index.rules[lo:next entry's lo], by priority. Entries
// are sorted by prefix; parent is the entry of the longest prefix that is
// a proper prefix of this one's, or -1.
type entry struct {
	lo, parent, plen int32  // plen: the prefix's length
	key              uint64 // prefixKey of the prefix, masked by index.keys
}

// prefixKey returns s's first 8 octets, zero-padded, as a big-endian
// number: strings whose keys differ compare as their keys do.
func prefixKey(s string) uint64 {
	var b [8]byte
	copy(b[:], s)
	return binary.BigEndian.Uint64(b[:])
}

// literalPrefix returns the text of pattern before its first '*', or
// the whole pattern without its final '$'.
func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	return strings.TrimSuffix(pattern, "$")
}

// pieces calls yield with each piece of pattern that is not empty (see
// the file's comment).
func pieces(pattern string, yield func(piece string)) {
	i := strings.IndexByte(pattern, '*')
	if i < 0 {
		return
	}
	rest := pattern[i+1:]
	if strings.HasSuffix(rest, "$") {
		rest = rest[:strings.LastIndexByte(rest, '*')+1] // without the tail
	}
	for p := range strings.SplitSeq(rest, "*") {
		if p != "" {
			yield(p)
		}
	}
}

// buildIndex orders a copy of rules for matching and builds the
// automaton of their pieces: the rules themselves stay in file order,
// which Group.Rules and the scan read while the index is built. plain
// leaves out what only speed asks for (the rules with pieces in entries
// and "/*.php$" ones in the list, pairs of octets, the automaton's table
// past its root, the entries' and listed rules' keys, the skipped
// sweep), for BenchmarkTricks/index.
func buildIndex(t *ruleText, rules []rule, plain bool) *index {
	ix := &index{rules: make([]rule, 0, len(rules))}
	// loose are the rules with a '*' but no pieces whose prefix starts
	// every path ("/*.php$"): listed with the rules with pieces when those
	// are few, where their masks rule them out.
	var pieced, loose []rule
	for i := range rules {
		p := t.pattern(&rules[i])
		has := len(rules) < listMax
		pieces(p, func(string) { has = true })
		switch {
		case has:
			pieced = append(pieced, rules[i])
		case !plain && strings.IndexByte(p, '*') >= 0 && len(literalPrefix(p)) <= 1:
			loose = append(loose, rules[i])
		default:
			ix.rules = append(ix.rules, rules[i])
		}
	}
	if len(rules) >= listMax && !plain {
		pieced = ix.takeSparse(t, pieced)
	}
	sweeps := len(pieced) >= sweepMin
	if sweeps || len(pieced)+len(loose) >= listMost {
		// Not listed: a sweep would not take them, nor a list that long.
		ix.rules, loose = append(ix.rules, loose...), nil
	}
	ix.direct = len(ix.rules)
	ix.keys = ^uint64(0)
	if plain {
		ix.keys = 0 // every step of the entries' search compares strings
	}
	ix.entries = entriesOf(t, ix.rules, ix.keys)
	for j := range ix.rules {
		m := octetmask.PatternMask(t.pattern(&ix.rules[j])).Pairs
		pieces(t.pattern(&ix.rules[j]), func(string) {
			if ix.pairs == nil {
				ix.pairs = make([]uint64, len(ix.rules))
			}
			ix.pairs[j] = m
		})
	}
	listed := append(pieced, loose...)
	slices.SortFunc(listed, t.compareRules)
	ix.rules = append(ix.rules, listed...)
	for k := range listed {
		ix.listBytes += len(t.pattern(&listed[k]))
	}
	// A nil list is no list to take; nor is one that no path would take.
	if len(listed) > 0 && len(listed) < listMost && (!sweeps || ix.listBytes < listWork) {
		ix.masks = make([]octetmask.Mask, len(listed))
		for k := range listed {
			p := t.pattern(&listed[k])
			ix.masks[k] = octetmask.PatternMask(p)
			if plain || strings.IndexByte(p, '*') < 0 {
				ix.masks[k].Pairs = 0 // compared for less than a path's pairs cost
			}
		}
		ix.keyListed(plain)
	}
	if !sweeps {
		return ix
	}
	ix.swept = new(sweptRules)
	ix.swept.build(t, listed, plain)
	n, pieces, ring := len(listed), len(ix.swept.pieceLen), int(ix.swept.ring)
	ix.scratch.New = func() any {
		words := (pieces + 63) / 64
		return &sweepState{pieces: make([]pieceState, pieces), met: make([]uint64, words), full: make([]uint64, (words+63)/64), chain: make([]uint64, pieces), ringGen: make([]uint32, ring),
			ring: make([]int32, ring), rules: make([]ruleState, n)}
	}
	return ix
}

// takeSparse moves to ix.rules the rules with pieces that the entries
// take: those of a prefix that, with the prefixes it extends, has at most
// chainMax of them, so that a path meets at most chainMax such rules on
// its chain of prefixes. It returns the others.
func (ix *index) takeSparse(t *ruleText, pieced []rule) (rest []rule) {
	es := entriesOf(t, pieced, 0)
	taken := make([]int, len(es)) // on the chain of each entry
	for i, e := range es {
		hi := len(pieced)
		if i+1 < len(es) {
			hi = int(es[i+1].lo)
		}
		if e.parent >= 0 {
			taken[i] = taken[e.parent]
		}
		if run := pieced[e.lo:hi]; e.plen > 1 && taken[i]+len(run) <= chainMax { // "/" and "" start every path
			taken[i] += len(run)
			ix.rules = append(ix.rules, run...)
		} else {
			rest = append(rest, run...)
		}
	}
	return rest
}

// entriesOf sorts rules by literal prefix, each computed once, then by
// priority, and returns their entries, with their keys masked by keys.
func entriesOf(t *ruleText, rules []rule, keys uint64) []entry {
	type keyed struct {
		prefix string
		r      rule
	}
	ks := make([]keyed, len(rules))
	for i := range ks {
		ks[i] = keyed{literalPrefix(t.pattern(&rules[i])), rules[i]}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.prefix, b.prefix); c != 0 {
			return c
		}
		return t.compareRules(a.r, b.r)
	})
	prefixes := make([]string, len(ks))
	for i := range ks {
		rules[i], prefixes[i] = ks[i].r, ks[i].prefix
	}
	var entries []entry
	var stack []int32 // entries whose prefixes are prefixes of the current one
	for i, p := range prefixes {
		if i > 0 && p == prefixes[i-1] {
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(p, prefixes[entries[stack[len(stack)-1]].lo]) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		entries = append(entries, entry{lo: int32(i), parent: parent, plen: int32(len(p)), key: prefixKey(p) & keys})
		stack = append(stack, int32(len(entries)-1))
	}
	return trim(entries)
}

// entryPrefix returns e's prefix, the start of its first rule's pattern.
func (ix *index) entryPrefix(t *ruleText, e *entry) string {
	r := &ix.rules[e.lo]
	return t.arena[r.off : r.off+uint32(e.plen)]
}

// build numbers the distinct pieces of rules, lists each rule's, and
// builds their automaton.
func (s *sweptRules) build(t *ruleText, rules []rule, plain bool) {
	ids := make(map[string]int32)
	var texts []string
	s.plen = make([]int32, len(rules))
	s.ends = make([]int32, len(rules)+1)
	for k := range rules {
		p := t.pattern(&rules[k])
		s.plen[k] = int32(strings.IndexByte(p, '*'))
		pieces(p, func(piece string) {
			id, ok := ids[piece]
			if !ok {
				id = int32(len(texts))
				ids[piece] = id
				texts = append(texts, piece)
			}
			s.steps = append(s.steps, id)
		})
		s.steps = append(s.steps, -1)
		s.ends[k+1] = int32(len(s.steps))
	}
	s.pieceLen = make([]int32, len(texts))
	s.ring = 1
	for id, p := range texts {
		s.pieceLen[id] = int32(len(p))
		for s.ring <= int32(len(p)) {
			s.ring *= 2
		}
	}
	// The rules by first piece, then by the length of their prefix.
	for k := range rules {
		s.top = max(s.top, t.prio(&rules[k]))
	}
	if plain {
		s.top = ^uint32(0) // never skipped
	}
	s.first = make([]int32, len(rules))
	for k := range s.first {
		s.first[k] = int32(k)
	}
	slices.SortFunc(s.first, func(a, b int32) int {
		if c := s.steps[s.ends[a]] - s.steps[s.ends[b]]; c != 0 {
			return int(c)
		}
		return int(s.plen[a] - s.plen[b])
	})
	s.firstAt = make([]int32, len(texts)+1)
	for _, k := range s.first {
		s.firstAt[s.steps[s.ends[k]]+1]++
	}
	for id := range texts {
		s.firstAt[id+1] += s.firstAt[id]
	}
	s.ac.build(texts, plain)
}

// decide returns the index in ix.rules of the rule that decides path, or -1.
// t holds the rules' patterns; emptyMatches is the mode's reading of an
// empty pattern (see dialect.emptyMatches).
//
// It takes O(n (log r + log b + 40) + b) for a path of n octets and a
// group of r rules of b octets, b under 8 MiB: the entries' search and
// chain, with at most chainMax rules with pieces; the automaton's n steps
// and at most n more along failure links; at each position, at most
// log2(pieces)+1 runs of bits (see automaton), each O(1) but for the
// pieces it takes (its pieces' lengths differ: under √(2b), one word of
// full); a list of fewer than sweepMin rules tried in O(n) each, or a
// longer one while its rules times n plus their octets are at most
// listWork; and each rule's prefix, pieces and tail taken once.
func (ix *index) decide(t *ruleText, emptyMatches bool, path string) int {
	best := ix.decideDirect(t, emptyMatches, path)
	if ix.masks == nil || ix.swept != nil && len(path)*len(ix.masks)+ix.listBytes > listWork {
		if ix.swept != nil && (best < 0 || t.prio(&ix.rules[best]) <= ix.swept.top) {
			best = ix.sweep(t, path, best)
		}
		return best
	}
	// The rules that rank above best, by a binary search: the list is by
	// priority.
	lo, hi := 0, len(ix.masks)
	for best >= 0 && lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.better(&ix.rules[ix.direct+m], &ix.rules[best]) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	octets, pairs := octetmask.Of(path), pathPairs{path: path}
	found := ix.tryListed(t, emptyMatches, path, 64, hi, ^octets, &pairs)
	for rest := octets & ix.keyed; rest != 0; rest &= rest - 1 {
		found = ix.tryListed(t, emptyMatches, path, bits.TrailingZeros64(rest), found, ^octets, &pairs)
	}
	if found < hi {
		return ix.direct + found
	}
	return best
}

// keyListed lists the listed rules by key (see index.byKey).
func (ix *index) keyListed(plain bool) {
	var need [65]int
	for _, m := range ix.masks {
		for b := m.Octets; b != 0; b &= b - 1 {
			need[bits.TrailingZeros64(b)]++
		}
	}
	key := make([]int, len(ix.masks))
	ix.byKey, ix.keyAt = make([]uint16, len(ix.masks)), make([]uint16, 66)
	for k, m := range ix.masks {
		key[k] = 64
		for b := m.Octets; b != 0 && !plain; b &= b - 1 {
			if i := bits.TrailingZeros64(b); key[k] == 64 || need[i] < need[key[k]] {
				key[k] = i
			}
		}
		ix.byKey[k], ix.keyAt[key[k]+1] = uint16(k), ix.keyAt[key[k]+1]+1
		ix.keyed |= 1 << key[k] // none for 64
	}
	for b := range 65 {
		ix.keyAt[b+1] += ix.keyAt[b]
	}
	slices.SortStableFunc(ix.byKey, func(a, b uint16) int { return key[a] - key[b] })
	// The masks in key order: a query reads them in fewer instructions.
	byRule := slices.Clone(ix.masks)
	for i, k := range ix.byKey {
		ix.masks[i] = byRule[k]
	}
}

// tryListed returns the position in the list of the first listed rule of
// key b that ranks above the one at found and matches path, or found.
func (ix *index) tryListed(t *ruleText, emptyMatches bool, path string, b, found int, lacks uint64, pairs *pathPairs) int {
	keys, masks := ix.byKey[:ix.keyAt[b+1]], ix.masks[:ix.keyAt[b+1]]
	for i := int(ix.keyAt[b]); ; i++ {
		// Most rules are read by this loop, which calls nothing: its values stay in registers.
		for ; i < len(masks) && int(keys[i]) < found && masks[i].Octets&lacks != 0; i++ {
		}
		if i == len(masks) || int(keys[i]) >= found {
			return found
		}
		if k := int(keys[i]); !pairs.lacks(masks[i].Pairs) && t.matches(&ix.rules[ix.direct+k], path, emptyMatches) {
			return k
		}
	}
}

// decideDirect returns the best of the direct rules that match path, or
// -1.
func (ix *index) decideDirect(t *ruleText, emptyMatches bool, path string) int {
	// The entries whose prefixes are prefixes of path are the entry just
	// at or before path in sorted order and its ancestors: every string
	// that sorts between a prefix of path and path starts with that prefix.
	lo, hi, key := 0, len(ix.entries), prefixKey(path)&ix.keys
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if e := &ix.entries[m]; e.key < key || e.key == key && ix.entryPrefix(t, e) <= path {
			lo = m + 1
		} else {
			hi = m
		}
	}
	best, pairs := -1, pathPairs{path: path}
	for i := int32(lo - 1); i >= 0; i = ix.entries[i].parent {
		e := &ix.entries[i]
		if !strings.HasPrefix(path, ix.entryPrefix(t, e)) {
			continue
		}
		end := ix.direct
		if int(i)+1 < len(ix.entries) {
			end = int(ix.entries[i+1].lo)
		}
		for j := int(e.lo); j < end; j++ {
			r := &ix.rules[j]
			if best >= 0 && !t.better(r, &ix.rules[best]) {
				break // the rest of this entry ranks lower still
			}
			if ix.pairs != nil && pairs.lacks(ix.pairs[j]) {
				continue
			}
			if t.matches(r, path, emptyMatches) {
				best = j
				break
			}
		}
	}
	return best
}

// pathPairs are a path's pairs of octets (see octetmask.Pairs), read
// only when a rule has pairs to compare: they cost twice its octets.
type pathPairs struct {
	path string
	m    uint64
	read bool
}

// lacks reports whether the path lacks one of the pairs need; none when
// need is 0.
func (p *pathPairs) lacks(need uint64) bool {
	if need == 0 {
		return false
	}
	if !p.read {
		p.m, p.read = octetmask.Pairs(p.path), true
	}
	return need&^p.m != 0
}

// A sweepState is one query's sweep: each piece's and each rule's state,
// and gen, which marks a piece's as this query's: counting it up clears
// them all. A rule that took a piece ending at e waits for its next, of
// n octets, from e: it joins that piece's list only at e+n, from ring
// (lists by that position, modulo more than any piece's length), so
// that it is never met at an occurrence that overlaps the piece it took.
// Where pieces end, only the live ones are visited, of a 0 bit in met
// (by position, see pieceRun; full marks words of met with none): those
// not met yet, with a waiting rule, or with a first-piece rule whose
// prefix and piece fit before (due lists them by that end, each plus
// one, through their dueNext). Without this, a decision took 15 ms on
// BenchmarkWorstCase's one-letter, 4 to 80 on the attacks' chains.
type sweepState struct {
	gen, wakes uint32 // wakes: the calls of wake, counted
	pieces     []pieceState
	met, full  []uint64
	chain      []uint64 // by piece: none live on its chain as of gen<<32|wakes
	due, ring  []int32
	ringGen    []uint32
	rules      []ruleState
}

// A pieceState is a piece's: its first-piece rules from cursor (in
// first) still to take it, its first waiting rule (head, a list through
// ruleState.next), and where it went on due (dueAt, or 0) with the piece
// after it there (dueNext, or -1). A ruleState is a swept rule's: the
// position in steps of the piece it waits for, and the next on its list.
type pieceState struct{ gen, cursor, head, dueAt, dueNext int32 }
type ruleState struct{ at, next int32 }

type sweeper struct { // one query's sweep over an index
	ix   *index
	t    *ruleText
	path string
	best int
	sw   *sweepState
}

// sweep improves best, an index in ix.rules or -1, with the swept rules
// that match path.
func (ix *index) sweep(t *ruleText, path string, best int) int {
	s := ix.swept
	// The state is a variable of its own: held in q only, it would make
	// the path, which q holds too, escape (see matchPath).
	sw := ix.scratch.Get().(*sweepState)
	sw.gen++
	if sw.gen == 0 { // wrapped: marks of 2^32 queries ago would read as new
		clear(sw.pieces)
		clear(sw.ringGen)
		clear(sw.chain)
		sw.gen = 1
	}
	clear(sw.met) // every piece is live until met
	clear(sw.full)
	sw.due = slices.Grow(sw.due[:0], len(path)+1)[:len(path)+1]
	clear(sw.due)
	q := sweeper{ix: ix, t: t, path: path, best: best, sw: sw}
	a := &s.ac
	state, ring := int32(0), s.ring-1
	for j := 0; j < len(path); j++ {
		end := int32(j + 1)
		if sw.ringGen[end&ring] == sw.gen {
			q.wait(end)
		}
		for p := sw.due[end] - 1; p >= 0; p = sw.pieces[p].dueNext {
			sw.wake(a.runs[p].hi)
		}
		state = a.step(state, path[j])
		// The pieces that end here, unless none woke since they were taken:
		// a run for each path of the decomposition.
		if x := a.out[state]; x >= 0 && sw.chain[x] != uint64(sw.gen)<<32|uint64(sw.wakes) {
			for p := x; p >= 0; p = a.runs[p].up {
				q.run(a.runs[p].lo, a.runs[p].hi, int(end))
			}
			sw.chain[x] = uint64(sw.gen)<<32 | uint64(sw.wakes)
		}
	}
	ix.scratch.Put(sw)
	return q.best
}

// wake makes the piece at position i of automaton.byPos live.
func (sw *sweepState) wake(i int32) {
	sw.wakes++
	sw.met[i>>6] &^= 1 << (i & 63)
	sw.full[i>>12] &^= 1 << (i >> 6 & 63)
}

// run takes the live pieces, ending at end, at positions lo to hi of
// automaton.byPos: those of a 0 bit in met.
func (q *sweeper) run(lo, hi int32, end int) {
	sw, a := q.sw, &q.ix.swept.ac
	for w := lo >> 6; w <= hi>>6; w++ {
		sum := ^sw.full[w>>6] >> (w & 63)
		if sum == 0 {
			w |= 63 // none in the rest of this word of full
			continue
		}
		if w += int32(bits.TrailingZeros64(sum)); w > hi>>6 {
			return
		}
		m := ^sw.met[w] & (^uint64(0) << max(lo-w<<6, 0)) & (^uint64(0) >> max(w<<6+63-hi, 0))
		for ; m != 0; m &= m - 1 {
			sw.met[w] |= m & -m
			q.take(a.byPos[w<<6|int32(bits.TrailingZeros64(m))], end)
		}
		if sw.met[w] == ^uint64(0) {
			sw.full[w>>6] |= 1 << (w & 63)
		}
	}
}

// wait puts the rules that wait from end, in its ring slot of this
// query, on the lists of their pieces.
func (q *sweeper) wait(end int32) {
	sw, s := q.sw, q.ix.swept
	slot := end & (s.ring - 1)
	k := sw.ring[slot]
	sw.ringGen[slot] = 0
	for k >= 0 {
		w := &sw.rules[k]
		next, p := w.next, s.steps[w.at]
		ps := q.piece(p)
		if ps.head < 0 { // else p woke for the rule before
			sw.wake(s.ac.runs[p].hi)
		}
		w.next, ps.head = ps.head, k
		k = next
	}
}

// piece returns the state of piece p in this query's sweep, set up on
// first use.
func (q *sweeper) piece(p int32) *pieceState {
	ps := &q.sw.pieces[p]
	if ps.gen != int32(q.sw.gen) {
		*ps = pieceState{gen: int32(q.sw.gen), cursor: q.ix.swept.firstAt[p], head: -1}
	}
	return ps
}

// take takes piece p, ending at end, for the rules waiting for it and
// the first-piece rules that fit before, and puts p on due where its
// next first-piece rule fits.
func (q *sweeper) take(p int32, end int) {
	s := q.ix.swept
	start := int32(end) - s.pieceLen[p]
	ps, sw := q.piece(p), q.sw
	// The rules whose first piece p is, up to those it cannot follow in
	// this path; one whose prefix the path lacks is passed at once, so
	// that p is put on due only for a rule that will take it.
	c, last := ps.cursor, s.firstAt[p+1]
	for ; c < last && s.plen[s.first[c]] <= int32(len(q.path))-s.pieceLen[p]; c++ {
		k := s.first[c]
		if r := &q.ix.rules[q.ix.direct+int(k)]; !strings.HasPrefix(q.path, q.t.arena[r.off:r.off+uint32(s.plen[k])]) {
			continue
		}
		if s.plen[k] > start {
			break // this occurrence starts too early for it and the rest
		}
		q.advance(k, s.ends[k], end)
	}
	if c < last {
		if at := s.plen[s.first[c]] + s.pieceLen[p]; int(at) <= len(q.path) && ps.dueAt != at {
			ps.dueNext, sw.due[at], ps.dueAt = sw.due[at]-1, p+1, at
		}
	}
	ps.cursor = c
	// The rules waiting for p after their earlier pieces.
	k := ps.head
	ps.head = -1
	for k >= 0 {
		next := sw.rules[k].next
		q.advance(k, sw.rules[k].at, end)
		k = next
	}
}

// advance makes rule k, which has just taken the piece at position at of
// steps, ending at end, wait for its next piece, or match when it has
// none left.
func (q *sweeper) advance(k, at int32, end int) {
	if q.best >= 0 && !q.t.better(&q.ix.rules[q.ix.direct+int(k)], &q.ix.rules[q.best]) {
		return // it cannot decide
	}
	if s, sw := q.ix.swept, q.sw; s.steps[at+1] >= 0 {
		from := int32(end) + s.pieceLen[s.steps[at+1]] // see sweepState
		slot := from & (s.ring - 1)
		if sw.ringGen[slot] != sw.gen {
			sw.ringGen[slot], sw.ring[slot] = sw.gen, -1
		}
		sw.rules[k], sw.ring[slot] = ruleState{at + 1, sw.ring[slot]}, k
		return
	}
	// Every piece taken: a '$' asks that the tail end what is left.
	if pat := q.t.pattern(&q.ix.rules[q.ix.direct+int(k)]); strings.HasSuffix(pat, "$") {
		tail := pat[strings.LastIndexByte(pat, '*')+1 : len(pat)-1]
		if len(q.path)-len(tail) < end || !strings.HasSuffix(q.path, tail) {
			return
		}
	}
	q.best = q.ix.direct + int(k)
}

// An automaton finds, in one pass over a path, every occurrence of a set
// of pieces (Aho and Corasick's automaton). Its states are the pieces'
// prefixes, numbered breadth first: the children of state s are states
// child[s] to child[s+1], each reached by its octet, label; fail is the
// state of the longest proper suffix of a state's text that is a state;
// out is the first of the pieces that end where a state is reached: the
// piece its text is, or else the nearest along fail, or -1; next is,
// for each piece, the one after it along fail, or -1. A state costs 13
// bytes, a piece 16, and the first states 1 KiB more each (see
// denseEvery).
//
// The pieces that end where a state is reached are a path up the forest
// that next makes, cut into paths down from a top through the child with
// most pieces below (a heavy-light decomposition): a path up meets at
// most log2(pieces)+1, each a run of positions (byPos the piece at each).
type automaton struct {
	rows                   int32   // the first states, whose steps dense holds
	dense                  []int32 // the step of state s < rows reading c at s<<8|c
	child, fail, out, next []int32
	label                  []byte
	runs                   []pieceRun // by piece
	byPos                  []int32
}

// A pieceRun is piece p's part of its path of the decomposition, from the
// top to p: positions lo to hi, p's (see sweepState.met); up: above, or -1.
type pieceRun struct{ lo, hi, up int32 }

// step returns the state after state reads c.
func (a *automaton) step(state int32, c byte) int32 {
	for state >= a.rows {
		lo, hi := a.child[state], a.child[state+1]
		for i, l := range a.label[lo:hi] {
			if l == c {
				return lo + int32(i)
			}
			if l > c {
				break
			}
		}
		state = a.fail[state]
	}
	return a.dense[int(state)<<8|int(c)]
}

// build makes the automaton of pieces, distinct and not empty, piece
// i's state tagged i.
func (a *automaton) build(pieces []string, plain bool) {
	// The trie breadth first: a state is the span of the sorted pieces
	// that start with its text, of depth octets, and its children split
	// the span by the octet that follows.
	sorted := make([]int32, len(pieces))
	for i := range sorted {
		sorted[i] = int32(i)
	}
	slices.SortFunc(sorted, func(x, y int32) int { return strings.Compare(pieces[x], pieces[y]) })
	type span struct{ lo, hi, depth int32 }
	states := []span{{0, int32(len(pieces)), 0}}
	piece := []int32{-1}
	a.label = []byte{0}
	for s := 0; s < len(states); s++ {
		lo, hi, d := states[s].lo, states[s].hi, states[s].depth
		if len(pieces[sorted[lo]]) == int(d) { // sorts first of its span
			piece[s] = sorted[lo]
			lo++
		}
		a.child = append(a.child, int32(len(states)))
		for lo < hi {
			c, end := pieces[sorted[lo]][d], lo+1
			for end < hi && pieces[sorted[end]][d] == c {
				end++
			}
			states, piece, a.label = append(states, span{lo, end, d + 1}), append(piece, -1), append(a.label, c)
			lo = end
		}
	}
	n := len(states)
	a.child = append(a.child, int32(n))
	a.rows = int32(min(n, 1+n/denseEvery, denseMax))
	if plain {
		a.rows = 1
	}
	a.dense = make([]int32, a.rows<<8)
	// Failure links and outputs, breadth first: a state's fail is
	// shallower than it, so that its out is known.
	a.fail = make([]int32, n)
	a.out = make([]int32, n)
	a.next = make([]int32, len(pieces))
	a.out[0] = -1
	for s := int32(0); s < int32(n); s++ {
		if s > 0 {
			a.out[s] = a.out[a.fail[s]]
			if p := piece[s]; p >= 0 {
				a.out[s], a.next[p] = p, a.out[s]
			}
		}
		if s < a.rows { // the steps of a dense state: its fail's, but for its children
			row := a.dense[s<<8 : (s+1)<<8]
			if s > 0 {
				copy(row, a.dense[a.fail[s]<<8:])
			}
			for c := a.child[s]; c < a.child[s+1]; c++ {
				row[a.label[c]] = c
			}
		}
		for c := a.child[s]; c < a.child[s+1] && s > 0; c++ {
			a.fail[c] = a.step(a.fail[s], a.label[c])
		}
	}
	// A piece's children along next are longer, so reached later.
	size, heavy := make([]int32, len(pieces)), slices.Repeat([]int32{-1}, len(pieces))
	for s := n - 1; s >= 0; s-- {
		if p := piece[s]; p >= 0 {
			size[p]++
			if up := a.next[p]; up >= 0 {
				if size[up] += size[p]; heavy[up] < 0 || size[heavy[up]] < size[p] {
					heavy[up] = p
				}
			}
		}
	}
	a.runs, a.byPos = make([]pieceRun, len(pieces)), make([]int32, 0, len(pieces))
	for _, p := range piece {
		if p < 0 || a.next[p] >= 0 && heavy[a.next[p]] == p {
			continue // no piece, or on its parent's path
		}
		lo := int32(len(a.byPos))
		for q := p; q >= 0; q = heavy[q] {
			a.runs[q], a.byPos = pieceRun{lo, int32(len(a.byPos)), a.next[p]}, append(a.byPos, q)
		}
	}
}

// bytes returns the bytes ix holds: a query's sweep state, lent by a
// pool that a collection empties, is not counted but for its header.
func (ix *index) bytes() int64 {
	s := ix.swept
	n := heapBytes(sizeOf[index]()) + sliceBytes(ix.rules) + sliceBytes(ix.entries) + sliceBytes(ix.masks) + sliceBytes(ix.pairs) + sliceBytes(ix.byKey) + sliceBytes(ix.keyAt)
	if s == nil {
		return n
	}
	a := &s.ac
	return n + heapBytes(sizeOf[sweptRules]()) + sliceBytes(s.plen) + sliceBytes(s.steps) + sliceBytes(s.ends) + sliceBytes(s.first) +
		sliceBytes(s.firstAt) + sliceBytes(s.pieceLen) + sliceBytes(a.dense) + sliceBytes(a.child) + sliceBytes(a.label) + sliceBytes(a.fail) + sliceBytes(a.out) + sliceBytes(a.next) +
		sliceBytes(a.runs) + sliceBytes(a.byPos) +
		heapBytes(sizeOf[sweepState]())
}
