package robotstxt

// This file bounds the work of the checks that compare pairs: a rule of
// one group against the answers of another group, for many rules and
// groups. Such a check on a file of n groups and n rules would compare n²
// pairs (a 500 KiB file of 8,000 "*" disallows and 8,000 named groups took
// 33 s); bounded, it costs a few times the parse of the file however the
// file is shaped (BenchmarkDiagnosticsHostile, BenchmarkParseHostile).

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
)

// compareWork is the work, in the units of a compareBudget, that one
// check that compares pairs may spend per unit of the file (see
// compareBudgetFor). A unit is about the cost of one octet of a query's
// path or one rule a query tries, a few nanoseconds, and parsing costs
// about as much per unit of the file, so a check spends at most a few
// times the parse. It is the least that every file of testdata/corpus fits
// in: their diagnostics are those of comparing every pair (at 6, those of
// three files are not; TestCorpusDiagnostics). A file shaped to compare
// every rule with every group does not fit.
const compareWork = 7

// A compareBudget is the work left to a check that compares pairs. A check
// that runs out compares no more pairs, and says so in its notes where
// the count of what it found would otherwise mislead.
type compareBudget struct{ left int }

// compareBudgetFor returns the budget of one check on r: compareWork units
// for each octet of its patterns and tokens and for each of its rules and
// tokens.
func compareBudgetFor(r *Robots) compareBudget {
	return compareBudget{left: compareWork * (len(r.text.arena) + len(r.tokText) + len(r.rules) + len(r.toks))}
}

// spend takes n units from b and reports whether it had them; if not, it
// takes none.
func (b *compareBudget) spend(n int) bool {
	if n > b.left {
		return false
	}
	b.left -= n
	return true
}

// share returns an even share of b for one of n items still to check, and
// takes it from b; what the item does not use goes back with refund.
func (b *compareBudget) share(n int) compareBudget {
	s := b.left / max(n, 1)
	b.left -= s
	return compareBudget{left: s}
}

// refund gives back to b what a share did not use.
func (b *compareBudget) refund(s compareBudget) { b.left += s.left }

// setCost returns the work of building the Group of set: its groups'
// rules and their patterns' octets, and a look-up of each of its tokens.
// It costs two binary searches per group, so that a check can decline a
// set too large for its budget before paying for it.
func setCost(r *Robots, set int) int {
	if set < len(r.starts) {
		return groupCost(r, set) // without the slice setIDs makes
	}
	n := 0
	for _, id := range r.setIDs(set) {
		n += groupCost(r, id)
	}
	return n
}

// groupCost is the part of setCost of the file's group id.
func groupCost(r *Robots, id int) int {
	return groupCostTokens(r, id, tokenStart(r, id+1)-tokenStart(r, id))
}

// groupCostTokens is groupCost of the file's group id, which has tokens
// user-agent tokens: a caller that walks the tokens knows how many.
func groupCostTokens(r *Robots, id, tokens int) int {
	lookup := bits.Len(uint(len(r.toks))) // the comparisons of one find
	n := 1 + lookup*tokens
	if rules := r.groupRules(id); len(rules) > 0 {
		// A group's patterns are back to back in the arena.
		first, last := &rules[0], &rules[len(rules)-1]
		n += len(rules) + int(last.off+last.n-first.off)
	}
	return n
}

// tokenStart returns the index in r.toks of the first token of the
// file's group id, or of the first after it.
func tokenStart(r *Robots, id int) int {
	i, _ := slices.BinarySearchFunc(r.toks, uint32(id), func(t token, id uint32) int { return cmp.Compare(t.group, id) })
	return i
}

// A queryCost is what a check pays to ask a group about paths: once, for
// the queries a large group answers by a linear pass and for its index
// (see Group.decide), and per query, besides the path's octets, for the
// rules a query may try. A small group tries all of its rules, a large one
// only those with a '*' (its index rules out the others by prefix), and
// both skip a rule with a '*' whose octets the path lacks (see index.masks):
// such a rule costs one unit, and one whose octets it has costs its
// pattern's octets as well, which a match may scan the path for.
type queryCost struct {
	once, plain int
	stars       []starRule
}

// queryBase is the cost of a query besides its path and the rules it
// tries: reading the path out of the target and checking its form.
const queryBase = 4

// starRule is what a queryCost needs of a rule with a '*'.
type starRule struct {
	mask uint64
	n    int
}

func queryCostOf(g *Group) queryCost {
	var c queryCost
	for i := range g.rules {
		p := g.text.pattern(&g.rules[i])
		switch {
		case strings.IndexByte(p, '*') >= 0:
			c.stars = append(c.stars, starRule{patternMask(p), len(p)})
		case len(g.rules) < indexMin:
			c.plain++
		}
	}
	if len(g.rules) >= indexMin {
		c.once = (indexAfter + 1) * len(g.rules)
	}
	return c
}

// spend takes from b what a query of path costs, and reports whether b
// had it. Working out the cost of the rules with a '*' takes a unit of
// work for each, paid first.
func (c *queryCost) spend(b *compareBudget, path string) bool {
	if !b.spend(queryBase + len(path) + c.plain + len(c.stars)) {
		return false
	}
	if len(c.stars) == 0 {
		return true
	}
	pmask, n := octetMask(path), 0
	for _, r := range c.stars {
		if r.mask&^pmask == 0 {
			n += r.n
		}
	}
	return b.spend(n)
}
