package lint

// This file holds the checks of named groups that give their crawlers
// the whole site when their author meant otherwise: user-agent lines with
// no rule after them, and a group whose only rule is an empty Disallow.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// emptyGroups notes each set of named groups whose crawlers may fetch
// everything by mistake: RFC 9309 section 2.2.1 has a crawler obey the
// groups that name it and no other, so a group without rules frees its
// crawlers of the "*" group's rules, and "Disallow:" with no path
// disallows nothing (section 2.2.2).
//
//   - A set without any rule (user-agent lines at the end of the file, or
//     followed only by records such as Crawl-delay) when the "*" group
//     disallows something: its crawlers ignore that (group-without-rules).
//     A group written "Disallow:" allows everything on purpose, and is
//     left alone.
//   - A set whose only rules are empty Disallows, written between groups
//     that close the site ("Disallow: /"), when none of its crawlers is a
//     search engine's or an ad network's: in a list of crawlers kept out
//     by name, a group written as the others are but without the '/'
//     lets its crawlers fetch everything (empty-disallow). The note is
//     information, not a warning: a list may let one crawler in on
//     purpose ("Twitterbot", for link previews). Elsewhere, or
//     for such a crawler, "Disallow:" is the usual way to say that a
//     crawler may fetch everything ("User-agent: Mediapartners-Google"
//     and "Disallow:", as Google's help for AdSense writes it).
//
// Each set draws one note, on its first group's first user-agent line or
// its first empty Disallow.
func emptyGroups(f *file, w *findings) {
	// What each group's rules are, counted once: a group may be in many
	// sets.
	type counts struct{ rules, empty, firstEmpty int }
	per := make([]counts, len(f.groups))
	closes := make([]bool, len(f.groups))
	for id := range f.groups {
		c := &per[id]
		for _, rl := range f.groups[id].Rules {
			c.rules++
			if !rl.Allow && rl.Match == "" {
				c.empty++
				if c.firstEmpty == 0 {
					c.firstEmpty = rl.Line
				}
			}
			closes[id] = closes[id] || closesSite(rl.Rule)
		}
	}
	// amidClosed reports whether the groups before and after the file's
	// group id, those of them that exist, close the site.
	amidClosed := func(id int) bool {
		n := 0
		for _, other := range []int{id - 1, id + 1} {
			if other < 0 || other >= len(f.groups) {
				continue
			}
			if !closes[other] {
				return false
			}
			n++
		}
		return n > 0
	}
	starBlocks := f.global >= 0 && f.disallowsSomething(f.global)
	seen := make([]bool, len(f.sets))
	if f.global >= 0 {
		seen[f.global] = true
	}
	for _, set := range f.tokSet {
		if seen[set] {
			continue
		}
		seen[set] = true
		var c counts
		for _, id := range f.sets[set] {
			c.rules += per[id].rules
			c.empty += per[id].empty
			if c.firstEmpty == 0 {
				c.firstEmpty = per[id].firstEmpty
			}
		}
		first := f.sets[set][0]
		switch {
		case c.rules == 0 && starBlocks:
			w.add(f.groups[first].Line, robotstxt.Warning, robotstxt.CodeGroupWithoutRules,
				"no allow or disallow rule follows the user-agent lines of "+f.agentsOf(set)+
					` before the next group or the end of the file, so they obey a group without rules and may fetch everything, the "*" group's disallows included (RFC 9309 section 2.2.1); add the rules meant for them, or "Disallow:" to allow them everything on purpose`)
		case c.rules > 0 && c.rules == c.empty && amidClosed(first) && !f.partners(set):
			w.add(c.firstEmpty, robotstxt.Info, robotstxt.CodeEmptyDisallow,
				`"Disallow:" with no path disallows nothing (RFC 9309 section 2.2.2): `+f.agentsOf(set)+
					` may fetch everything, while the groups around this one keep their crawlers out with "Disallow: /"; if this group was meant to keep its crawlers out too, write "Disallow: /"`)
		}
	}
}

// partnerCrawlers are the product tokens, lower-cased, of the registry's
// search engine and ad network crawlers (package crawlers, purposes
// search and ads), which a file lets fetch everything on purpose;
// TestPartnerCrawlers holds them to the registry.
var partnerCrawlers = map[string]bool{
	"googlebot": true, "googlebot-image": true, "googlebot-video": true, "googlebot-news": true,
	"storebot-google": true, "adsbot-google-mobile": true, "adsbot-google": true, "mediapartners-google": true,
	"bingbot": true, "adidxbot": true, "yandexbot": true, "yandex": true, "yandeximages": true,
	"baiduspider": true, "applebot": true, "duckduckbot": true, "yeti": true, "seznambot": true,
}

// partners reports whether a crawler that obeys set is one of
// partnerCrawlers.
func (f *file) partners(set int) bool {
	for _, a := range f.group(set).Agents() {
		if partnerCrawlers[foldASCII(a)] {
			return true
		}
	}
	return false
}

// disallowsSomething reports whether set's groups have a disallow rule
// with a pattern.
func (f *file) disallowsSomething(set int) bool {
	found := false
	f.setRules(set, func(rl *robotstxt.FileRule) {
		found = found || !rl.Allow && rl.Match != ""
	})
	return found
}

// maxAgentsShown is how many names of a group's crawlers a note lists.
const maxAgentsShown = 10

// agentsOf returns the names of the crawlers that obey set, as its Group
// lists them but for the empty ones (Google mode's reading of a line
// that starts with no letter): the first maxAgentsShown, and a count of
// the others.
func (f *file) agentsOf(set int) string {
	agents := slices.DeleteFunc(f.group(set).Agents(), func(a string) bool { return a == "" })
	if len(agents) <= maxAgentsShown {
		return strings.Join(agents, ", ")
	}
	return strings.Join(agents[:maxAgentsShown], ", ") + " and " + strconv.Itoa(len(agents)-maxAgentsShown) + " more"
}
