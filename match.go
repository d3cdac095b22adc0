package robotstxt

// This file implements the matching rules of RFC 9309 section 2.2.2 and
// section 2.2.3: path patterns with '*' and '$', the most specific match,
// and allow winning a tie.

import (
	"slices"
	"strings"
)

// An entry of a group's index stands for the rules whose patterns share
// one literal prefix (the text before the first '*', or the whole pattern
// without its '$'): g.rules[lo:next entry's lo], sorted by compareRules.
// Entries are sorted by prefix; parent is the entry with the longest
// prefix that is a proper prefix of this one, or -1.
type entry struct {
	lo, parent, plen int32
}

// indexMin is the smallest group that gets an index: below it a linear scan
// of the rules in priority order is as fast (BenchmarkAllowed).
const indexMin = 32

func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	return strings.TrimSuffix(pattern, "$")
}

// prepare orders g's rules for matching and, for a large group, builds its
// index, once, on first use. Sorting is the one cost of a parse that grows
// faster than the file; doing it when a crawler first asks keeps Parse
// linear, and costs nothing for files that are only linted or written back.
func (g *Group) prepare() { g.once.Do(g.compile) }

// compile orders g's rules for matching and, for a large group, builds its
// index.
func (g *Group) compile() {
	if len(g.rules) < indexMin {
		slices.SortFunc(g.rules, g.text.compareRules)
		return
	}
	// Sort by literal prefix, each computed once, then by priority.
	t := g.text
	type keyed struct {
		prefix string
		r      rule
	}
	ks := make([]keyed, len(g.rules))
	for i := range g.rules {
		ks[i] = keyed{literalPrefix(t.pattern(&g.rules[i])), g.rules[i]}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.prefix, b.prefix); c != 0 {
			return c
		}
		return t.compareRules(a.r, b.r)
	})
	for i := range ks {
		g.rules[i] = ks[i].r
	}
	var stack []int32 // entries whose prefixes are prefixes of the current one
	prev := "\x00"    // no prefix starts with NUL: patterns never contain one
	for i := range g.rules {
		p := ks[i].prefix
		if p == prev {
			continue
		}
		prev = p
		for len(stack) > 0 {
			top := &g.index[stack[len(stack)-1]]
			if strings.HasPrefix(p, g.entryPrefix(top)) {
				break
			}
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		g.index = append(g.index, entry{lo: int32(i), parent: parent, plen: int32(len(p))})
		stack = append(stack, int32(len(g.index)-1))
	}
	g.index = trim(g.index)
}

func (g *Group) entryPrefix(e *entry) string {
	r := &g.rules[e.lo]
	return g.text.arena[r.off : r.off+uint32(e.plen)]
}

// decide returns the rule that decides path, or nil when none matches.
//
// An empty pattern matches nothing in RFC mode. Google's library instead
// lets it match every path with priority 0: it never disallows anything,
// but its line is the one Google reports when nothing longer matched, so
// Google mode returns it (and the caller reads a priority-0 rule as
// allowed).
func (g *Group) decide(path string) *rule {
	g.prepare()
	if g.index == nil {
		for i := range g.rules {
			if g.matches(&g.rules[i], path) {
				return &g.rules[i]
			}
		}
		return nil
	}
	// The entries whose prefixes are prefixes of path are the entry just
	// at or before path in sorted order and its ancestors: every string
	// that sorts between a prefix of path and path starts with that prefix.
	lo, hi := 0, len(g.index)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if g.entryPrefix(&g.index[m]) <= path {
			lo = m + 1
		} else {
			hi = m
		}
	}
	var best *rule
	for i := int32(lo - 1); i >= 0; i = g.index[i].parent {
		e := &g.index[i]
		if !strings.HasPrefix(path, g.entryPrefix(e)) {
			continue
		}
		end := len(g.rules)
		if int(i)+1 < len(g.index) {
			end = int(g.index[i+1].lo)
		}
		for j := int(e.lo); j < end; j++ {
			r := &g.rules[j]
			if best != nil && !g.text.better(r, best) {
				break // the rest of this entry ranks lower still
			}
			if g.matches(r, path) {
				best = r
				break
			}
		}
	}
	return best
}

func (g *Group) matches(r *rule, path string) bool {
	if r.n == 0 {
		return g.d.emptyMatches
	}
	return matches(g.text.pattern(r), path)
}

// matches reports whether a canonical pattern matches path, both read as
// octets from the first octet of the path. '*' matches any run of octets
// and a '$' that ends the pattern matches the end of the path; every other
// octet matches itself.
//
// The pattern is split at each '*' into literal segments. The first must be
// a prefix of the path; each later one is matched at its leftmost
// occurrence after the previous one, which is never wrong for patterns whose
// only wildcard is '*' (a later match only leaves less room for the rest),
// so there is no backtracking. With an anchor, the last segment must be a
// suffix of what remains. The cost is at most O(len(pattern) x len(path))
// and usually far less, since strings.Index does the scanning.
// matches allocates nothing.
func matches(pattern, path string) bool {
	anchored := len(pattern) > 0 && pattern[len(pattern)-1] == '$'
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return pattern == path
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	path = path[star:]
	pattern = pattern[star+1:]
	for {
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		seg := pattern[:star]
		pattern = pattern[star+1:]
		if seg == "" {
			continue
		}
		i := strings.Index(path, seg)
		if i < 0 {
			return false
		}
		path = path[i+len(seg):]
	}
	if anchored {
		return strings.HasSuffix(path, pattern)
	}
	return strings.Contains(path, pattern)
}

// targetPath returns the path, params and query of target, without the
// fragment, as Google's library extracts them: an absolute URL loses its
// scheme and authority, a string without a scheme is read as an authority
// followed by a path, a path without a leading '/' gets one, and an empty
// result is "/". It allocates only in that last-but-one case.
func targetPath(target string) string {
	start := 0
	if len(target) >= 2 && target[0] == '/' && target[1] == '/' {
		start = 2 // a network-path reference: "//host/path"
	}
	early := indexAnyFrom(target, "/?;", start)
	protoEnd := strings.Index(target[start:], "://")
	if protoEnd >= 0 {
		protoEnd += start
	}
	if protoEnd < 0 || (early >= 0 && early < protoEnd) {
		protoEnd = start
	} else {
		protoEnd += 3
	}
	pathStart := indexAnyFrom(target, "/?;", protoEnd)
	if pathStart < 0 {
		return "/"
	}
	end := len(target)
	if h := strings.IndexByte(target[start:], '#'); h >= 0 {
		h += start
		if h < pathStart {
			return "/"
		}
		end = h
	}
	p := target[pathStart:end]
	if p[0] != '/' {
		return "/" + p
	}
	return p
}

func indexAnyFrom(s, chars string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.IndexAny(s[from:], chars)
	if i < 0 {
		return -1
	}
	return i + from
}

// isRobotsTxt reports whether a canonical path names /robots.txt, which
// RFC 9309 section 2.2.2 says is always allowed. A query does not make it
// another file.
func isRobotsTxt(path string) bool {
	const p = "/robots.txt"
	return strings.HasPrefix(path, p) && (len(path) == len(p) || path[len(p)] == '?')
}
