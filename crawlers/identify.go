package crawlers

import (
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/agentname"
)

// Identify returns the crawler of the registry that a whole User-Agent
// header names, for every header shape the operators document: a bare
// product ("CCBot/2.0 (https://commoncrawl.org/faq/)", "Googlebot/2.1
// (+http://www.google.com/bot.html)"), a browser's header with the
// crawler in a comment ("Mozilla/5.0 (compatible; bingbot/2.0; +url)",
// "... (KHTML, like Gecko; compatible; Googlebot/2.1; +url) Chrome/W.X.Y.Z
// Safari/537.36", "... Safari/605.1.15 (Applebot/0.1; +url)") or after the
// comments ("...; compatible; GPTBot/1.2; +url"). A header that is a
// crawler's name ("Google-Extended") identifies it too.
//
// Identify reads the header's words: runs of ASCII letters, digits, '-',
// '_' and '.' that start the header or follow a space, a tab, '(', ')', ';'
// or ',', so that the words of URLs and versions ("/bot.html", "/2.1") are
// never read as names. At each word it looks up the longest run of up to
// four words joined by single spaces ("Screaming Frog SEO Spider") among
// the registry's header names, without regard to case, and the first word
// that names a crawler wins. Its work is linear in the header's length:
// each position costs at most a bounded look-up (64 bytes, four words),
// whatever the bytes. It allocates once, for the copy of the crawler's
// slices it returns.
func Identify(userAgent string) (Crawler, bool) {
	reg := theRegistry()
	i, ok := reg.identify(userAgent)
	if !ok {
		return Crawler{}, false
	}
	return reg.crawlers[i].clone(), true
}

// A filter says, by its length and first byte, whether a key may be a
// header name of the registry: most words of a header are not, and
// skipping their hashing makes Identify several times faster
// (BenchmarkIdentify).
type filter [maxNameLen + 1][4]uint64

func (f *filter) add(key string) {
	c := key[0]
	f[len(key)][c>>6] |= 1 << (c & 63)
}

func (f *filter) has(key []byte) bool {
	c := key[0]
	return f[len(key)][c>>6]&(1<<(c&63)) != 0
}

// Name returns the name a User-Agent header gives its crawler, known or
// not: the name Identify finds; else, whichever comes first in the
// header, led by any name, the word after "compatible;" ("Mozilla/5.0
// (compatible; ExampleBot/1.0; +url)" gives "ExampleBot") or a word that
// opens a comment and is followed by a version ("... Safari/537.36
// (ExampleBot/1.0; +url)"); else the header's leading name, as
// [robotstxt.ProductToken] reads it. The root package reads a comment's
// name only in a header led by "Mozilla": "Foo/1.0 (compatible;
// Bar/2.0)" is "Bar" here and "Foo" there. The result is the registry's
// name for a known crawler, else a part of userAgent, and costs no
// allocation.
func Name(userAgent string) string {
	reg := theRegistry()
	if i, ok := reg.identify(userAgent); ok {
		return reg.crawlers[i].Name()
	}
	return headerName(userAgent)
}

// headerName is Name for a crawler the registry does not know. Unlike
// the root package's reading of a caller's name, it reads a comment's
// name in any header, not only in one led by "Mozilla": it is asked for
// a crawler's name, which such a header gives in a comment when it gives
// one at all ("(Various mobile device types) (compatible;
// Mediapartners-Google/2.1; +url)").
func headerName(ua string) string {
	if name, ok := agentname.Commented(ua); ok {
		return name
	}
	return robotstxt.ProductToken(ua)
}

// validHeaderName reports whether scan can find h: words joined by single
// spaces, within the bounds of a look-up.
func validHeaderName(h string) bool {
	if h == "" || len(h) > maxNameLen {
		return false
	}
	words := 1
	for i := 0; i < len(h); i++ {
		switch {
		case h[i] == ' ' && i > 0 && i+1 < len(h) && h[i-1] != ' ':
			words++
		case !agentname.IsNameByte(h[i]):
			return false
		}
	}
	return words <= maxNameWords
}

// lower appends s to b with ASCII letters in lower case.
func lower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}
