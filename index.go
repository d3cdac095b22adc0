package robotstxt

// This file builds the index of a large group, which decides a path
// (RFC 9309 section 2.2.2: the most specific of all the rules that match
// it) in a time bounded for every group and path, without trying each
// rule on its own.
//
// A pattern is a literal prefix (the text before its first '*'), then
// pieces (the literal text between two '*'s, and after the last one
// unless the pattern ends in '$'), then, when it ends in '$', a tail
// that must end the path. It matches when its prefix starts the path,
// each piece occurs after the one before, and the tail ends what is
// left; taking each piece at its leftmost occurrence is never wrong (a
// later one only leaves less room for the rest), as in matches.
//
// The rules without pieces are sorted by prefix, and a path meets those
// whose prefix starts it by a binary search and a chain of entries.
// The rules with pieces are swept: one Aho-Corasick automaton over all
// the pieces of the group reads the path once, octet by octet, and at
// each position where a piece ends, the rules waiting for that piece
// take it and wait for their next one. A rule waits for its first piece
// from the end of its prefix, and for each later one from the end of the
// one before; it takes the first occurrence that starts there or later,
// which is its leftmost. A rule that has taken all its pieces matches
// when its tail ends the path.

import (
	"slices"
	"strings"
	"sync"
)

// indexMin is the smallest group that gets an index: a single rule is
// decided as fast by the scan.
const indexMin = 2

// listMax bounds the groups whose index is a list: a group of fewer
// rules has no entries, and all its rules are tried as the rules with
// pieces of a larger group are when they are few (see sweepMin), best
// first, each with its octets, and the first that matches decides (the
// corpus's groups of 4 to 31 rules, kept: about 30% less time a
// decision than entries).
const listMax = 32

// indexAfter is how many queries a group answers by a scan before it
// builds its index. Sorting a large group costs as much as tens of scans
// over it, so a group asked a few times (a crawler's first request to a
// site, an audit of many sites, one robotstxt check) never pays for it,
// and one asked often pays once (BenchmarkFirstQuery, BenchmarkAllowed).
const indexAfter = 16

// scanWork is the work a scan may cost and still count as one query, in
// rules with a '*' times the path's octets: 2^16. A scan compares a rule
// without '*' with the path's first octets, which costs little whatever
// the path, and may search the whole path for the text of a rule with
// one. The large groups of the corpus, asked for paths of a few dozen
// octets, count for one query each, so that a file asked ten times
// builds no index (bench module, BenchmarkFirstQuery); a scan of
// thousands of '*' rules against a long path counts for more, and one of
// 2^20 or more (the 17,654 rules of 16 letters after a '*' and a path of
// 60 octets) builds the index at once, so that no scan searches more
// than that (TestLongPathBuildsIndex).
const scanWork = 1 << 16

// passCost returns how many queries a scan of the given work counts for.
func passCost(work int) int32 {
	return int32(min(1+work/scanWork, indexAfter+1))
}

// sweepMin is the fewest rules with pieces that a group sweeps: fewer are
// tried one by one, best first, each ruled out by the octets it needs
// where the path lacks one (see index.masks), and the first that matches
// decides, which costs less than a sweep's pass over the path (the "*"
// group of chanel.com, 21 '*' rules: 0.3 us a decision tried, 2.5 us
// swept; BenchmarkWorstCase, sophos and next). Trying them costs at most
// sweepMin times the path's length and the rules' octets.
const sweepMin = 64

// An index holds a group's rules ordered for matching: rules[:direct],
// those without pieces, sorted by literal prefix and then by priority,
// which entries address; and rules[direct:], the rules with pieces: in
// file order when swept, and by priority, with their octets in masks,
// when fewer than sweepMin. A group of fewer than listMax rules has all
// its rules in the list of masks.
type index struct {
	rules   []rule
	direct  int
	entries []entry
	masks   []uint64 // nil when the rules with pieces are swept
	swept   sweptRules
	// scratch lends each query the state of its sweep: a Group serves
	// many goroutines at once, so the state cannot live in the index.
	scratch sync.Pool
}

// sweptRules are the rules with pieces, and the automaton of the pieces.
type sweptRules struct {
	plen  []int32 // the length of each rule's literal prefix
	steps []int32 // the pieces of each rule, back to back
	ends  []int32 // rule k's pieces are steps[ends[k-1]:ends[k]]
	// first lists the rules by their first piece, each piece's by the
	// length of their prefix: piece p's are first[firstEnd[p-1]:firstEnd[p]].
	first    []int32
	firstEnd []int32
	pieceLen []int32
	ring     int32 // a power of two over the longest piece (see sweepState.ring)
	ac       automaton
}

// An entry stands for the direct rules whose patterns share one literal
// prefix (the text before the first '*', or the whole pattern without
// its '$'): index.rules[lo:next entry's lo], sorted by priority. Entries
// are sorted by prefix; parent is the entry with the longest prefix that
// is a proper prefix of this one, or -1.
type entry struct {
	lo, parent, plen int32
}

// literalPrefix returns the text of pattern before its first '*', or
// the whole pattern without its final '$'.
func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	return strings.TrimSuffix(pattern, "$")
}

// pieces calls yield with each piece of pattern (see the file's comment):
// the text between two '*'s, and after the last unless a '$' ends the
// pattern; empty ones are left out.
func pieces(pattern string, yield func(piece string)) {
	i := strings.IndexByte(pattern, '*')
	if i < 0 {
		return
	}
	rest := pattern[i+1:]
	anchored := strings.HasSuffix(rest, "$")
	for {
		j := strings.IndexByte(rest, '*')
		if j < 0 {
			if !anchored && rest != "" {
				yield(rest)
			}
			return
		}
		if j > 0 {
			yield(rest[:j])
		}
		rest = rest[j+1:]
	}
}

// buildIndex orders a copy of rules for matching and builds the
// automaton of their pieces: the rules themselves stay in file order,
// which Group.Rules and the scan read while the index is built.
func buildIndex(t *ruleText, rules []rule) *index {
	ix := &index{rules: make([]rule, 0, len(rules))}
	var swept []rule
	for i := range rules {
		has := len(rules) < listMax
		pieces(t.pattern(&rules[i]), func(string) { has = true })
		if has {
			swept = append(swept, rules[i])
		} else {
			ix.rules = append(ix.rules, rules[i])
		}
	}
	ix.direct = len(ix.rules)
	ix.sortByPrefix(t)
	if len(swept) < sweepMin {
		slices.SortFunc(swept, t.compareRules)
		ix.rules = append(ix.rules, swept...)
		ix.masks = make([]uint64, len(swept))
		for k := range swept {
			ix.masks[k] = patternMask(t.pattern(&swept[k]))
		}
		return ix
	}
	ix.rules = append(ix.rules, swept...)
	ix.swept.build(t, swept)
	n, pieces, ring := len(swept), len(ix.swept.pieceLen), int(ix.swept.ring)
	ix.scratch.New = func() any { return newSweep(n, pieces, ring) }
	return ix
}

// sortByPrefix sorts the direct rules by literal prefix, each computed
// once, then by priority, and builds the entries.
func (ix *index) sortByPrefix(t *ruleText) {
	type keyed struct {
		prefix string
		r      rule
	}
	ks := make([]keyed, ix.direct)
	for i := range ks {
		ks[i] = keyed{literalPrefix(t.pattern(&ix.rules[i])), ix.rules[i]}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.prefix, b.prefix); c != 0 {
			return c
		}
		return t.compareRules(a.r, b.r)
	})
	for i := range ks {
		ix.rules[i] = ks[i].r
	}
	var stack []int32 // entries whose prefixes are prefixes of the current one
	prev := "\x00"    // no prefix starts with NUL: patterns never contain one
	for i := range ks {
		p := ks[i].prefix
		if p == prev {
			continue
		}
		prev = p
		for len(stack) > 0 {
			if strings.HasPrefix(p, ix.entryPrefix(t, &ix.entries[stack[len(stack)-1]])) {
				break
			}
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		ix.entries = append(ix.entries, entry{lo: int32(i), parent: parent, plen: int32(len(p))})
		stack = append(stack, int32(len(ix.entries)-1))
	}
	ix.entries = trim(ix.entries)
}

func (ix *index) entryPrefix(t *ruleText, e *entry) string {
	r := &ix.rules[e.lo]
	return t.arena[r.off : r.off+uint32(e.plen)]
}

// build numbers the distinct pieces of rules, lists each rule's, and
// builds their automaton.
func (s *sweptRules) build(t *ruleText, rules []rule) {
	ids := make(map[string]int32)
	var texts []string
	s.plen = make([]int32, len(rules))
	s.ends = make([]int32, len(rules))
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
		s.ends[k] = int32(len(s.steps))
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
	s.first = make([]int32, len(rules))
	for k := range s.first {
		s.first[k] = int32(k)
	}
	slices.SortFunc(s.first, func(a, b int32) int {
		if c := s.steps[s.start(int(a))] - s.steps[s.start(int(b))]; c != 0 {
			return int(c)
		}
		return int(s.plen[a] - s.plen[b])
	})
	s.firstEnd = make([]int32, len(texts))
	for _, k := range s.first {
		s.firstEnd[s.steps[s.start(int(k))]]++
	}
	for id := 1; id < len(s.firstEnd); id++ {
		s.firstEnd[id] += s.firstEnd[id-1]
	}
	s.ac.build(texts)
}

// start returns where rule k's pieces start in s.steps.
func (s *sweptRules) start(k int) int {
	if k == 0 {
		return 0
	}
	return int(s.ends[k-1])
}

// firstStart returns where piece p's rules start in s.first.
func (s *sweptRules) firstStart(p int32) int32 {
	if p == 0 {
		return 0
	}
	return s.firstEnd[p-1]
}

// decide returns the index in ix.rules of the rule that decides path, or
// -1. t holds the rules' patterns; emptyMatches is the mode's reading of
// an empty pattern (see dialect.emptyMatches).
//
// It takes time in O(n (log r + k + 64) + b), for a path of n octets and a
// group of r rules of b octets in all: the binary search of the entries
// and the chain of the entries whose prefixes start the path, at most n
// long; the automaton's steps, n of them and at most n steps back along
// failure links; the pieces that end at each position, at most k, the
// most pieces of the group that end one another (one for pieces of one
// length; at most the number of lengths the pieces have, under √(2b));
// and for each rule, each of its pieces taken once, the occurrences of
// a piece that overlap the one before it, each once, and its prefix and
// tail compared once, all within the rule's own octets; or instead of
// the entries and the sweep, a list of fewer than 64 rules tried one by
// one, each in O(n) and its own octets (see matches).
func (ix *index) decide(t *ruleText, emptyMatches bool, path string) int {
	best := ix.decideDirect(t, emptyMatches, path)
	switch {
	case ix.masks != nil:
		pmask := octetMask(path)
		for k, m := range ix.masks {
			j := ix.direct + k
			if best >= 0 && !t.better(&ix.rules[j], &ix.rules[best]) {
				break // the rest rank lower still
			}
			if m&^pmask == 0 && t.matches(&ix.rules[j], path, emptyMatches) {
				return j
			}
		}
	case len(ix.rules) > ix.direct:
		best = ix.sweep(t, path, best)
	}
	return best
}

// octetMask returns the set of octets of s, each as bit c%64: a cheap
// necessary condition for one text to contain another's octets.
func octetMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}

// patternMask returns the octets a path must hold for pattern to match
// it: those of its literal text, without '*' and a final '$'.
func patternMask(pattern string) uint64 {
	pattern = strings.TrimSuffix(pattern, "$")
	var m uint64
	for i := 0; i < len(pattern); i++ {
		if c := pattern[i]; c != '*' {
			m |= 1 << (c & 63)
		}
	}
	return m
}

// decideDirect returns the best of the direct rules that match path, or
// -1.
func (ix *index) decideDirect(t *ruleText, emptyMatches bool, path string) int {
	// The entries whose prefixes are prefixes of path are the entry just
	// at or before path in sorted order and its ancestors: every string
	// that sorts between a prefix of path and path starts with that prefix.
	lo, hi := 0, len(ix.entries)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ix.entryPrefix(t, &ix.entries[m]) <= path {
			lo = m + 1
		} else {
			hi = m
		}
	}
	best := -1
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
			if t.matches(r, path, emptyMatches) {
				best = j
				break
			}
		}
	}
	return best
}

// A sweepState is the state of one query's sweep: for each piece, which of
// its first-piece rules are still to take it (cursor) and the rules
// waiting for it (head, a list through next); for each rule, the piece
// it waits for (step). gen marks the pieces' state as this query's:
// counting it up clears them all.
//
// A rule that has taken a piece ending at e waits for its next piece,
// of n octets, from e: an occurrence that ends before e+n overlaps the
// piece taken. It joins the piece's list only at e+n, from ring, a list
// by the position where each starts waiting (modulo its length, more
// than any piece's), so that no rule is met at an occurrence it cannot
// take: every rule met on a list takes the piece (BenchmarkWorstCase,
// one-letter: a rule met at each overlapping occurrence cost 6 ms a
// decision).
//
// A piece is live while it has first-piece rules left or rules waiting.
// revived counts the times a piece with no rule waiting got one, and
// chainGen and chainRev mark, by the first piece of a chain of pieces
// that end one another, the chains found with no live piece, and when:
// such a chain is skipped until a piece revives. Pieces of one letter in
// many lengths end one another (a path of 8 KiB of one letter against
// 64 lengths walked 64 pieces at each octet; BenchmarkWorstCase,
// one-letter).
type sweepState struct {
	gen      uint32
	revived  uint32
	pieceGen []uint32
	cursor   []int32
	head     []int32
	chainGen []uint32
	chainRev []uint32
	ringGen  []uint32
	ring     []int32
	step     []int32
	next     []int32
}

func newSweep(rules, pieces, ring int) *sweepState {
	return &sweepState{
		pieceGen: make([]uint32, pieces), cursor: make([]int32, pieces), head: make([]int32, pieces),
		chainGen: make([]uint32, pieces), chainRev: make([]uint32, pieces),
		ringGen: make([]uint32, ring), ring: make([]int32, ring),
		step: make([]int32, rules), next: make([]int32, rules),
	}
}

// sweeper is one query's sweep over an index.
type sweeper struct {
	ix   *index
	t    *ruleText
	path string
	best int
	sw   *sweepState
}

// sweep improves best, an index in ix.rules or -1, with the swept rules
// that match path (see the file's comment).
func (ix *index) sweep(t *ruleText, path string, best int) int {
	s := &ix.swept
	// The state comes from the pool, and goes back, by a variable of
	// its own: held only in q, it would make escape analysis move the
	// path, which q holds too, to the heap (see matcher.matchPath).
	sw := ix.scratch.Get().(*sweepState)
	sw.gen++
	if sw.gen == 0 { // wrapped: marks of 2^32 queries ago would read as new
		clear(sw.pieceGen)
		clear(sw.chainGen)
		clear(sw.ringGen)
		sw.gen = 1
	}
	q := sweeper{ix: ix, t: t, path: path, best: best, sw: sw}
	a := &s.ac
	state := int32(0)
	ring := s.ring - 1
	for j := 0; j < len(path); j++ {
		if sw.ringGen[int32(j+1)&ring] == sw.gen {
			q.wait(j + 1)
		}
		if state == 0 {
			state = a.root[path[j]] // most octets of most paths, shaped for speed: BenchmarkWorstCase, next
		} else {
			state = a.step(state, path[j])
		}
		first := a.tag[state] // the first piece of the chain that ends here
		if first < 0 {
			if first = a.tag[-first-1]; first < 0 {
				continue // none: the root's tag is -1
			}
		}
		if sw.chainGen[first] == sw.gen && sw.chainRev[first] == sw.revived {
			continue // no live piece on this chain
		}
		live := false
		for p := first; p >= 0; p = a.tag[a.pieceOut[p]] {
			live = q.ended(p, j+1) || live
		}
		if !live {
			sw.chainGen[first], sw.chainRev[first] = sw.gen, sw.revived
		}
	}
	ix.scratch.Put(sw)
	return q.best
}

// wait puts the rules that wait from end on the lists of their pieces.
func (q *sweeper) wait(end int) {
	sw, s := q.sw, &q.ix.swept
	slot := int32(end) & (s.ring - 1)
	if sw.ringGen[slot] != sw.gen {
		return
	}
	k := sw.ring[slot]
	sw.ringGen[slot] = 0
	for k >= 0 {
		next := sw.next[k]
		p := s.steps[int32(s.start(int(k)))+sw.step[k]]
		q.piece(p)
		if sw.head[p] < 0 {
			sw.revived++
		}
		sw.next[k], sw.head[p] = sw.head[p], k
		k = next
	}
}

// piece sets up the state of piece p in this query's sweep on first use.
func (q *sweeper) piece(p int32) {
	if sw := q.sw; sw.pieceGen[p] != sw.gen {
		sw.pieceGen[p], sw.cursor[p], sw.head[p] = sw.gen, q.ix.swept.firstStart(p), -1
	}
}

// ended takes the occurrence of piece p that ends at end of the path for
// every rule waiting for it there, and reports whether p is still live.
func (q *sweeper) ended(p int32, end int) bool {
	s := &q.ix.swept
	start := int32(end) - s.pieceLen[p]
	q.piece(p)
	sw := q.sw
	// The rules whose first piece p is, from the end of their prefix.
	c, last := sw.cursor[p], s.firstEnd[p]
	for ; c < last; c++ {
		k := s.first[c]
		if s.plen[k] > start {
			break // this occurrence starts too early for the rest
		}
		r := &q.ix.rules[q.ix.direct+int(k)]
		if strings.HasPrefix(q.path, q.t.arena[r.off:r.off+uint32(s.plen[k])]) {
			q.advance(k, 0, end)
		}
	}
	sw.cursor[p] = c
	// The rules waiting for p after their earlier pieces.
	k := sw.head[p]
	sw.head[p] = -1
	for k >= 0 {
		next := sw.next[k]
		q.advance(k, sw.step[k], end)
		k = next
	}
	return sw.cursor[p] < last
}

// advance makes rule k, which has just taken its piece i, ending at end,
// wait for its next piece, or match when it has none left.
func (q *sweeper) advance(k int32, i int32, end int) {
	s := &q.ix.swept
	r := &q.ix.rules[q.ix.direct+int(k)]
	if q.best >= 0 && !q.t.better(r, &q.ix.rules[q.best]) {
		return // it cannot decide
	}
	i++
	at := int32(s.start(int(k))) + i
	if at < s.ends[k] {
		sw := q.sw
		from := int32(end) + s.pieceLen[s.steps[at]] // see sweepState
		slot := from & (s.ring - 1)
		if sw.ringGen[slot] != sw.gen {
			sw.ringGen[slot], sw.ring[slot] = sw.gen, -1
		}
		sw.step[k] = i
		sw.next[k], sw.ring[slot] = sw.ring[slot], k
		return
	}
	// Every piece taken: a '$' asks that the tail end what is left.
	if pat := q.t.pattern(r); strings.HasSuffix(pat, "$") {
		tail := pat[strings.LastIndexByte(pat, '*')+1 : len(pat)-1]
		if len(q.path)-len(tail) < end || !strings.HasSuffix(q.path, tail) {
			return
		}
	}
	q.best = q.ix.direct + int(k)
}

// An automaton finds, in one pass over a path, every occurrence of a set
// of pieces (Aho and Corasick's automaton). Its states are the prefixes
// of the pieces, numbered breadth first, each prefix's children in the
// order of their last octet: state 0 is the root, and the children of
// state s are the states from child[s] to child[s+1], each reached by its
// octet, label. fail is, for each state, the state of the longest proper
// suffix of its text that is a state. tag says, for each state, the piece
// its text is (tag >= 0), or else, as -1-o, the nearest state o along
// fail whose text is a piece (0: none); pieceOut holds that nearest
// state for each piece's own state. A state costs 13 bytes: the
// automaton of 17,654 pieces of 16 letters has 240,925 states.
type automaton struct {
	root     [256]int32 // the root's children by octet: 0 where it has none
	child    []int32
	label    []byte
	fail     []int32
	tag      []int32
	pieceOut []int32
}

// step returns the state after state reads c.
func (a *automaton) step(state int32, c byte) int32 {
	for state != 0 {
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
	return a.root[c]
}

// build makes the automaton of pieces, piece i's state tagged i.
func (a *automaton) build(pieces []string) {
	// The trie, states numbered as made, then renumbered breadth first.
	type key struct {
		s int32
		c byte
	}
	made := make(map[key]int32)
	parent := []int32{-1}
	octet := []byte{0}
	piece := []int32{-1}
	for id, p := range pieces {
		s := int32(0)
		for i := 0; i < len(p); i++ {
			next, ok := made[key{s, p[i]}]
			if !ok {
				next = int32(len(parent))
				made[key{s, p[i]}] = next
				parent = append(parent, s)
				octet = append(octet, p[i])
				piece = append(piece, -1)
			}
			s = next
		}
		piece[s] = int32(id)
	}
	n := len(parent)
	// The children of each state as made, by octet.
	kids := make([]int32, n-1)
	start := make([]int32, n+1)
	for s := 1; s < n; s++ {
		start[parent[s]+1]++
	}
	for s := range n {
		start[s+1] += start[s]
	}
	fill := slices.Clone(start[:n])
	for s := 1; s < n; s++ {
		kids[fill[parent[s]]] = int32(s)
		fill[parent[s]]++
	}
	for s := range n {
		ks := kids[start[s]:start[s+1]]
		slices.SortFunc(ks, func(x, y int32) int { return int(octet[x]) - int(octet[y]) })
	}
	// Breadth first: a state's children take the next numbers.
	a.child = make([]int32, n+1)
	a.label = make([]byte, n)
	a.fail = make([]int32, n)
	a.tag = make([]int32, n)
	a.pieceOut = make([]int32, len(pieces))
	order := make([]int32, 1, n) // old numbers, by new
	for s := 0; s < n; s++ {
		a.child[s] = int32(len(order))
		for _, k := range kids[start[order[s]]:start[order[s]+1]] {
			a.label[len(order)] = octet[k]
			order = append(order, k)
		}
	}
	a.child[n] = int32(n)
	for _, k := range a.label[a.child[0]:a.child[1]] {
		a.root[k] = a.child[0] + int32(slices.Index(a.label[a.child[0]:a.child[1]], k))
	}
	// Failure links and tags, breadth first: a state's fail is shallower
	// than it, so that its tag is known.
	a.tag[0] = -1
	for s := int32(0); s < int32(n); s++ {
		if s > 0 {
			out := a.fail[s] // the nearest piece along fail
			if t := a.tag[out]; t < 0 {
				out = -t - 1
			}
			if p := piece[order[s]]; p >= 0 {
				a.tag[s], a.pieceOut[p] = p, out
			} else {
				a.tag[s] = -out - 1
			}
		}
		for c := a.child[s]; c < a.child[s+1]; c++ {
			if s > 0 {
				a.fail[c] = a.step(a.fail[s], a.label[c])
			}
		}
	}
}

// bytes returns the bytes ix holds, with one query's sweep state.
func (ix *index) bytes() int64 {
	s := &ix.swept
	a := &s.ac
	n := heapBytes(sizeOf[index]()) + sliceBytes(ix.rules) + sliceBytes(ix.entries) + sliceBytes(ix.masks)
	if len(s.plen) == 0 {
		return n
	}
	return n + sliceBytes(s.plen) + sliceBytes(s.steps) + sliceBytes(s.ends) + sliceBytes(s.first) +
		sliceBytes(s.firstEnd) + sliceBytes(s.pieceLen) + sliceBytes(a.child) + sliceBytes(a.label) + sliceBytes(a.fail) + sliceBytes(a.tag) + sliceBytes(a.pieceOut) +
		heapBytes(sizeOf[sweepState]()) + 5*heapBytes(int64(len(s.pieceLen))*4) + 2*heapBytes(int64(len(s.plen))*4) +
		2*heapBytes(int64(s.ring)*4)
}
