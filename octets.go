package robotstxt

// This file classifies octets for the scans that look for the few that
// matter: those a URL or a pattern may not hold bare (RFC 3986 section
// 3.3 and 3.4), and those the RFC normaliser changes. The tokenizer and
// the normaliser both scan with them. It also says which octets are blank
// around a line's key and value, for the tokenizer and the reading of
// crawler names.

// mustEscape reports whether c may not appear bare in the path or query of
// a URI (RFC 3986 section 3.3 and 3.4): controls, space, non-ASCII octets
// and the characters RFC 3986 leaves out of every component. '%' is handled
// by the caller, since it is legal as the start of an escape.
func mustEscape(c byte) bool {
	if c <= ' ' || c >= 0x7F {
		return true
	}
	switch c {
	case '"', '<', '>', '\\', '^', '`', '{', '|', '}':
		return true
	}
	return false
}

// urlSpecial and patternSpecial mark with 1 the octets that may make
// appendRFC change a URL or a pattern: '%', '$', those that must be
// escaped, and in a URL '*'.
var urlSpecial, patternSpecial = func() (u, p [256]uint8) {
	for c := range 256 {
		if c == '%' || c == '$' || mustEscape(byte(c)) {
			p[c], u[c] = 1, 1
		}
		if c == '*' {
			u[c] = 1
		}
	}
	return u, p
}()

// plainRun returns the end of the run of octets of s from i on that
// special marks 0. It ORs the marks of eight octets a step: testing one
// at a time takes about 1.6 times as long (BenchmarkTricks/eight-octets).
func plainRun(s string, i int, special *[256]uint8) int {
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		if special[b[0]]|special[b[1]]|special[b[2]]|special[b[3]]|special[b[4]]|special[b[5]]|special[b[6]]|special[b[7]] != 0 {
			break
		}
	}
	for i < len(s) && special[s[i]] == 0 {
		i++
	}
	return i
}

// isSpace reports whether c is ASCII white space: ' ' or '\t' to '\r'.
func isSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c-'\t' <= '\r'-'\t')
}

// trimSpace returns s without blanks around it.
func trimSpace(s string) string {
	i, j := trimSpan(s, 0, len(s))
	return s[i:j]
}

// trimSpan returns the span of s[i:j] without blanks around it.
func trimSpan(s string, i, j int) (int, int) {
	// Indented lines (an HTML page's) skip eight spaces a step (BenchmarkTricks/eight-blanks).
	for i+8 <= j && s[i:i+8] == "        " {
		i += 8
	}
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return i, j
}
