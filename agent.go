package robotstxt

// This file reads crawler names: the name a user-agent line gives and the
// name a caller's crawler goes by (RFC 9309 section 2.2.1).

import (
	"errors"

	"github.com/rfc9309/robotstxt/internal/agentname"
)

// isGlobalAgent reports whether a user-agent value names every crawler:
// "*" alone or followed by whitespace. Google's parser reads "* FooBot" as
// the global group too, and so does RFC mode, since no crawler name can
// contain '*' or a space.
func isGlobalAgent(v string) bool {
	return len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1]))
}

// ProductToken returns the crawler name at the start of a user-agent
// value or of a User-Agent header, as RFC mode reads a user-agent line:
// the leading run of letters (of any script), digits, '_', '-' and '.'.
// It stops at '/', whitespace or any other character, so "Googlebot/2.1" gives
// "Googlebot", "MJ12bot/1.4" gives "MJ12bot" and "MyCrawler/1.0
// (+https://example.com/bot)" gives "MyCrawler"; a value that starts with
// another character gives "". The result is a prefix of value and costs
// no allocation.
//
// RFC 9309 section 2.2.1 says what a crawler's own product token must be
// (one or more letters, '-' and '_') but not how to read a user-agent line that
// names a crawler otherwise; real files name "MJ12bot", "360Spider" and
// "panscient.com", and mean those crawlers. Google mode reads a line as
// Google's library does instead (letters, '_' and '-' only, so
// "MJ12bot" is "MJ") and takes a caller's names as given.
//
// RFC mode reads a caller's name as ProductToken does, but for a
// browser-style header led by "Mozilla", which it reads as the crawler
// the header names in a comment: ProductToken of "Mozilla/5.0
// (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" is
// "Mozilla", while that header, given to [Robots.Allowed], finds the
// group of bingbot (see "Crawler names" at [Robots.Group]).
func ProductToken(value string) string {
	return agentname.Leading(value)
}

// googleToken returns the product token Google's library reads at the
// start of a user-agent line: its leading run of ASCII letters, '-' and
// '_' (see agentname.Google, which package crawlers reads a registry
// crawler's tokens with in Google mode).
func googleToken(value string) string {
	return agentname.Google(value)
}

// ErrInvalidAgent is what errors.Is finds in the Err of a [Decision]
// asked for a crawler name that reads as no crawler at all: a path
// ("/admin/x"), a URL ("https://example.com/x"), or a string in which no
// name is found (" Googlebot", "(compatible)"; see "Crawler names" at
// [Robots.Group]). Such a name is a mistake of the caller, most often a
// crawler's name and a URL passed in each other's place, and the
// Decision fails closed: not allowed. "" and "*" are not such names (see
// [Robots.Allowed]).
var ErrInvalidAgent = errors.New("robotstxt: the agent names no crawler")

// agentError is the Err of a Decision asked for agent, a name that reads
// as no crawler: it says the name, and errors.Is finds ErrInvalidAgent
// in it. It is a value, so that two Decisions of one query compare equal.
type agentError struct{ agent string }

// Error names the agent as agentname.Quoted shows it: without a
// password, cut to its first 64 bytes.
func (e agentError) Error() string {
	return "robotstxt: the agent " + agentname.Quoted(e.agent) + " names no crawler (Allowed and Decide take the crawler's name first, then the URL)"
}

func (e agentError) Is(target error) bool { return target == ErrInvalidAgent }
