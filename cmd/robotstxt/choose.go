package main

// This file chooses the group each crawler of check and serve obeys: as
// the crawler does by default (package crawlers: its operator's documented
// precedence, or the name in a whole User-Agent header), or, with -plain,
// as the root package reads the name alone (RFC 9309 or Google's library).

import (
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// A choice is the group one crawler obeys in one file, and why.
type choice struct {
	group  *robotstxt.Group
	agents []string // the group's user-agent names; nil when it obeys none
	// because is package crawlers' reason ("Googlebot-Image: no group
	// names it, follows Googlebot's"); "" for a plain reading.
	because string
	// own says the group is the one the crawler's own name selects: its
	// first token's, or its header's name's. A table says because only
	// when it is not.
	own bool
	// changed says the group differs from the plain reading of the
	// name, which the tab-separated output says once on standard error.
	changed bool
}

// asCrawler reports whether c is decided as the crawler it names: one
// name, not "*". A list of names ("a,b") is RFC 9309's one crawler with
// several names, whose groups merge, and is read plainly.
func (c crawler) asCrawler(plain bool) bool {
	return !plain && len(c.tokens) == 1 && c.tokens[0] != "*"
}

// choose finds the group c obeys in r.
func (c crawler) choose(r *robotstxt.Robots, plain bool) choice {
	if !c.asCrawler(plain) {
		g := r.Group(c.tokens...)
		return choice{group: g, agents: g.Agents(), own: true}
	}
	name := c.tokens[0]
	e := crawlers.Explain(r, name, "/")
	g := crawlers.Group(r, name)
	return choice{group: g, agents: e.Agents, because: e.Reason,
		own: e.Token != "" && e.Token == e.Name, changed: g != r.Group(name)}
}

// plainText names the plain reading -plain gives, for the note that says
// the crawler's precedence chose another group.
func plainText(m robotstxt.Mode) string {
	if m == robotstxt.Google {
		return "Google's library"
	}
	return "RFC 9309"
}
