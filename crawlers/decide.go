package crawlers

import (
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/agentname"
)

// A choice is the group a crawler obeys in one file, and how it was
// chosen: the crawler (known or by name), the token whose group decided
// (its index in the crawler's tokens; -1 for the "*" group, or for none).
type choice struct {
	refused bool // the agent reads as no crawler (see agentname.NoCrawler)
	known   bool
	crawler int32
	name    string // the crawler's name: its first token, or its header's name
	token   int    // index into the crawler's Tokens; -1: "*" or none
	star    bool   // the "*" group decided
	ignored bool   // the crawler ignores "*" (known crawlers only)
	group   *robotstxt.Group
}

// choose finds the group the crawler agent names obeys in r. With exact
// false it may leave the token and star of the choice wrong where the
// group is right, which Decide needs and Explain does not: then it
// allocates nothing but for a crawler that ignores "*" in a file with a
// "*" group and no other group it could obey (see named).
func choose(r *robotstxt.Robots, agent string, exact bool) choice {
	if agentname.NoCrawler(agent) {
		// The root package refuses it too: its Group fails closed.
		return choice{refused: true, crawler: -1, token: -1, group: r.Group(agent)}
	}
	reg := theRegistry()
	i, ok := reg.byName(agent)
	if !ok {
		i, ok, _ = reg.scan(agent)
	}
	global := r.Group()
	if !ok {
		name := headerName(agent)
		c := choice{crawler: -1, name: name, token: -1, group: r.Group(name)}
		switch {
		case c.group == nil:
		case c.group != global || exact && named(r, name):
			c.token = 0
		default:
			c.star = true
		}
		return c
	}
	cr := &reg.crawlers[i]
	c := choice{known: true, crawler: i, name: cr.Name(), token: -1, ignored: cr.IgnoresStar}
	google := r.Mode() == robotstxt.Google
	for k, tok := range cr.Tokens {
		g := r.Group(lineName(google, tok))
		if g == nil {
			continue // no group names tok, and there is no "*" group
		}
		if g == global && !namesStar(r, google, cr.Tokens[k+1:], tok, global, exact || cr.IgnoresStar) {
			continue
		}
		c.token, c.group = k, g
		return c
	}
	if global != nil && !cr.IgnoresStar {
		c.star, c.group = true, global
	}
	return c
}

// namesStar reports whether the group of token, which is r's "*" group,
// names token as well as "*", rather than token falling back to it. A
// later token with a group of its own tells without allocating: token
// falls back exactly when the union of both is that group. Otherwise,
// when the answer matters (exact), it reads the group's names; when it
// does not, a crawler that reads "*" obeys that group either way.
func namesStar(r *robotstxt.Robots, google bool, later []string, token string, global *robotstxt.Group, exact bool) bool {
	token = lineName(google, token)
	for _, l := range later {
		l = lineName(google, l)
		if g := r.Group(l); g != nil && g != global {
			return r.Group(token, l) != g
		}
	}
	return !exact || named(r, token)
}

// lineName returns the name under which a file finds the group that names
// token, a registry crawler's token, in its mode: the token itself in RFC
// mode, which reads a caller's name as it reads a user-agent line. Google
// mode reads a user-agent line as Google's library does, up to the first
// octet that is not an ASCII letter, '-' or '_' (see
// [robotstxt.Google]): a line naming "MJ12bot" is the group of "MJ", and
// "Screaming Frog SEO Spider" that of "Screaming". It takes a caller's
// name as given, so a token asked for as it is written would find no
// group; read as a line is read, it finds the group that names it (with
// any other whose line Google reads alike). A token of which Google's
// reading keeps nothing is asked for as written: it finds no group.
func lineName(google bool, token string) string {
	if !google {
		return token
	}
	if name := agentname.Google(token); name != "" {
		return name
	}
	return token
}

// named reports whether a group of r names token, rather than token
// falling back to the "*" group; it reads the group's names, which
// allocates, when r.Group(token) is the "*" group's pointer, as it is
// both when token falls back and when one group names "*" and token.
// token is read as lineName reads it.
func named(r *robotstxt.Robots, token string) bool {
	g := r.Group(token)
	if g == nil || token == "" {
		return false
	}
	if g != r.Group() {
		return true
	}
	name := token
	if r.Mode() == robotstxt.RFC {
		name = robotstxt.ProductToken(token)
	}
	for _, a := range g.Agents() {
		if a != "*" && strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// Group returns the group of r that the crawler agent obeys, as the
// crawler does: agent is a crawler's name ("Googlebot-Image") or a whole
// User-Agent header. A crawler of the registry obeys the group of its
// first token that a group of r names (Googlebot-Image obeys the
// "Googlebot" group when no group names "Googlebot-Image", and only its
// own when one does); when none is named, the "*" group, unless the
// crawler ignores it (AdsBot-Google). Any other crawler obeys the group
// of the name its header gives (see [Name]), or "*", as
// [robotstxt.Robots.Group] decides. Group returns nil, which allows
// everything, when the crawler obeys no group. An agent that reads as no
// crawler at all (a path or a URL, as when a URL and a name are passed in
// each other's place, or a string that gives no name) is the caller's
// mistake: Group returns the Group that [robotstxt.Robots.Group] returns
// for it, which allows nothing and whose Decide says why (see
// [robotstxt.ErrInvalidAgent]).
//
// A crawler finds the group that names it in both modes. In Google mode
// a file reads a user-agent line as Google's library does, so that a
// line naming "MJ12bot", "archive.org_bot" or "Screaming Frog SEO Spider"
// is the group of "MJ", "archive" or "Screaming"; Group asks for the
// crawler's tokens as Google mode reads them on such a line.
//
// This is a layer over the root package: [robotstxt.Robots.Group] and its
// modes stay exact to RFC 9309 (every group naming one of several names
// merged) and to Google's library; Group answers what a real crawler
// does, as its operator documents it. It allocates nothing, but for a
// crawler that ignores "*" (AdsBot-Google) in a file with a "*" group and
// no group of the crawler's tokens, where it reads the "*" group's names
// to tell whether the group names the crawler too.
func Group(r *robotstxt.Robots, agent string) *robotstxt.Group {
	return choose(r, agent, false).group
}

// Decide reports whether the crawler agent, a name or a whole User-Agent
// header, may fetch target, with the group it obeys as [Group] chooses
// it, and which rule decided. For an agent that reads as no crawler at
// all it fails closed: not allowed, and the Decision's Err says why (see
// [robotstxt.ErrInvalidAgent]).
func Decide(r *robotstxt.Robots, agent, target string) robotstxt.Decision {
	return choose(r, agent, false).group.Decide(target)
}

// An Explanation says which group of a file a crawler obeys, why, and
// what it decided for one target.
type Explanation struct {
	Decision robotstxt.Decision
	// Crawler is the crawler of the registry the agent names; the zero
	// Crawler when Known is false.
	Crawler Crawler
	Known   bool
	// Name is the crawler's name: its first token, or the name its
	// header gives (see [Name]).
	Name string
	// Token is the token whose group decided: one of Crawler.Tokens (or
	// Name for an unknown crawler), "*" for the global group, "" when
	// the crawler obeys no group.
	Token string
	// Agents are the user-agent names of the group that decided, as
	// [robotstxt.Group.Agents] gives them; nil when none did.
	Agents []string
	// Reason says it in words: "Googlebot-Image: no group names it,
	// follows Googlebot's".
	Reason string
}

// Explain is [Decide] that also says which group decided and why.
func Explain(r *robotstxt.Robots, agent, target string) Explanation {
	c := choose(r, agent, true)
	e := Explanation{Decision: c.group.Decide(target), Known: c.known, Name: c.name, Agents: c.group.Agents()}
	if c.refused {
		e.Reason = agentname.Quoted(agent) + " names no crawler: nothing is allowed"
		return e
	}
	var tokens []string
	if c.known {
		e.Crawler = theRegistry().crawlers[c.crawler].clone()
		tokens = e.Crawler.Tokens
	} else {
		tokens = []string{c.name}
	}
	switch {
	case c.token >= 0:
		e.Token = tokens[c.token]
	case c.star:
		e.Token = "*"
	}
	e.Reason = reason(c, tokens)
	return e
}

// reason words a choice.
func reason(c choice, tokens []string) string {
	name := c.name
	if name == "" {
		name = "the crawler"
	}
	if c.token == 0 {
		return name + ": a group names it"
	}
	unnamed := "no group names it"
	skipped := tokens[1:]
	if c.token > 0 {
		skipped = tokens[1:c.token]
	}
	if len(skipped) > 0 {
		unnamed = "no group names it or " + strings.Join(skipped, " or ")
	}
	switch {
	case c.token > 0:
		return name + ": " + unnamed + ", follows " + tokens[c.token] + "'s"
	case c.star:
		return name + ": " + unnamed + ", follows the * group"
	case c.ignored:
		return name + ": " + unnamed + ", and it ignores the * group: nothing is disallowed"
	}
	return name + ": " + unnamed + " and there is no * group: nothing is disallowed"
}
