package lint

// This file holds the check of named groups whose crawlers may fetch what
// the "*" group disallows (global-not-inherited).

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// maxGroupNotes is how many named groups global-not-inherited notes one
// by one; the others draw one note between them. Real files have at most
// a few dozen named groups; a file of thousands would otherwise draw
// thousands of notes that say the same thing.
const maxGroupNotes = 100

// missedShown is how many missed rules a note quotes.
const missedShown = 3

// globalNotInherited notes each named group whose crawlers may fetch what
// the "*" group disallows. Webmasters often add "User-agent: Googlebot"
// with a rule or two and expect the "*" group's rules to apply as well;
// RFC 9309 section 2.2.1 has a crawler obey the groups that name it and
// no other. A group with no rules, or only empty ones, allows everything
// on purpose and is left alone; groups merged for every crawler that
// obeys them draw one note, on the first one's first user-agent line.
//
// Each group draws at most one note, which counts the "*" rules it misses
// and quotes the first few; the first maxGroupNotes such groups of the
// file draw one each, and one more note, on the next such group, counts
// the others. The check compares each "*" disallow with each named group,
// within a budget shared evenly among the groups (the cheapest first, and
// what one leaves goes to the others); groups with the same rules are
// compared once. It runs in four steps: it lists the "*" disallows and
// the sets of named groups, looks for one missed rule in each set
// (firstMisses), picks the sets to note, and compares the rest of the "*"
// rules with those one by one (compareNoted). A group whose share ran out
// before the last "*" rule draws a note that says how many were compared,
// and one whose share does not pay for building it draws none.
func globalNotInherited(f *file, w *findings) {
	if f.global < 0 {
		return
	}
	disallows, matched := f.starDisallows()
	if len(disallows) == 0 {
		return
	}
	c := comparison{f: f, disallows: disallows, budget: budgetFor(f)}
	c.samples = make([]string, len(disallows))
	for i, m := range matched {
		// A path as the mode matches it: Google mode matches a pattern
		// escaped, and a crawler asks for the path escaped too.
		c.samples[i] = samplePath(m)
	}
	c.sets = f.namedSets()
	c.firstMisses()
	noted, more, moreAt := c.pick()
	c.compareNoted(noted)
	c.report(w, noted, more, moreAt)
}

// starDisallows returns the disallows of the "*" group that name a path,
// in line order, each pattern once (merged "*" groups may repeat one),
// with their patterns as matched, or none when the group closes the
// site: its named groups are then its exceptions, on purpose.
func (f *file) starDisallows() (disallows []robotstxt.Rule, matched []string) {
	n := 0
	for _, id := range f.sets[f.global] {
		n += len(f.groups[id].Rules)
	}
	// Sized at once: growing them cost several times the rest.
	listed := make(map[string]struct{}, n)
	disallows, matched = make([]robotstxt.Rule, 0, n), make([]string, 0, n)
	closes := false
	// The groups of a set are in file order, and so are their rules.
	f.setRules(f.global, func(rl *robotstxt.FileRule) {
		if closes || rl.Allow || rl.Pattern == "" || rl.Line == 0 {
			return
		}
		if closesSite(rl.Rule) {
			closes = true
			return
		}
		n := len(listed)
		if listed[rl.Pattern] = struct{}{}; len(listed) == n {
			return // listed already: one map operation per rule, not two
		}
		disallows = append(disallows, rl.Rule)
		matched = append(matched, rl.Match)
	})
	if closes {
		return nil, nil
	}
	return disallows, matched
}

// closesSite reports whether a rule disallows every path.
func closesSite(r robotstxt.Rule) bool {
	return !r.Allow && strings.Trim(r.Pattern, "*") == "/"
}

// A named set is a set of groups that named crawlers obey, with the first
// group of the file that a token of it selects, what building its Group
// costs, and what comparing it found (an index in comparison.found, -1
// before it is compared).
type named struct{ id, set, cost, found int }

// namedSets returns the sets of groups that the first named crawler of
// each group obeys, each once, in file order, the "*" group's left out:
// a group draws at most one note.
func (f *file) namedSets() []named {
	var sets []named
	seen := make([]bool, len(f.sets))
	seen[f.global] = true
	t := 0
	for id, g := range f.groups {
		if len(g.Agents) == 0 {
			continue
		}
		if set := f.tokSet[t]; !seen[set] {
			seen[set] = true
			sets = append(sets, named{id, set, f.setCost(set), -1})
		}
		t += len(g.Agents)
	}
	return sets
}

// A comparison is the state of globalNotInherited: the "*" disallows and
// their sample paths, the named sets, what comparing them found, and the
// budget left.
type comparison struct {
	f         *file
	disallows []robotstxt.Rule
	samples   []string
	sets      []named
	found     []missedRules
	budget    budget
}

// byCost returns the indexes of c.sets in ks, the cheapest first: what
// they leave of their shares goes to the larger ones.
func (c *comparison) byCost(ks []int) []int {
	ks = slices.Clone(ks)
	slices.SortStableFunc(ks, func(a, b int) int { return cmp.Compare(c.sets[a].cost, c.sets[b].cost) })
	return ks
}

// firstMisses compares each named set with the "*" disallows until the
// first one it misses, each within its share of the budget. Sets with the
// same rules share one comparison.
func (c *comparison) firstMisses() {
	byRules := make(map[string]int, len(c.sets)) // c.found's index, by the sets' rules
	var key []byte
	all := make([]int, len(c.sets))
	for i := range all {
		all[i] = i
	}
	order := c.byCost(all)
	for i, k := range order {
		s := &c.sets[k]
		share := c.budget.share(len(order) - i)
		if !share.spend(s.cost) || !c.f.hasRules(s.set) {
			c.budget.refund(share)
			continue
		}
		key = c.f.appendRulesKey(key[:0], s.set)
		f, ok := byRules[string(key)]
		if !ok {
			f = len(c.found)
			c.found = append(c.found, missedRules{})
			c.found[f].compare(c.f, s.set, c.samples, &share, true)
			byRules[string(key)] = f
		}
		s.found = f
		c.budget.refund(share)
	}
}

// pick returns the sets noted one by one: the first maxGroupNotes that
// miss a "*" rule, in file order; and how many more miss one, from the
// set at moreAt on.
func (c *comparison) pick() (noted []int, more, moreAt int) {
	for k, s := range c.sets {
		if s.found < 0 || c.found[s.found].count == 0 {
			continue
		}
		if len(noted) < maxGroupNotes {
			noted = append(noted, k)
			continue
		}
		if more == 0 {
			moreAt = k
		}
		more++
	}
	return noted, more, moreAt
}

// compareNoted goes on comparing the noted sets past the first missed
// rule, the cheapest first, each within its share of what is left.
func (c *comparison) compareNoted(noted []int) {
	order := c.byCost(noted)
	for i, k := range order {
		share := c.budget.share(len(order) - i)
		s := &c.sets[k]
		c.found[s.found].compare(c.f, s.set, c.samples, &share, false)
		c.budget.refund(share)
	}
}

// report adds the notes of the noted sets, and the one that counts the
// more others.
func (c *comparison) report(w *findings, noted []int, more, moreAt int) {
	quoted := make([]string, len(c.disallows))
	for _, k := range noted {
		s := &c.sets[k]
		m := &c.found[s.found]
		line := c.f.groups[s.id].Line
		msg := `crawlers that obey this group (` + c.agents(s.set) + `) ignore the "*" group, so they may fetch what it disallows: ` + m.list(c.disallows, quoted) +
			"; repeat those rules in this group if they are meant for these crawlers too"
		if m.compared < len(c.disallows) {
			msg += ` (only the first ` + strconv.Itoa(m.compared) + ` of the "*" group's ` + strconv.Itoa(len(c.disallows)) +
				` disallows were compared with this group: the file has too many groups and rules to compare every pair)`
		}
		w.add(line, robotstxt.Warning, robotstxt.CodeGlobalNotInherited, msg)
	}
	if more > 0 {
		s := &c.sets[moreAt]
		w.add(c.f.groups[s.id].Line, robotstxt.Warning, robotstxt.CodeGlobalNotInherited, strconv.Itoa(more)+` more named groups, from this one (`+c.agents(s.set)+
			`) on, ignore the "*" group as well, so their crawlers may fetch what it disallows; only the first `+strconv.Itoa(maxGroupNotes)+` groups that do draw a note of their own`)
	}
}

// agents returns the names of the crawlers that obey set, as its Group
// lists them.
func (c *comparison) agents(set int) string {
	return strings.Join(c.f.group(set).Agents(), ", ")
}

// missedRules is what globalNotInherited found of one set: how many "*"
// disallows it compared with it and how many of those it misses, the
// first few of those, and whether the comparison stopped for want of
// budget (cut) or is complete.
type missedRules struct {
	compared, count int
	first           [missedShown]int
	paid, cut       bool
}

// compare goes on comparing the Group of set with the "*" disallows whose
// sample paths are samples, in order, while budget lasts; with
// untilMissed, it stops at the first one the group misses.
func (m *missedRules) compare(f *file, set int, samples []string, b *budget, untilMissed bool) {
	if m.cut || m.compared == len(samples) {
		return
	}
	cost := f.queryCostOf(set)
	if !m.paid {
		if !b.spend(cost.once) {
			m.cut = true
			return
		}
		m.paid = true
	}
	g := f.group(set)
	for _, s := range samples[m.compared:] {
		if !cost.spend(b, s) {
			m.cut = true
			return
		}
		i := m.compared
		m.compared++
		if g.Allowed(s) {
			if m.count < missedShown {
				m.first[m.count] = i
			}
			m.count++
			if untilMissed {
				return
			}
		}
	}
}

// list quotes the first missed rules and counts the rest. quoted holds
// the quotes of the rules, as far as they were needed: most groups of a
// file miss the same first few.
func (m *missedRules) list(disallows []robotstxt.Rule, quoted []string) string {
	var b []byte
	for i := range min(m.count, missedShown) {
		if i > 0 {
			b = append(b, ", "...)
		}
		j := m.first[i]
		if quoted[j] == "" {
			rl := disallows[j]
			quoted[j] = "line " + strconv.Itoa(rl.Line) + " " + strconv.Quote("Disallow: "+rl.Pattern)
		}
		b = append(b, quoted[j]...)
	}
	if m.count > missedShown {
		b = append(b, " and "...)
		b = strconv.AppendInt(b, int64(m.count-missedShown), 10)
		b = append(b, " more"...)
	}
	return string(b)
}

// hasRules reports whether set's groups have a rule with a pattern.
func (f *file) hasRules(set int) bool {
	for _, id := range f.sets[set] {
		for _, rl := range f.groups[id].Rules {
			if rl.Match != "" {
				return true
			}
		}
	}
	return false
}

// appendRulesKey appends to b a key that two sets share when they have
// the same rules, in the same order: their Groups then answer every path
// alike.
func (f *file) appendRulesKey(b []byte, set int) []byte {
	f.setRules(set, func(rl *robotstxt.FileRule) {
		flags := byte(0)
		if rl.Allow {
			flags |= 1
		}
		b = append(b, flags)
		b = binary.AppendUvarint(b, uint64(rl.Priority))
		b = binary.AppendUvarint(b, uint64(len(rl.Match)))
		b = append(b, rl.Match...)
	})
	return b
}
