package robotstxt

// This file holds the checks that look at a file as a whole rather than
// line by line: an empty file, HTML served as robots.txt, a file with no
// robots.txt record, and rules that can never decide a path.

import "strings"

// mergedSets returns, for each of the file's groups, the exclusive set
// of several groups it belongs to, or -1: a group's tokens all selecting one
// set of several groups make it a candidate, and a set is exclusive when
// all its groups are candidates for it.
func mergedSets(r *Robots) []int32 {
	merged := make([]int32, len(r.starts))
	for id := range merged {
		merged[id] = -1
	}
	for t := range r.toks {
		id, s := r.toks[t].group, int32(r.tokenSet(t))
		switch {
		case t == 0 || r.toks[t-1].group != id: // the group's first token
			merged[id] = s
		case merged[id] != s:
			merged[id] = -2 // tokens that select different sets
		}
	}
	m := r.multi
	for k := range m.end {
		set := int32(len(r.starts) + k)
		start, end := m.span(k)
		exclusive := true
		for _, id := range m.ids[start:end] {
			exclusive = exclusive && merged[id] == set
		}
		if !exclusive {
			for _, id := range m.ids[start:end] {
				if merged[id] == set {
					merged[id] = -2
				}
			}
		}
	}
	for id, s := range merged {
		if int(s) < len(r.starts) {
			merged[id] = -1 // mixed, or a group alone
		}
	}
	return merged
}

// neverDecides adds a note for each rule of each group that another rule
// of the same group (or of the groups merged with it for every crawler
// that obeys it) outranks on every path: patterns that match the same paths
// (the same pattern, or one that differs only by trailing '*'s) where the
// other is longer, or as long and an allow. Such a rule can never decide;
// its author usually meant something else. It runs when the diagnostics
// are asked for, not at parse time.
func neverDecides(r *Robots, w *noteWriter) {
	var done []bool // groups read with the others of their exclusive set
	var merged []int32
	if r.multi != nil {
		merged = mergedSets(r)
	}
	for id := range r.starts {
		if done != nil && done[id] {
			continue
		}
		var rules []rule
		if merged != nil && merged[id] >= 0 {
			// Groups that merge for every crawler that obeys any of them
			// (the exclusive set of several groups that every token of
			// each selects) are read as one: their set holds all their
			// rules.
			set := int(merged[id])
			rules = r.setRules(set)
			if done == nil {
				done = make([]bool, len(r.starts))
			}
			for _, m := range r.setIDs(set) {
				done[m] = true
			}
		} else {
			rules = r.groupRules(id)
		}
		if len(rules) < 2 {
			continue // no other rule to outrank it
		}
		// One map operation per rule: each rule's key is numbered once,
		// and the best rule of each key is kept by number.
		slots := make(map[string]int32, len(rules)) // sized at once: growing cost as much again
		slot := make([]int32, len(rules))
		var best []*rule
		for i := range rules {
			rl := &rules[i]
			key := matchKey(r.text.pattern(rl))
			if rl.derived() || key == "" {
				slot[i] = -1 // the empty pattern and "*": nothing to say
				continue
			}
			s, ok := slots[key]
			if !ok {
				s = int32(len(best))
				slots[key] = s
				best = append(best, rl)
			} else if r.text.better(rl, best[s]) {
				best[s] = rl
			}
			slot[i] = s
		}
		if len(best) == len(rules) {
			continue // every rule has paths of its own
		}
		for i := range rules {
			rl := &rules[i]
			if slot[i] < 0 || best[slot[i]] == rl {
				continue
			}
			b, p := best[slot[i]], r.text.pattern(rl)
			kind := noteOutranked
			switch {
			case b.allow() == rl.allow() && r.text.pattern(b) == p:
				kind = noteRepeats
			case r.text.pattern(b) == p:
				kind = noteOutrankedSamePattern
			}
			w.add(int(rl.line()), kind, int(b.line()))
		}
	}
}

// matchKey returns a key shared by patterns that match the same paths:
// trailing '*'s (and a '$' right after them) change nothing.
func matchKey(p string) string {
	p = strings.TrimSuffix(p, "*$")
	return strings.TrimRight(p, "*")
}
