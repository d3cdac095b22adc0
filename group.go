package robotstxt

// This file implements a Group, the rules one crawler obeys in one file
// (RFC 9309 section 2.2.1), and its answers.

import (
	"slices"
	"sync"
	"sync/atomic"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group allows everything.
type Group struct {
	set         int32     // the set of the file's groups g is (see setIDs); -1: a union
	ext         *groupExt // nil when there are none
	fileSignals map[string]bool
	d           *dialect
	text        *ruleText
	// rules are the group's rules, each group's in file order; they are
	// never written once g is built, so that a window of Robots.rules can
	// serve.
	rules  []rule
	agents []string
	// The index is built on demand (see Group.decide): queries counts the
	// queries answered before it, once builds it, and ix holds it.
	queries atomic.Int32
	once    sync.Once
	ix      atomic.Pointer[index]
}

// Agents returns the product tokens that select g, as first written in
// the file, and "*" when g is the global group.
func (g *Group) Agents() []string {
	if g == nil {
		return nil
	}
	return slices.Clone(g.agents)
}

// Rules returns g's allow and disallow rules in file order. Google's
// index.html rule adds no entries here: it changes how a rule matches, not
// what the file says.
func (g *Group) Rules() []Rule {
	if g == nil {
		return nil
	}
	out := make([]Rule, 0, len(g.rules))
	for i := range g.rules {
		if r := &g.rules[i]; !r.derived() {
			out = append(out, g.public(r))
		}
	}
	slices.SortStableFunc(out, func(a, b Rule) int { return a.Line - b.Line })
	return out
}

// Allowed reports whether the crawler g belongs to may fetch target, an
// absolute URL or a path with an optional query (the fragment is ignored).
// It allocates nothing for a target whose path is already in canonical
// form and, in RFC mode, for one whose canonical path and query are up to
// 512 bytes long.
func (g *Group) Allowed(target string) bool {
	if g == nil {
		return true
	}
	allowed, _ := g.match(target)
	return allowed
}

// Decide is [Group.Allowed] that also says which rule decided.
func (g *Group) Decide(target string) Decision {
	if g == nil {
		return Decision{Allowed: true}
	}
	allowed, r := g.match(target)
	d := Decision{Allowed: allowed}
	if r != nil {
		d.Rule = g.public(r)
	}
	return d
}

// maxStackTarget is the longest canonical form of a target's path and
// query that Group.match builds on its stack: a target the RFC normaliser
// changes (non-ASCII octets, lower-case escapes) is decided without
// allocating up to it, and with one allocation past it. 512 bytes hold
// the paths of nearly all URLs crawlers see, percent-encoded, and cost
// the stack no more than a small frame.
const maxStackTarget = 512

// match decides target and returns the deciding rule, if any.
func (g *Group) match(target string) (bool, *rule) {
	return g.matchPath(g.d.targetPath(target))
}

// matchPath is match of the path targetPath returns.
func (g *Group) matchPath(path string) (bool, *rule) {
	if !g.d.normalize {
		return g.decide(path)
	}
	i, dots := targetChange(path)
	if i < len(path) {
		// The canonical form is built in buf, which stays on the stack
		// because nothing keeps path past this call: matching only reads
		// it (go build -gcflags=-m reports no "moved to heap: buf";
		// TestAllowedNonCanonicalDoesNotAllocate). It is declared here,
		// so that a canonical target, the common case, does not pay for
		// zeroing it.
		var buf [maxStackTarget]byte
		b, _ := appendRFCFrom(buf[:0], path, i, false)
		return g.matchRFC(view(b), true)
	}
	return g.matchRFC(path, dots)
}

// matchRFC decides a canonical path in RFC mode, as match does. dots says
// the path may hold a dot segment: it holds "/.", or is the canonical
// form built, in which "%2E" may have become '.'.
func (g *Group) matchRFC(path string, dots bool) (bool, *rule) {
	if dots && g.d.dotSegments {
		path = removeDotSegments(path)
	}
	if isRobotsTxt(path) {
		return true, nil
	}
	return g.decide(path)
}

// public returns the Rule a caller sees for r: its pattern as written.
func (g *Group) public(r *rule) Rule {
	w, ok := g.text.writtenAt(r.line())
	if !ok {
		w = g.text.pattern(r)
	}
	return Rule{Allow: r.allow(), Pattern: w, Line: int(r.line())}
}

// The groups of a file are addressed by set: set i < len(r.starts) is the
// file's group i alone, and set len(r.starts)+k is the merge of several
// groups, the k-th such list in r.multi. Every token selects one set,
// and every set has at most one Group, built on first use and kept in
// r.cache.
