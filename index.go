package robotstxt

// This file builds the index that lets a group decide a path by trying
// only the rules that could match it (RFC 9309 section 2.2.2 asks for the
// most specific match among all of them).

import (
	"slices"
	"strings"
	"unsafe"
)

// indexMin is the smallest group that gets prefix entries: below it a
// scan of the rules in priority order is as fast (BenchmarkAllowed).
const indexMin = 32

// indexAfter is how many queries a group answers by a linear pass before
// it builds its index. Sorting a large group costs as much as tens of
// linear passes over it, and ordering a small one costs allocations a
// pass does not, so a group asked a few times (a crawler's first request
// to a site, an audit of many sites, one robotstxt check) never pays for
// it, and one asked often pays once (BenchmarkFirstQuery,
// BenchmarkSmallFirstQuery, BenchmarkAllowed).
const indexAfter = 16

// scanWork is the rules times path octets that a scan may cost and
// still count as one query: 2^20, a thousand rules over a path of a
// thousand octets, or 47,000 rules over one of 22: the large groups of
// the corpus, asked for paths of a few dozen octets, count for one to
// three queries, while a scan that matches thousands of '*' rules against
// a long path counts for more, so that such a group builds its index
// before its scans cost more than the build (TestLongPathBuildsIndex).
const scanWork = 1 << 20

// passCost returns how many queries a scan of rules rules with a path of
// n octets counts for.
func passCost(rules, n int) int32 {
	return int32(min(1+rules*n/scanWork, indexAfter+1))
}

// An index holds a group's rules ordered for matching. For a small group
// they are in priority order (see ruleText.better) and tried in turn; for
// a large one they are sorted by literal prefix and then by priority, and
// entries address the runs of one prefix.
type index struct {
	rules   []rule
	entries []entry // nil for a small group
	// masks holds, for each rule, the octets its pattern's literal text
	// needs (see octetMask): a path without all of them cannot match it.
	// They rule out most of the rules a '*' leads, which all share the
	// prefix "/" or "" (the wildcard group of the bench module's
	// BenchmarkAllowed: 1.6 us a query without them, 0.2 us with them),
	// and in a small group, tried in priority order with no prefix
	// look-up, most rules without a comparison (10-groups: twice as slow
	// with masks for '*' rules only). In a large group a rule without a
	// '*' has mask 0: once its entry's prefix starts the path, it matches
	// (or, with a '$', nearly), so its mask would rule nothing out. A
	// large group without '*' rules (a long list of paths) has no masks,
	// and neither computes the path's nor reads a rule's, which would miss
	// the cache at every rule visited (BenchmarkAllowed, 47000-rules).
	masks []uint64
	// grams indexes the rules from grams.lo on, which the entries do not
	// cover: those with a long piece after their first '*', when a group
	// has gramMin of them or more. nil for other groups.
	grams *gramIndex
}

// indexBytes bounds the bytes of the index of a group of n rules, keyed
// of which a gram index can key: a copy of the rules, at most one entry
// and one mask for each, and the gram index when the group gets one.
func indexBytes(t *ruleText, rules []rule) int64 {
	n, keyed := len(rules), keyedRules(t, rules)
	if n == 0 {
		return heapBytes(int64(unsafe.Sizeof(index{})))
	}
	return heapBytes(int64(unsafe.Sizeof(index{}))) +
		heapBytes(int64(n)*int64(unsafe.Sizeof(rule{}))) +
		heapBytes(int64(n)*int64(unsafe.Sizeof(entry{}))) +
		heapBytes(int64(n)*8) + // masks
		gramBytes(n, keyed)
}

// An entry stands for the rules whose patterns share one literal prefix
// (the text before the first '*', or the whole pattern without its '$'):
// index.rules[lo:next entry's lo], sorted by priority. Entries are sorted
// by prefix; parent is the entry with the longest prefix that is a proper
// prefix of this one, or -1.
type entry struct {
	lo, parent, plen int32
}

func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	return strings.TrimSuffix(pattern, "$")
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

// buildIndex orders a copy of rules for matching: the rules themselves
// stay in file order, which Group.Rules and the linear pass read while
// the index is built. A large group with at least minGrams rules that a
// gram index can key gets one (Group.prepare passes gramMin; the
// benchmarks pass more, to time the prefix entries alone).
func buildIndex(t *ruleText, rules []rule, minGrams int) *index {
	ix := &index{rules: slices.Clone(rules)}
	if len(rules) < indexMin {
		slices.SortFunc(ix.rules, t.compareRules)
	} else {
		ix.buildGrams(t, minGrams)
		ix.sortByPrefix(t)
	}
	for i := range ix.rules {
		p := t.pattern(&ix.rules[i])
		if ix.entries != nil && strings.IndexByte(p, '*') < 0 {
			continue // see masks
		}
		if ix.masks == nil {
			ix.masks = make([]uint64, len(ix.rules))
		}
		ix.masks[i] = patternMask(p)
	}
	return ix
}

// buildGrams moves the rules a gram index keys to the end of ix.rules
// and indexes them there, when there are at least minGrams of them.
func (ix *index) buildGrams(t *ruleText, minGrams int) {
	keyed, pieces := buildGrams(t, ix.rules)
	if len(keyed) < max(minGrams, 1) {
		return
	}
	rest := make([]rule, 0, len(ix.rules))
	gr := make([]rule, 0, len(keyed))
	k := 0
	for i := range ix.rules {
		if k < len(keyed) && keyed[k] == i {
			gr = append(gr, ix.rules[i])
			k++
		} else {
			rest = append(rest, ix.rules[i])
		}
	}
	lo := len(rest)
	ix.rules = append(rest, gr...)
	ix.grams = newGramIndex(t, lo, ix.rules[lo:], pieces)
}

// prefixEnd is the end of the rules the prefix entries cover.
func (ix *index) prefixEnd() int {
	if ix.grams != nil {
		return int(ix.grams.lo)
	}
	return len(ix.rules)
}

// sortByPrefix sorts ix.rules up to prefixEnd by literal prefix, each
// computed once, then by priority, and builds the entries.
func (ix *index) sortByPrefix(t *ruleText) {
	type keyed struct {
		prefix string
		r      rule
	}
	ks := make([]keyed, ix.prefixEnd())
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

// decide returns the index in ix.rules of the rule that decides path, or
// -1. t holds the rules' patterns; emptyMatches is the mode's reading of
// an empty pattern (see dialect.emptyMatches).
func (ix *index) decide(t *ruleText, emptyMatches bool, path string) int {
	best, _ := ix.find(t, emptyMatches, path)
	return best
}

// find is decide that also returns how many rules it matched exactly
// (see matches): the work a decision does beyond its look-ups.
func (ix *index) find(t *ruleText, emptyMatches bool, path string) (best, tried int) {
	if ix.entries == nil && ix.grams == nil {
		pmask := octetMask(path)
		for i := range ix.rules {
			if ix.masks[i]&^pmask != 0 {
				continue
			}
			tried++
			if t.matches(&ix.rules[i], path, emptyMatches) {
				return i, tried
			}
		}
		return -1, tried
	}
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
	best = -1
	var pmask uint64 // the rules with masks are only those with a '*'
	if ix.masks != nil {
		pmask = octetMask(path)
	}
	for i := int32(lo - 1); i >= 0; i = ix.entries[i].parent {
		e := &ix.entries[i]
		if !strings.HasPrefix(path, ix.entryPrefix(t, e)) {
			continue
		}
		end := ix.prefixEnd()
		if int(i)+1 < len(ix.entries) {
			end = int(ix.entries[i+1].lo)
		}
		for j := int(e.lo); j < end; j++ {
			r := &ix.rules[j]
			if best >= 0 && !t.better(r, &ix.rules[best]) {
				break // the rest of this entry ranks lower still
			}
			if ix.masks != nil && ix.masks[j]&^pmask != 0 {
				continue
			}
			tried++
			if t.matches(r, path, emptyMatches) {
				best = j
				break
			}
		}
	}
	if ix.grams != nil {
		var n int
		best, n = ix.grams.find(ix, t, path, best)
		tried += n
	}
	return best, tried
}
