package robotstxt

// This file reads crawler names: the product token of a user-agent line
// and of a crawler's name (RFC 9309 section 2.2.1).

// isGlobalAgent reports whether a user-agent value names every crawler:
// "*" alone or followed by whitespace. Google's parser reads "* FooBot" as
// the global group too, and so does RFC mode, since no product token can
// contain '*' or a space.
func isGlobalAgent(v string) bool {
	return len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1]))
}

// ProductToken returns the product token at the start of a user-agent
// value: its leading run of letters, '-' and '_' (RFC 9309 section 2.2.1).
// "Googlebot/2.1" gives "Googlebot" and "FooBot2" gives "FooBot"; a value
// that starts with another character gives "".
func ProductToken(value string) string {
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

// IsValidProductToken reports whether token is a product token a crawler
// may identify itself with: one or more letters, '-' and '_' only
// (RFC 9309 section 2.2.1).
func IsValidProductToken(token string) bool {
	return token != "" && ProductToken(token) == token
}
