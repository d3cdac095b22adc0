package robotstxt

// This file holds every difference between the two modes. RFC mode reads
// a file as RFC 9309 says; Google mode gives the answers of Google's
// open-source robots.txt library, case for case. Parsing and matching
// consult a mode's dialect wherever the two differ, and each difference
// is documented on its field, with the reason.

import (
	"strings"

	"github.com/rfc9309/robotstxt/internal/agentname"
)

// Mode selects whose reading of a robots.txt file a [Robots] follows, and
// of the crawler names its queries are given (see "Crawler names" at
// [Robots.Group]).
type Mode uint8

const (
	// RFC follows RFC 9309 to the letter. It is the zero value.
	RFC Mode = iota
	// Google gives the answers of Google's open-source robots.txt library,
	// case for case. It reads a user-agent line's name as that library
	// does (its leading ASCII letters, '_' and '-': "MJ12bot" is "MJ")
	// and takes a caller's names as given, so that "Googlebot/2.1" or a
	// whole User-Agent header finds no group; RFC mode reads both (see
	// "Crawler names" at [Robots.Group]).
	Google
)

// String returns "rfc" or "google".
func (m Mode) String() string {
	if m == Google {
		return "google"
	}
	return "rfc"
}

// googleMaxLineLen is the longest line, in bytes, that Google's parser
// keeps: eight times 2083, the longest URL of old browsers, less one.
const googleMaxLineLen = 2083*8 - 1

// A dialect is what one mode reads its own way.
type dialect struct {
	mode Mode
	// lineCut is the length past which a line is cut (0: none). Google's
	// parser drops the rest of a line longer than googleMaxLineLen bytes.
	// RFC 9309 sets no line length, so RFC mode reads each line whole.
	lineCut int
	// utf16 converts a body that starts with a UTF-16 byte-order mark to
	// UTF-8. RFC 9309 section 2.2 asks for UTF-8, but servers do send
	// UTF-16, and read as UTF-8 such a file has no usable line; RFC mode
	// reads it, Google mode (like Google's parser) does not.
	utf16 bool
	// normalize reads patterns and URL paths alike in the canonical form
	// of RFC 9309 section 2.2.2 (see appendRFC) and always allows
	// /robots.txt (section 2.2.2). Google's library only escapes the
	// non-ASCII octets of a pattern and upper-cases its escapes (see
	// escapeGoogle), takes the URL as given, and has no such exception.
	normalize bool
	// dotSegments removes the "." and ".." segments of a target's path
	// (after decoding "%2E"), as RFC 3986 section 5.2.4 resolves them,
	// before it is matched: servers that do the same serve "/./secret" and
	// "/x/../secret" as "/secret", which "Disallow: /secret" must then
	// cover. Google mode matches the path as given, dot segments and all,
	// as Google's library does: it leaves URL normalisation to the
	// crawler that calls it, and its answers are what Google mode gives.
	dotSegments bool
	// indexHTML reads "Allow: /dir/index.html" (or index.htm...) as also
	// allowing "/dir/" itself, as Google's library does by adding the rule
	// "/dir/$". RFC mode does not, because RFC 9309 gives a pattern no
	// meaning but its octets.
	indexHTML bool
	// emptyMatches lets an empty pattern match every path with priority
	// 0, as Google's library does: it never disallows anything, but its
	// line is the one Google reports when nothing longer matched. In RFC
	// mode an empty pattern matches nothing (section 2.2.2: "Disallow:"
	// with no path disallows nothing).
	emptyMatches bool
	// googleNames reads crawler names as Google's library does: a
	// user-agent line names the leading run of ASCII letters, '_' and '-'
	// of its value ("MJ12bot" is "MJ"), and a caller's names are taken as
	// given. RFC mode reads both as the leading run of letters, digits,
	// '_', '-' and '.' (see ProductToken), because RFC 9309 section 2.2.1
	// leaves names that are not product tokens unread and real files name
	// "MJ12bot" and "panscient.com" meaning those crawlers, while callers
	// pass whole User-Agent strings; and it reads a caller's browser-style
	// header as the crawler named in its comment (see callerName).
	googleNames bool
	// authorityEnds are the octets besides '#' that end a URL's
	// authority: '/' and '?' in RFC mode, as RFC 3986 section 3.2 reads
	// it. Google's library also ends it at ';' (the start of its
	// "params"), so a ';' in a password, as in
	// "http://u:a;b@example.com/private", makes the rest of the authority
	// part of the path, and a rule for "/private" would not match it.
	authorityEnds string
	// slashPaths reads a target that starts with '/' as a path, whole: a
	// scheme-less target is a path, as the request target of an HTTP
	// request is (RFC 9112 section 3.2.1), so "//admin/x", which a server
	// behind "http://h//admin/x" passes on as its request URI, is the
	// path "//admin/x", which "Disallow: //admin/" matches. Google's
	// library reads "//a/b/c" as a network-path reference, the authority
	// "a" and the path "/b/c", and Google mode answers as it does.
	slashPaths bool
	// nulEnds ends a target's path at its first NUL octet: Google's
	// library extracts the path (and params and query) of the URL it is
	// given and then matches it as a C string, so that the rules see
	// only what comes before a NUL ("/a\x00b" is matched as "/a"). RFC
	// mode reads the whole path, in which RFC 9309 section 2.2.2 has the
	// NUL percent-encoded ("%00") and matched as any other octet.
	nulEnds bool
}

var (
	rfcDialect    = dialect{mode: RFC, utf16: true, normalize: true, dotSegments: true, authorityEnds: "/?", slashPaths: true}
	googleDialect = dialect{mode: Google, lineCut: googleMaxLineLen, indexHTML: true, emptyMatches: true, googleNames: true, authorityEnds: googleAuthorityEnds, nulEnds: true}
)

// dialect returns m's dialect. A Mode that names neither reads as RFC.
func (m Mode) dialect() *dialect {
	if m == Google {
		return &googleDialect
	}
	return &rfcDialect
}

// pattern returns the pattern a rule's value compiles to, its priority
// (RFC 9309 section 2.2.2), and whether it differs from the value. RFC
// mode builds the canonical form in scratch, which it returns grown: the
// pattern is then a view of it, valid until scratch is written again. A
// plain value (see tokenizer.nextPlain) is its own pattern in both modes, and needs
// no call.
func (d *dialect) pattern(scratch []byte, value string) (pattern string, prio int, changed bool, _ []byte) {
	if !d.normalize {
		pattern = escapeGoogle(value)
		return pattern, len(pattern), pattern != value, scratch
	}
	scratch, prio, changed = appendRFC(scratch[:0], value, true)
	if !changed {
		return value, prio, false, scratch
	}
	return view(scratch), prio, true, scratch
}

// lineName returns the crawler name a user-agent line's value gives.
func (d *dialect) lineName(value string) string {
	if d.googleNames {
		return googleToken(value)
	}
	return ProductToken(value)
}

// lookupName returns the name under which agent finds its group, and
// false when it finds no group by name: "*" and, in RFC mode, a string
// that gives no name, for which only the global group applies (Google's
// library lets "" find a user-agent line that names nothing).
func (d *dialect) lookupName(agent string) (string, bool) {
	name := d.callerName(agent)
	if name == "*" || name == "" && !d.googleNames {
		return "", false
	}
	return name, true
}

// callerName returns the name under which a caller's crawler, given as
// agent, finds its group (see [Robots.Group]). RFC mode reads a name, a name
// with its version or a whole User-Agent header as its leading name, and a
// browser-style header led by "Mozilla" as the crawler it names in a comment
// ("Mozilla/5.0 (compatible; bingbot/2.0; +url)" is bingbot): no crawler
// goes by "Mozilla", and a header read as that name would fall back to the
// "*" group where the crawler's own group disallows. Google mode takes agent
// as given, as Google's library takes the names its caller passes. The name
// is a part of agent, so it costs no allocation.
func (d *dialect) callerName(agent string) string {
	if d.googleNames {
		return agent
	}
	return agentname.Caller(agent)
}

// targetPath returns the path, params and query of a target (see
// pathOf), its authority read as the mode reads it, a target that starts
// with "//" read as a path in RFC mode (see slashPaths), and cut at a NUL
// in Google mode (see nulEnds).
func (d *dialect) targetPath(target string) string {
	if d.slashPaths && len(target) >= 2 && target[1] == '/' && target[0] == '/' {
		return withoutFragment(target)
	}
	p := pathOf(target, d.authorityEnds)
	if d.nulEnds {
		if i := strings.IndexByte(p, 0); i >= 0 {
			return p[:i]
		}
	}
	return p
}

// finishPath returns a canonical path in RFC mode with its dot segments
// removed, when dots says it may hold one (see dotSegments), and whether
// it is /robots.txt, which RFC 9309 section 2.2.2 always allows.
func (d *dialect) finishPath(path string, dots bool) (string, bool) {
	if dots && d.dotSegments {
		path = removeDotSegments(path)
	}
	return path, isRobotsTxt(path)
}

// indexRule returns the pattern of the rule Google's index.html rule
// adds for an allow rule's pattern, and whether it adds one.
func (d *dialect) indexRule(pattern string) (string, bool) {
	if !d.indexHTML { // inlined: most allow rules are RFC mode's (BenchmarkParse)
		return "", false
	}
	return indexHTMLRule(pattern)
}

// indexHTMLRule is indexRule in Google mode. It is kept out of line so
// that indexRule, small, inlines.
//
//go:noinline
func indexHTMLRule(pattern string) (string, bool) {
	// Most patterns have no "/index.htm": a vectorised search says so
	// faster than the backward scan for the last '/' (BenchmarkParse,
	// Google mode), which a pattern that has one then takes.
	if !strings.Contains(pattern, "/index.htm") {
		return "", false
	}
	slash := strings.LastIndexByte(pattern, '/')
	if slash < 0 || !strings.HasPrefix(pattern[slash:], "/index.htm") {
		return "", false
	}
	return pattern[:slash+1] + "$", true
}
