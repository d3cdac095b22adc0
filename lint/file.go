package lint

// This file holds what the checks read of a parsed file: its groups as
// written, and the sets of them that one crawler obeys.

import (
	"encoding/binary"

	"github.com/rfc9309/robotstxt"
)

// A file is a parsed file as the checks read it.
type file struct {
	r      *robotstxt.Robots
	groups []robotstxt.FileGroup
	// sets lists each set of groups that one product token selects: the
	// groups that name it, ascending (RFC 9309 section 2.2.1). tokSet
	// holds the set of each group's tokens, the groups' back to back in
	// file order.
	sets     [][]int
	tokSet   []int
	setAgent []string       // the first token of each set, as written
	setOf    map[string]int // the set of each token, lower-cased in ASCII
	global   int            // the set "*" selects, or -1
	// The totals of the file's rules, tokens and their octets, which
	// bound the work of the checks that compare pairs (see budget.go),
	// and each group's rules and their octets, which setCost adds up.
	rules, tokens, octets int
	groupWork             []int
}

// newFile returns r as the checks read it, or nil when it has no group.
func newFile(r *robotstxt.Robots) *file {
	groups := r.FileGroups()
	if len(groups) == 0 {
		return nil
	}
	f := &file{r: r, groups: groups, setOf: make(map[string]int), global: -1}
	f.groupWork = make([]int, len(groups))
	for id, g := range groups {
		f.rules += len(g.Rules)
		work := len(g.Rules)
		for _, rl := range g.Rules {
			work += len(rl.Match)
		}
		f.groupWork[id] = work
		f.octets += work - len(g.Rules)
		for _, a := range g.Agents {
			f.tokens++
			f.octets += len(a)
			key := foldASCII(a)
			set, ok := f.setOf[key]
			if !ok {
				set = len(f.sets)
				f.setOf[key] = set
				f.sets = append(f.sets, nil)
				f.setAgent = append(f.setAgent, a)
				if a == "*" {
					f.global = set
				}
			}
			if ids := f.sets[set]; len(ids) == 0 || ids[len(ids)-1] != id {
				f.sets[set] = append(ids, id)
			}
			f.tokSet = append(f.tokSet, set)
		}
	}
	f.mergeEqualSets()
	return f
}

// mergeEqualSets makes tokens that select the same groups select one set:
// a group that names "*" and "SemrushBot", and no other group names
// either, is both the "*" set and SemrushBot's.
func (f *file) mergeEqualSets() {
	same := make(map[string]int, len(f.sets))
	to := make([]int, len(f.sets))
	var sets [][]int
	var agents []string
	var key []byte
	for set, ids := range f.sets {
		key = key[:0]
		for _, id := range ids {
			key = binary.AppendUvarint(key, uint64(id))
		}
		k, ok := same[string(key)]
		if !ok {
			k = len(sets)
			same[string(key)] = k
			sets = append(sets, ids)
			agents = append(agents, f.setAgent[set])
		}
		to[set] = k
	}
	if len(sets) == len(f.sets) {
		return
	}
	f.sets, f.setAgent = sets, agents
	for i, set := range f.tokSet {
		f.tokSet[i] = to[set]
	}
	for key, set := range f.setOf {
		f.setOf[key] = to[set]
	}
	if f.global >= 0 {
		f.global = to[f.global]
	}
}

// setOfAgent returns the set a crawler's name selects, or -1 when no
// group names it.
func (f *file) setOfAgent(name string) int {
	if set, ok := f.setOf[foldASCII(name)]; ok {
		return set
	}
	return -1
}

// group returns the Group of set: what a crawler that a token of set
// names obeys.
func (f *file) group(set int) *robotstxt.Group {
	return f.r.Group(f.setAgent[set])
}

// setRules calls fn with each rule of set's groups, in the order of the
// groups and each group's in file order, as a Group holds them.
func (f *file) setRules(set int, fn func(rl *robotstxt.FileRule)) {
	for _, id := range f.sets[set] {
		rules := f.groups[id].Rules
		for i := range rules {
			fn(&rules[i])
		}
	}
}

// foldASCII returns s with ASCII letters lower-cased, as the root package
// compares product tokens; s itself when it has no upper-case letter.
func foldASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
