package robotstxt

// This file implements the percent-encoding rules of RFC 9309 section 2.2.2
// and section 2.2.3, and the pattern escaping of Google's parser.
//
// Both normalisers follow the shape of net/url's escaping: count what has to
// change first, return the input unchanged when nothing does (the common
// case, which then costs no allocation), and otherwise build the result once.

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// isUnreserved reports whether c is an unreserved character of RFC 3986
// section 2.3, whose percent-encoded form is equivalent to the character.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// rfcStep says what the RFC normaliser does with the octet at s[i]:
// how many input octets it consumes and how many output octets it writes.
// out == 0 means "copy as is".
func rfcStep(s string, i int, pattern bool) (in, out int) {
	c := s[i]
	switch {
	case c == '%':
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			d := unhex(s[i+1])<<4 | unhex(s[i+2])
			if isUnreserved(d) {
				return 3, 1
			}
			if 'a' <= s[i+1] || 'a' <= s[i+2] { // lower-case hex digit
				return 3, 3
			}
			return 3, 0
		}
		return 1, 3 // a bare '%' is itself escaped
	case c == '*':
		if pattern {
			return 1, 0
		}
		return 1, 3
	case c == '$':
		if pattern && i == len(s)-1 {
			return 1, 0
		}
		return 1, 3
	case mustEscape(c):
		return 1, 3
	}
	return 1, 0
}

// appendRFC appends to dst s in the canonical form used for matching in RFC
// mode (RFC 9309 section 2.2.2): octets that may not appear bare in a URI
// path or query are percent-encoded, escapes of unreserved characters are
// decoded, and the hex digits of the remaining escapes are upper-cased.
// Reserved characters and their escapes are kept as they are, so
// "/a%2Fb" and "/a/b" stay different.
//
// On top of that, a literal '*' or '$' is written as "%2A" or "%24", on both
// sides: this is how RFC 9309 section 2.2.3 lets a pattern name these
// characters, and it leaves a bare '*' in a canonical pattern meaning "any
// octets" and a bare final '$' meaning "end of path", with nothing else
// special. In a pattern (pattern == true) '*' and a final '$' are kept bare;
// in a URL they are literal characters and get escaped.
//
// The second result is the pattern's length in octets as RFC 9309 section
// 2.2.2 counts them for "the most specific match": the normalised pattern,
// where a '$' inside a pattern counts as the one octet it is. When s is
// canonical already it appends nothing and reports changed false, so that
// the caller can use s itself.
func appendRFC(dst []byte, s string, pattern bool) (out []byte, prio int, changed bool) {
	i := firstChange(s, pattern)
	if i == len(s) {
		return dst, len(s), false
	}
	out, prio = appendRFCFrom(dst, s, i, pattern)
	return out, prio, true
}

// firstChange returns the offset of the first octet of s that the RFC
// normaliser changes, or len(s) when s is canonical.
func firstChange(s string, pattern bool) int {
	// Fast path, shaped for speed (BenchmarkParse, BenchmarkAllowed): most
	// patterns and paths are canonical already, which one table look-up per
	// octet shows.
	special := &urlSpecial
	if pattern {
		special = &patternSpecial
	}
	i := plainRun(s, 0, special)
	if i == len(s) || pattern && i == len(s)-1 && s[i] == '$' {
		return len(s)
	}
	// Find the first octet that changes: many special ones do not (an
	// escape of a reserved character, a final '$').
	for i < len(s) {
		in, out := rfcStep(s, i, pattern)
		if out != 0 {
			break
		}
		i = plainRun(s, i+in, special)
	}
	return i
}

// targetSpecial is urlSpecial with '.' marked too, for targetChange.
var targetSpecial = func() [256]uint8 {
	t := urlSpecial
	t['.'] = 1
	return t
}()

// targetChange is firstChange for the path of a target, which also reports
// whether the path holds "/." before that offset, where a dot segment may
// start (see removeDotSegments, which a target without one skips). One scan
// serves both: a canonical target, the common case, was otherwise read twice
// (the bench module's BenchmarkAllowed, 47000-rules).
func targetChange(s string) (i int, slashDot bool) {
	i = plainRun(s, 0, &targetSpecial)
	for i < len(s) {
		if s[i] == '.' {
			slashDot = slashDot || i > 0 && s[i-1] == '/'
			i = plainRun(s, i+1, &targetSpecial)
			continue
		}
		in, out := rfcStep(s, i, false)
		if out != 0 {
			return i, slashDot
		}
		i = plainRun(s, i+in, &targetSpecial)
	}
	return len(s), slashDot
}

// appendRFCFrom appends the canonical form of s to dst, as appendRFC
// does, given i = firstChange(s, pattern) < len(s).
func appendRFCFrom(dst []byte, s string, i int, pattern bool) ([]byte, int) {
	special := &urlSpecial
	if pattern {
		special = &patternSpecial
	}
	// No octet grows by more than two: escaping one writes three. A
	// buffer with room for that needs no count; one without it gets that
	// room when it is small, so that a buffer reused for pattern after
	// pattern (the parser's scratch) is not counted again each time:
	// counting octet by octet took a seventh of the instructions of an
	// RFC-mode parse of a file of '$'-inside rules
	// (BenchmarkParseDollarInside, BenchmarkTricks/blind-room).
	start := len(dst)
	b := dst
	if worst := len(s) + 2*(len(s)-i); cap(b)-len(b) < worst {
		grow := 0
		for k := i; k < len(s); k++ {
			grow += 2 * int(special[s[k]])
		}
		if need := len(s) + grow; cap(b)-len(b) < need {
			if worst <= maxBlindRoom {
				need = worst
			}
			// One allocation, in race builds too, where slices.Grow makes two.
			b = make([]byte, len(dst), len(dst)+need)
			copy(b, dst)
		}
	}
	b = append(b, s[:i]...)
	dollars := 0
	for i < len(s) {
		in, out := rfcStep(s, i, pattern)
		switch {
		case out == 0:
			b = append(b, s[i:i+in]...)
		case in == 3 && out == 1:
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
		case in == 3:
			b = append(b, '%', upperHexOf(s[i+1]), upperHexOf(s[i+2]))
		default:
			b = append(b, '%', upperHex[s[i]>>4], upperHex[s[i]&15])
			if pattern && s[i] == '$' {
				dollars++
			}
		}
		// Copy the run of octets that stay as they are in one piece.
		j := plainRun(s, i+in, special)
		b = append(b, s[i+in:j]...)
		i = j
	}
	return b, len(b) - start - 2*dollars
}

// maxBlindRoom is the most room appendRFCFrom takes for the canonical
// form of a string beyond what it counts it needs.
const maxBlindRoom = 1 << 10

func upperHexOf(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// escapeGoogle escapes a rule pattern the way Google's parser does before
// matching: octets of 0x80 and above are percent-encoded and the hex digits
// of existing escapes are upper-cased. Nothing is decoded, and other ASCII
// characters (even a space or a lone '%') are kept. Google's matcher never
// normalises the URL; this is the only normalisation Google mode does.
func escapeGoogle(s string) string {
	extra, lower := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			extra += 2
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			if 'a' <= s[i+1] || 'a' <= s[i+2] {
				lower = true
			}
			i += 2
		}
	}
	if extra == 0 && !lower {
		return s
	}
	b := make([]byte, 0, len(s)+extra)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, '%', upperHexOf(s[i+1]), upperHexOf(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
