package main

// This file chooses the group each crawler of check and serve obeys: as
// the crawler does by default (package crawlers: its operator's documented
// precedence, or the name in a whole User-Agent header), or, with -plain,
// as the root package reads the name alone (RFC 9309 or Google's library).

import (
	"github.com/rfc9309/robotstxt"
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

// plainText names the plain reading -plain gives, for the note that says
// the crawler's precedence chose another group.
func plainText(m robotstxt.Mode) string {
	if m == robotstxt.Google {
		return "Google's library"
	}
	return "RFC 9309"
}
