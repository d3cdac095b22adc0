package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// A crawler is one -agent value: the names one crawler answers to,
// comma-separated ("googlebot,googlebot-news").
type crawler struct {
	name   string
	tokens []string
}

// readAgents reads the -agent values. In RFC mode the library reads a
// name as its leading product token, so that a full User-Agent
// ("MyCrawler/1.0 (+https://example.com/bot)") or a versioned name
// ("MJ12bot/1.4") finds the crawler's group; a value read as something
// shorter than what was typed is said once on stderr, since a user who
// typed a version may not expect it to be dropped. Google mode takes
// names as given, as Google's library does, so there is nothing to say.
// A value decided as the crawler it names (asCrawler, which check does
// unless -plain) is read as package crawlers reads it, in either mode:
// the crawler a whole header names ("Mozilla/5.0 (compatible;
// ExampleBot/1.0; +url)" is ExampleBot), which is said the same way.
// A value that gives no name at all is an error: it would silently
// select the "*" group.
func readAgents(cmd string, agents agentList, mode robotstxt.Mode, plain bool, stderr io.Writer) ([]crawler, error) {
	if len(agents) == 0 {
		return []crawler{{name: "*", tokens: []string{"*"}}}, nil
	}
	said := make(map[string]bool)
	out := make([]crawler, len(agents))
	for i, a := range agents {
		c := crawler{name: a, tokens: splitNames(a)}
		for _, t := range c.tokens {
			var name string
			switch {
			case t == "*" || said[t]:
				continue
			case c.asCrawler(plain):
				name = crawlers.Name(t)
			case mode == robotstxt.RFC:
				name = robotstxt.ProductToken(t)
			default:
				continue
			}
			switch {
			case name == "":
				return nil, fmt.Errorf("-agent %q names no crawler: a name starts with a letter, a digit, '_', '-' or '.'", t)
			case name != t:
				said[t] = true
				fmt.Fprintf(stderr, "robotstxt %s: -agent %q is matched as %q\n", cmd, t, name)
			}
		}
		out[i] = c
	}
	return out, nil
}

// splitNames splits an -agent value into the names one crawler answers
// to, comma-separated ("googlebot,googlebot-news"). A value with a
// parenthesis is a whole User-Agent header, one name, whose commas are
// part of it: "... (KHTML, like Gecko; compatible; Googlebot/2.1; +url)".
func splitNames(v string) []string {
	if strings.ContainsAny(v, "()") {
		return []string{strings.TrimSpace(v)}
	}
	var names []string
	for t := range strings.SplitSeq(v, ",") {
		names = append(names, strings.TrimSpace(t))
	}
	return names
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
