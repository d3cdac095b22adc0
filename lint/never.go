package lint

// This file holds the check of rules that can never decide a path.

import (
	"strconv"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// neverDecides notes each rule of each group that another rule of the
// same group (or of the groups merged with it for every crawler that
// obeys it) outranks on every path: patterns that match the same paths
// (the same pattern, or one that differs only by trailing '*'s) where the
// other is longer, or as long and an allow (RFC 9309 section 2.2.2). Such
// a rule can never decide; its author usually meant something else.
func neverDecides(f *file, w *findings) {
	merged := f.exclusiveSets()
	done := make([]bool, len(f.groups)) // groups read with the others of their exclusive set
	for id := range f.groups {
		if done[id] {
			continue
		}
		rules := f.groups[id].Rules
		if set := merged[id]; set >= 0 {
			// Groups that merge for every crawler that obeys any of them
			// are read as one, as their Group holds all their rules.
			rules = nil
			f.setRules(set, func(rl *robotstxt.FileRule) { rules = append(rules, *rl) })
			for _, m := range f.sets[set] {
				done[m] = true
			}
		}
		outranked(rules, w)
	}
}

// outranked notes the rules of one group that another rule of it
// outranks on every path. One map operation per rule: each rule's key is
// numbered once, and the best rule of each key is kept by number.
func outranked(rules []robotstxt.FileRule, w *findings) {
	if len(rules) < 2 {
		return // no other rule to outrank it
	}
	slots := make(map[string]int32, len(rules)) // sized at once: growing cost as much again
	slot := make([]int32, len(rules))
	var best []*robotstxt.FileRule
	for i := range rules {
		rl := &rules[i]
		key := matchKey(rl.Match)
		if key == "" {
			slot[i] = -1 // the empty pattern and "*": nothing to say
			continue
		}
		s, ok := slots[key]
		if !ok {
			s = int32(len(best))
			slots[key] = s
			best = append(best, rl)
		} else if better(rl, best[s]) {
			best[s] = rl
		}
		slot[i] = s
	}
	if len(best) == len(rules) {
		return // every rule has paths of its own
	}
	for i := range rules {
		rl := &rules[i]
		if slot[i] < 0 || best[slot[i]] == rl {
			continue
		}
		b := best[slot[i]]
		line := strconv.Itoa(b.Line)
		switch {
		case b.Allow == rl.Allow && b.Match == rl.Match:
			w.add(rl.Line, robotstxt.Warning, robotstxt.CodeNeverDecides, "this rule repeats line "+line)
		case b.Match == rl.Match:
			w.add(rl.Line, robotstxt.Warning, robotstxt.CodeNeverDecides, "this rule never decides: line "+line+" has the same pattern and outranks it (RFC 9309 section 2.2.2)")
		default:
			w.add(rl.Line, robotstxt.Warning, robotstxt.CodeNeverDecides, "this rule never decides: line "+line+" has the same paths as it and outranks it (RFC 9309 section 2.2.2)")
		}
	}
}

// better reports whether a decides a path over b, both matching it: the
// higher priority, then allow over disallow (RFC 9309 section 2.2.2),
// then the earlier line, which is the one Google's library reports.
func better(a, b *robotstxt.FileRule) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	if a.Allow != b.Allow {
		return a.Allow
	}
	return a.Line < b.Line
}

// matchKey returns a key shared by patterns that match the same paths:
// trailing '*'s (and a '$' right after them) change nothing.
func matchKey(p string) string {
	p = strings.TrimSuffix(p, "*$")
	return strings.TrimRight(p, "*")
}

// exclusiveSets returns, for each group of f, the set of several groups
// that every token of the group selects, when every token of each of
// those groups selects it too: the groups then merge for every crawler
// that obeys any of them, and no other set holds them. It holds -1 for
// the other groups.
func (f *file) exclusiveSets() []int {
	const mixed = -2 // tokens that select different sets
	merged := make([]int, len(f.groups))
	t := 0
	for id, g := range f.groups {
		merged[id] = -1
		for j := range g.Agents {
			switch s := f.tokSet[t]; {
			case j == 0:
				merged[id] = s
			case merged[id] != s:
				merged[id] = mixed
			}
			t++
		}
	}
	for set, ids := range f.sets {
		if len(ids) < 2 {
			continue
		}
		exclusive := true
		for _, id := range ids {
			exclusive = exclusive && merged[id] == set
		}
		if !exclusive {
			for _, id := range ids {
				if merged[id] == set {
					merged[id] = mixed
				}
			}
		}
	}
	for id, s := range merged {
		if s < 0 || len(f.sets[s]) < 2 {
			merged[id] = -1 // mixed, or a group alone
		}
	}
	return merged
}
