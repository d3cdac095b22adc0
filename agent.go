package robotstxt

// This file reads crawler names: the name a user-agent line gives and the
// name a caller's crawler goes by (RFC 9309 section 2.2.1).

import (
	"unicode"
	"unicode/utf8"
)

// isGlobalAgent reports whether a user-agent value names every crawler:
// "*" alone or followed by whitespace. Google's parser reads "* FooBot" as
// the global group too, and so does RFC mode, since no crawler name can
// contain '*' or a space.
func isGlobalAgent(v string) bool {
	return len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1]))
}

// ProductToken returns the crawler name at the start of a user-agent
// value or of a User-Agent header, as RFC mode reads both: the leading
// run of letters (of any script), digits, '_', '-' and '.'. It stops at
// '/', whitespace or any other character, so "Googlebot/2.1" gives
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
func ProductToken(value string) string {
	for i := 0; i < len(value); {
		c := value[i]
		if nameOctets[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return value[:i]
		}
		r, n := utf8.DecodeRuneInString(value[i:])
		if r == utf8.RuneError && n <= 1 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return value[:i]
		}
		i += n
	}
	return value
}

// isNameByte reports whether an ASCII octet may be part of a crawler name
// in RFC mode.
func isNameByte(c byte) bool {
	return isTokenChar(c) || '0' <= c && c <= '9' || c == '.'
}

// nameOctets marks the ASCII octets isNameByte accepts: ProductToken reads
// a caller's name at every query, and a look-up per octet costs a third
// of the tests (BenchmarkSmallFirstQuery).
var nameOctets = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = isNameByte(byte(c))
	}
	return t
}()

// googleToken returns the product token Google's library reads at the
// start of a user-agent line: its leading run of ASCII letters, '-' and
// '_'.
func googleToken(value string) string {
	for i := 0; i < len(value); i++ {
		if !isTokenChar(value[i]) {
			return value[:i]
		}
	}
	return value
}

func isTokenChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}
