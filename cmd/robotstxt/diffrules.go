package main

// This file is diff without targets: what changed in the rules and the
// records, group by group, which crawlers each change reaches, the
// records outside any group that changed (Sitemap, Host, Content-Signal,
// Clean-param and unknown keys), and the crawlers of package crawlers'
// registry whose access to the whole site changes.

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// maxReachNames is how many crawlers a group's change names before it
// says how many more it reaches.
const maxReachNames = 8

// jsonGroupChange is one group's change, as diff -json prints it.
type jsonGroupChange struct {
	Agents  []string   `json:"agents"`
	Added   []jsonRule `json:"added"`
	Removed []jsonRule `json:"removed"`
	// Records are the group's extension records that differ:
	// Crawl-delay, Request-rate, Visit-time, Content-Signal.
	Records []jsonRecordChange `json:"records,omitempty"`
	// Reaches names the crawlers the change reaches: the group's names,
	// then the crawlers of the registry that obey the group in either
	// version.
	Reaches []string `json:"reaches"`
}

// jsonRecordChange is a record that differs between the versions, by its
// key in lower case: Old is absent when the new version adds it, New when
// it removes it, and both are there when its value changes.
type jsonRecordChange struct {
	Key string `json:"key"`
	Old string `json:"old,omitempty"`
	New string `json:"new,omitempty"`
}

// jsonAccessChange is a crawler whose access to the whole site changes:
// "allowed", "disallowed" or "partly".
type jsonAccessChange struct {
	Crawler string `json:"crawler"`
	Old     string `json:"old"`
	New     string `json:"new"`
}

// ruleChanges compares the groups of two versions of a file and returns
// each group whose rules differ, in the order of the old file's groups
// and then the new file's. Groups are matched by their user-agent names,
// compared case-insensitively; rules by their kind and pattern, not their
// lines, so that a rule moved down by an added line is no change.
func ruleChanges(old, new *robotstxt.Robots, named []crawler, plain bool) []jsonGroupChange {
	type pair struct {
		agents   []string
		old, new *robotstxt.Group
	}
	var order []string
	pairs := make(map[string]*pair)
	add := func(g *robotstxt.Group, isNew bool) {
		k := groupKey(g)
		p := pairs[k]
		if p == nil {
			p = &pair{agents: g.Agents()}
			pairs[k] = p
			order = append(order, k)
		}
		if isNew {
			p.new = g
		} else {
			p.old = g
		}
	}
	for _, g := range old.Groups() {
		add(g, false)
	}
	for _, g := range new.Groups() {
		add(g, true)
	}
	var out []jsonGroupChange
	for _, k := range order {
		p := pairs[k]
		added, removed := ruleDiff(p.old.Rules(), p.new.Rules())
		records := groupRecordChanges(p.old, p.new)
		if len(added) == 0 && len(removed) == 0 && len(records) == 0 {
			continue
		}
		out = append(out, jsonGroupChange{Agents: p.agents, Added: added, Removed: removed, Records: records,
			Reaches: reaches(old, new, p.old, p.new, p.agents, named, plain)})
	}
	return out
}

// groupRecordChanges returns the extension records of a group that differ
// between its old and new versions (either nil when the group is in one
// version only), each value as groups prints it.
func groupRecordChanges(og, ng *robotstxt.Group) []jsonRecordChange {
	var out []jsonRecordChange
	value := func(g *robotstxt.Group, key string) string {
		switch key {
		case "crawl-delay":
			if d, ok := g.CrawlDelay(); ok {
				return d.String()
			}
		case "request-rate":
			if rr, ok := g.RequestRate(); ok {
				return rr.String()
			}
		case "visit-time":
			if v, ok := g.VisitTime(); ok {
				return v.String() + " UTC"
			}
		case "content-signal":
			return signalsText(g.ContentSignals())
		}
		return ""
	}
	for _, key := range []string{"crawl-delay", "request-rate", "visit-time", "content-signal"} {
		if o, n := value(og, key), value(ng, key); o != n {
			out = append(out, jsonRecordChange{key, o, n})
		}
	}
	return out
}

// fileRecordChanges returns the records outside any group that differ
// between the versions: Sitemap URLs and the records the library keeps
// uninterpreted (Clean-param, unknown keys) added and removed, compared
// by key (without case) and value, a record written twice counting twice;
// and the Host and the file's Content-Signal values, changed.
func fileRecordChanges(old, new *robotstxt.Robots) []jsonRecordChange {
	var out []jsonRecordChange
	type record struct{ key, value string }
	var oldRecs, newRecs []record
	for _, s := range old.Sitemaps() {
		oldRecs = append(oldRecs, record{"sitemap", s})
	}
	for _, s := range new.Sitemaps() {
		newRecs = append(newRecs, record{"sitemap", s})
	}
	for _, rc := range old.Records() {
		oldRecs = append(oldRecs, record{strings.ToLower(rc.Key), rc.Value})
	}
	for _, rc := range new.Records() {
		newRecs = append(newRecs, record{strings.ToLower(rc.Key), rc.Value})
	}
	count := make(map[record]int)
	for _, rc := range oldRecs {
		count[rc]++
	}
	var added []jsonRecordChange
	for _, rc := range newRecs {
		if count[rc] > 0 {
			count[rc]--
			continue
		}
		added = append(added, jsonRecordChange{Key: rc.key, New: rc.value})
	}
	for _, rc := range oldRecs {
		if count[rc] > 0 {
			count[rc]--
			out = append(out, jsonRecordChange{Key: rc.key, Old: rc.value})
		}
	}
	out = append(out, added...)
	oh, _ := old.Host()
	nh, _ := new.Host()
	if oh != nh {
		out = append(out, jsonRecordChange{"host", oh, nh})
	}
	if o, n := signalsText(old.ContentSignals()), signalsText(new.ContentSignals()); o != n {
		out = append(out, jsonRecordChange{"content-signal", o, n})
	}
	return out
}

// recordLine prints a record's change: "- key: old", "+ key: new" or
// "key: old -> new".
func recordLine(c jsonRecordChange) string {
	switch {
	case c.Old == "":
		return "+ " + c.Key + ": " + c.New
	case c.New == "":
		return "- " + c.Key + ": " + c.Old
	}
	return c.Key + ": " + c.Old + " -> " + c.New
}

// groupKey is a group's user-agent names, lower-cased and sorted.
func groupKey(g *robotstxt.Group) string {
	names := slices.Clone(g.Agents())
	for i, n := range names {
		names[i] = strings.ToLower(n)
	}
	slices.Sort(names)
	return strings.Join(names, "\n")
}

// ruleDiff returns the rules of new that old lacks and those of old that
// new lacks, each with its line in its own file; a rule written twice
// counts twice.
func ruleDiff(old, new []robotstxt.Rule) (added, removed []jsonRule) {
	added, removed = []jsonRule{}, []jsonRule{} // [] in JSON, not null
	type key struct {
		allow   bool
		pattern string
	}
	count := make(map[key]int)
	for _, r := range old {
		count[key{r.Allow, r.Pattern}]++
	}
	for _, r := range new {
		k := key{r.Allow, r.Pattern}
		if count[k] > 0 {
			count[k]--
			continue
		}
		added = append(added, jsonRule{Allow: r.Allow, Pattern: r.Pattern, Line: r.Line})
	}
	for i := len(old) - 1; i >= 0; i-- { // the last copies are the ones left over
		r := old[i]
		k := key{r.Allow, r.Pattern}
		if count[k] > 0 {
			count[k]--
			removed = append(removed, jsonRule{Allow: r.Allow, Pattern: r.Pattern, Line: r.Line})
		}
	}
	slices.Reverse(removed)
	return added, removed
}

// reaches names the crawlers a change of a group reaches: the group's own
// names ("*": every crawler that no group names), then each
// crawler (the -agent ones, or else the registry's) that obeys the group,
// as check chooses it, in the old version or the new.
func reaches(old, new *robotstxt.Robots, og, ng *robotstxt.Group, agents []string, named []crawler, plain bool) []string {
	names := slices.Clone(agents)
	for _, c := range accessCrawlers(named) {
		if (og != nil && c.choose(old, plain).group == og) || (ng != nil && c.choose(new, plain).group == ng) {
			if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, c.name) }) {
				names = append(names, c.name)
			}
		}
	}
	return names
}

// accessCrawlers returns the crawlers whose access diff reports: those
// of -agent, or else every crawler of the registry.
func accessCrawlers(named []crawler) []crawler {
	if len(named) > 0 && !(len(named) == 1 && named[0].name == "*") {
		return named
	}
	var out []crawler
	for _, c := range crawlers.List() {
		out = append(out, crawler{name: c.Name(), tokens: []string{c.Name()}})
	}
	return out
}

// siteAccess is what a group lets its crawler fetch of the whole site,
// as crawlers.Audit reads it (see crawlers.GroupAccess): "allowed",
// "disallowed" or "partly".
func siteAccess(g *robotstxt.Group) string {
	return crawlers.GroupAccess(g).String()
}

// accessChanges returns the crawlers whose access to the whole site
// differs between the versions, each obeying the group check chooses.
func accessChanges(old, new *robotstxt.Robots, named []crawler, plain bool) []jsonAccessChange {
	var out []jsonAccessChange
	for _, c := range accessCrawlers(named) {
		o, n := siteAccess(c.choose(old, plain).group), siteAccess(c.choose(new, plain).group)
		if o != n {
			out = append(out, jsonAccessChange{c.name, o, n})
		}
	}
	return out
}

// writeRuleDiff prints what changed between two versions' rules and
// reports whether anything did.
func writeRuleDiff(w io.Writer, old, new *robotstxt.Robots, named []crawler, plain, asJSON bool) bool {
	groups := ruleChanges(old, new, named, plain)
	access := accessChanges(old, new, named, plain)
	records := fileRecordChanges(old, new)
	changed := len(groups) > 0 || len(access) > 0 || len(records) > 0
	if asJSON {
		b, _ := json.Marshal(struct {
			Groups  []jsonGroupChange  `json:"groups"`
			Access  []jsonAccessChange `json:"access"`
			Records []jsonRecordChange `json:"records"`
		}{append([]jsonGroupChange{}, groups...), append([]jsonAccessChange{}, access...), append([]jsonRecordChange{}, records...)})
		fmt.Fprintf(w, "%s\n", b)
		return changed
	}
	for i, g := range groups {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "user-agent: %s\n", strings.Join(g.Agents, ", "))
		for _, r := range g.Removed {
			fmt.Fprintf(w, "  - %s  (old line %d)\n", ruleLine(r), r.Line)
		}
		for _, r := range g.Added {
			fmt.Fprintf(w, "  + %s  (new line %d)\n", ruleLine(r), r.Line)
		}
		for _, r := range g.Records {
			fmt.Fprintf(w, "  %s\n", recordLine(r))
		}
		reach := slices.Clone(g.Reaches)
		if i := slices.Index(reach, "*"); i >= 0 {
			reach[i] = "* (every crawler that no group names)"
		}
		fmt.Fprintf(w, "  reaches: %s\n", namesText(reach))
	}
	if len(records) > 0 {
		if len(groups) > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "records outside any group:")
		for _, r := range records {
			fmt.Fprintf(w, "  %s\n", recordLine(r))
		}
	}
	if len(access) > 0 {
		if len(groups) > 0 || len(records) > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "whole-site access that changes:")
		for _, a := range access {
			fmt.Fprintf(w, "  %s: %s -> %s\n", a.Crawler, a.Old, a.New)
		}
	}
	return changed
}

func ruleLine(r jsonRule) string {
	if r.Allow {
		return "allow: " + r.Pattern
	}
	return "disallow: " + r.Pattern
}

// namesText lists names, the first maxReachNames of them and then how
// many more.
func namesText(names []string) string {
	if len(names) <= maxReachNames {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:maxReachNames], ", "), len(names)-maxReachNames)
}
