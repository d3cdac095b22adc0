package lint

// This file bounds the work of the checks that compare pairs: a rule of
// one group against the answers of another group, for many rules and
// groups. Such a check on a file of n groups and n rules would compare n²
// pairs (a 500 KiB file of 8,000 "*" disallows and 8,000 named groups took
// 33 s); bounded, it costs at most tens of times the parse of the file
// however the file is shaped (BenchmarkCheckHostile, whose check/parse
// weighs the two).

import (
	"math/bits"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/octetmask"
)

// compareWork is the work, in the units of a budget, that one check that
// compares pairs may spend per unit of the file (see budgetFor). A unit is
// about the cost of one octet of a query's path or one rule a query
// tries, a few nanoseconds, and parsing costs about as much per unit of
// the file, so a check spends at most a few times the parse. It is the
// least that every file of testdata/corpus fits in: their findings are
// those of comparing every pair (TestCorpusDiagnostics). A file shaped to
// compare every rule with every group does not fit.
const compareWork = 7

// A budget is the work left to a check that compares pairs. A check that
// runs out compares no more pairs, and says so in its findings where the
// count of what it found would otherwise mislead.
type budget struct{ left int }

// budgetFor returns the budget of one check on f: compareWork units for
// each octet of its patterns and tokens and for each of its rules and
// tokens.
func budgetFor(f *file) budget {
	return budget{left: compareWork * (f.octets + f.rules + f.tokens)}
}

// spend takes n units from b and reports whether it had them; if not, it
// takes none.
func (b *budget) spend(n int) bool {
	if n > b.left {
		return false
	}
	b.left -= n
	return true
}

// share returns an even share of b for one of n items still to check, and
// takes it from b; what the item does not use goes back with refund.
func (b *budget) share(n int) budget {
	s := b.left / max(n, 1)
	b.left -= s
	return budget{left: s}
}

// refund gives back to b what a share did not use.
func (b *budget) refund(s budget) { b.left += s.left }

// setCost returns the work of building the Group of set: its groups'
// rules and their patterns' octets, and a look-up of each of its tokens,
// so that a check can decline a set too large for its budget before
// paying for it.
func (f *file) setCost(set int) int {
	lookup := bits.Len(uint(f.tokens)) // the comparisons of one find
	n := 0
	for _, id := range f.sets[set] {
		n += 1 + lookup*len(f.groups[id].Agents) + f.groupWork[id]
	}
	return n
}

// The matcher's costs as the budget counts them: a group of largeGroup
// rules or more answers from an index, which it builds after its first
// indexAfter queries, and rules out most rules without a '*' by their
// prefix; a smaller one tries its rules in turn.
const (
	largeGroup = 32
	indexAfter = 16
)

// A queryCost is what a check pays to ask a group about paths: once, for
// the queries a large group answers by a linear pass and for its index,
// and per query, besides the path's octets, for the rules a query may
// try. A small group tries all of its rules, a large one only those with
// a '*', and both skip a rule with a '*' whose octets the path lacks:
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

// queryCostOf returns the cost of asking the Group of set.
func (f *file) queryCostOf(set int) queryCost {
	n := 0
	for _, id := range f.sets[set] {
		n += len(f.groups[id].Rules)
	}
	var c queryCost
	f.setRules(set, func(rl *robotstxt.FileRule) {
		switch {
		case strings.IndexByte(rl.Match, '*') >= 0:
			c.stars = append(c.stars, starRule{octetmask.Pattern(rl.Match), len(rl.Match)})
		case n < largeGroup:
			c.plain++
		}
	})
	if n >= largeGroup {
		c.once = (indexAfter + 1) * n
	}
	return c
}

// spend takes from b what a query of path costs, and reports whether b
// had it. Working out the cost of the rules with a '*' takes a unit of
// work for each, paid first.
func (c *queryCost) spend(b *budget, path string) bool {
	if !b.spend(queryBase + len(path) + c.plain + len(c.stars)) {
		return false
	}
	if len(c.stars) == 0 {
		return true
	}
	pmask, n := octetmask.Of(path), 0
	for _, r := range c.stars {
		if r.mask&^pmask == 0 {
			n += r.n
		}
	}
	return b.spend(n)
}
