// Package agentname reads the name of a crawler that a caller gives: a
// name ("Googlebot"), a name with its version ("Googlebot/2.1") or a
// whole User-Agent header, which may be a browser's header that names the
// crawler in a comment ("Mozilla/5.0 (compatible; Googlebot/2.1;
// +http://www.google.com/bot.html)"). The root package's RFC mode and
// package metarobots read a caller's name with [Caller], so that both
// read a header alike. Package crawlers reads a header's words by
// [IsNameByte] and [IsDelim], and the name an unknown crawler's header
// gives by [Commented], in a header led by any name, not only "Mozilla".
// The root package, package crawlers and robotshttp's Transport tell a
// name that reads as no crawler at all by [NoCrawler], and the root
// package and package crawlers read a name as Google's library reads a
// user-agent line by [Google]. Nothing here allocates.
package agentname

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Leading returns the crawler name at the start of s: the leading run of
// letters (of any script), digits, '_', '-' and '.'. It stops at '/',
// whitespace or any other character, so "Googlebot/2.1" gives
// "Googlebot" and "MJ12bot/1.4" gives "MJ12bot"; an s that starts with
// another character gives "". The result is a prefix of s.
func Leading(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !IsNameByte(c) {
				return s[:i]
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return s[:i]
		}
		i += n
	}
	return s
}

// IsNameByte reports whether an ASCII octet may be part of a crawler
// name.
func IsNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.'
}

// Caller returns the name under which a caller's crawler, given as agent,
// finds its group or its tags: agent's leading name (see [Leading]),
// except in a header led by "Mozilla" (in any case), a browser's header
// that no crawler sends as its own name, where it is the name the header
// gives in a comment (see [Commented]) if it gives one. So
// "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
// gives "bingbot", while "Mozilla/5.0 (X11; Linux x86_64) ... Firefox/133.0"
// gives "Mozilla" and "ExampleBot/1.0 (compatible; Googlebot/2.1)", whose
// crawler names itself first, gives "ExampleBot". The result is a part of
// agent.
func Caller(agent string) string {
	lead := Leading(agent)
	if !equalFold(lead, "mozilla") {
		return lead
	}
	if name, ok := Commented(agent[len(lead):]); ok {
		return name
	}
	return lead
}

// NoCrawler reports whether agent, a caller's crawler name, reads as no
// crawler at all, which only a mistake of the caller gives: a path
// ("/admin/x": a URL and a crawler's name passed in each other's place),
// a URL ("https://example.com/x": a name followed by "://"), or a string
// that names no crawler however it is read, neither as Caller reads it
// nor in a comment as Commented reads one (" Googlebot", "(compatible)",
// "Mozilla/5.0 (compatible; +https://example.com/bot)"). "" and "*" are
// not such names: they ask for the crawler that no group names, as RFC
// 9309 section 2.2.1's "*" group and Google's library read them. A name
// followed by its version, and a whole User-Agent header that may hold a
// URL later ("ExampleBot/1.0 (+https://example.com/bot)") or name its
// crawler only in a comment ("(Various mobile device types)
// (compatible; Mediapartners-Google/2.1; +url)"), name a crawler. It
// allocates nothing, and reads a header no further than Caller and
// Commented do.
func NoCrawler(agent string) bool {
	if agent == "" || agent == "*" {
		return false
	}
	if c := agent[0] | 0x20; 'a' <= c && c <= 'z' && c != 'm' {
		// A name that starts with an ASCII letter, and so is not
		// empty, nor "Mozilla": a crawler's, unless it is a URL. Most
		// names take this way, which reads no more of them than a
		// search for ':' does (BenchmarkSmallFirstQuery).
		return IsURL(agent)
	}
	lead := Leading(agent)
	rest := agent[len(lead):]
	switch {
	case agent[0] == '/':
		return true
	case lead == "":
		name, _ := Commented(agent)
		return name == ""
	case schemeOf(lead, rest):
		return true
	case equalFold(lead, "mozilla"):
		name, ok := Commented(rest)
		return ok && name == ""
	}
	return false
}

// IsURL reports whether agent, a caller's crawler name, is a URL: its
// leading name (see Leading) followed by "://". A name that finds a
// group reads as no crawler (see NoCrawler) only when it is a URL whose
// scheme a group names, which this tells at the cost of reading the
// name alone.
func IsURL(agent string) bool {
	// Most names hold no ':' at all, which a vectorised search tells
	// before any octet is read as part of a name (BenchmarkRobotsAllowedByName).
	colon := strings.IndexByte(agent, ':')
	if colon <= 0 {
		return false
	}
	lead := Leading(agent[:colon])
	return len(lead) == colon && schemeOf(lead, agent[colon:])
}

// schemeOf reports whether lead, a leading name, followed by rest is the
// scheme of a URL.
func schemeOf(lead, rest string) bool {
	return lead != "" && len(rest) >= 3 && rest[:3] == "://"
}

// Google returns the crawler name Google's robots.txt library reads at
// the start of a user-agent line: its leading run of ASCII letters, '-'
// and '_' ("MJ12bot" is "MJ", "Screaming Frog SEO Spider" is
// "Screaming"). The result is a prefix of value.
func Google(value string) string {
	for i := 0; i < len(value); i++ {
		if !isGoogleByte(value[i]) {
			return value[:i]
		}
	}
	return value
}

// isGoogleByte reports whether Google's library reads c as part of a
// crawler name.
func isGoogleByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// Commented returns the name a User-Agent header gives its crawler in the
// shapes the operators of crawlers that send a browser's header document,
// whichever comes first in ua:
//
//   - the name after "compatible;" (or "compatible,"), inside a comment
//     or after the comments: "Mozilla/5.0 (compatible; YandexBot/3.0;
//     +http://yandex.com/bots)", "Mozilla/5.0 AppleWebKit/537.36 (KHTML,
//     like Gecko; compatible; Googlebot/2.1; +url) Chrome/W.X.Y.Z
//     Safari/537.36";
//   - a name that opens a comment and is followed by a version, as Apple's
//     "... Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)".
//
// Words start at the header's start or after a space, a tab, '(', ')', ';'
// or ',', so that the words of URLs and versions are never read. ok is
// false when ua has neither shape; name is "" when "compatible;" is
// followed by no name. Its work is linear in ua's length: it reads a word
// only where it starts, and only a word that opens a comment or starts
// with 'c'. The result is a part of ua.
func Commented(ua string) (name string, ok bool) {
	for i := 0; i < len(ua); i++ {
		if i > 0 && !IsDelim(ua[i-1]) {
			continue // inside a word, a URL or a version
		}
		// Only a word after '(' or one that may be "compatible" can
		// matter: the others are passed over unread, one octet at a time
		// (BenchmarkCaller).
		open := i > 0 && ua[i-1] == '('
		if c := ua[i] | 0x20; !open && c != 'c' {
			continue
		}
		word := Leading(ua[i:])
		end := i + len(word)
		switch {
		case word == "":
		case equalFold(word, "compatible"):
			k := skipBlanks(ua, end)
			if k < len(ua) && (ua[k] == ';' || ua[k] == ',') {
				return Leading(ua[skipBlanks(ua, k+1):]), true
			}
		case open && end < len(ua) && ua[end] == '/':
			return word, true
		}
	}
	return "", false
}

// skipBlanks returns the index of the first octet of s at or after i that
// is not a space or a tab.
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// IsDelim reports whether a word may start after c. A table, read once
// per octet of a header, is faster than comparisons (BenchmarkCaller).
func IsDelim(c byte) bool {
	return delims[c]
}

// delims are the octets after which a word may start.
var delims = [256]bool{' ': true, '\t': true, '(': true, ')': true, ';': true, ',': true}

// equalFold reports whether s is lower, an ASCII word in lower case,
// without regard to the case of s's ASCII letters.
func equalFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// maxQuoted bounds how much of a name that names no crawler a message
// quotes: a caller may have passed a long URL.
const maxQuoted = 64

// Quoted returns agent quoted for a message that says it names no
// crawler. A name passed where a URL belongs may be a URL with a
// password in it, so everything between the first ':' and the last '@'
// gives way to "…": a password follows a ':' in every shape, those that
// defeat a URL parser included ("http://user:pa/ss@host",
// "http:\\user:pass@host"). The rest is cut to its first 64 bytes.
func Quoted(agent string) string {
	if at := strings.LastIndexByte(agent, '@'); at >= 0 {
		if colon := strings.IndexByte(agent, ':'); colon >= 0 && colon < at {
			agent = agent[:colon+1] + "…" + agent[at:]
		}
	}
	if len(agent) > maxQuoted {
		agent = agent[:maxQuoted] + "..."
	}
	return strconv.Quote(agent)
}
