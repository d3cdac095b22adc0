package robotstxt

import (
	"strings"
	"unicode/utf8"
)

// lines splits src into lines and hands each to p.line. LF, CR and CRLF
// all end a line and may be mixed; the text after the last line break is
// a line of its own. Lines are numbered from 1 as Google's parser numbers
// them. It returns the number of the last line.
func (p *parser) lines(src string) int {
	// A byte-order mark, or a leading part of one, is skipped at the very
	// start only; elsewhere its bytes are content.
	i := 0
	for i < len(src) && i < len(bom) && src[i] == bom[i] {
		i++
	}
	if i > 0 {
		p.report(1, Info, CodeBOM, "a byte-order mark starts the file; it is skipped")
	}
	// Whole-file checks first, shaped for speed (BenchmarkParse): most
	// files have no CR, NUL or invalid UTF-8, and then no line needs
	// scanning for them.
	hasCR := strings.IndexByte(src, '\r') >= 0
	p.hasNUL = strings.IndexByte(src, 0) >= 0
	p.notUTF8 = !utf8.ValidString(src)
	num := 0
	// The absolute indexes of the next '\n' and '#' at or after i, once
	// known: each is searched for once per occurrence, not once per line.
	nextLF, nextHash := -1, -1
	for {
		if !p.slow && p.onDirective == nil && num < maxLine {
			if end, ok := p.plainRule(num+1, src, i); ok {
				num++
				if end >= len(src) || p.b.closed {
					return num
				}
				i = end + 1
				if src[end] == '\r' && i < len(src) && src[i] == '\n' {
					i++
				}
				continue
			}
		}
		if nextLF < i {
			nextLF = indexFrom(src, i, '\n')
		}
		end := nextLF
		if hasCR {
			if cr := strings.IndexByte(src[i:end], '\r'); cr >= 0 {
				end = i + cr
			}
		}
		if nextHash < i {
			nextHash = indexFrom(src, i, '#')
		}
		num++
		if num > maxLine {
			p.report(num, Error, CodeTooLarge,
				"the file has more than %d lines, the most one parse reads; this line and the rest are ignored", maxLine)
			return num
		}
		p.pos = i
		p.line(num, src[i:end], nextHash-i)
		if end >= len(src) || p.b.closed {
			return num
		}
		i = end + 1
		if src[end] == '\r' && i < len(src) && src[i] == '\n' {
			i++
		}
	}
}

// plainRule parses the line num that starts at src[i] when it is a rule
// in its most common shape: "Disallow:" or "Allow:" spelt so, a value of
// octets that are canonical in a pattern (see normalizeRFC), and nothing
// after it but blanks. One scan of the table finds the value, its end and
// the line's end, where the general path scans the line for its end, its
// comment and its CR, and the value again to normalise it (shaped for
// speed: BenchmarkParse). Such a line draws no note on its syntax, and
// both modes read its value as written. It reports the index of the
// line's end, or false, having done nothing, for any other line.
func (p *parser) plainRule(num int, src string, i int) (end int, ok bool) {
	s := src[i:]
	kind, k := spelledKey(s)
	if kind != keyAllow && kind != keyDisallow {
		return 0, false
	}
	k++ // the colon
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	v := plainRun(s, k, &plainRuleSpecial)
	j := v
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j < len(s) && s[j] != '\n' && s[j] != '\r' || p.opts.Mode == Google && j > googleMaxLineLen {
		return 0, false
	}
	p.pos = i
	p.content++
	p.known++
	p.rule(num, kind == keyAllow, s[k:v], true)
	return i + j, true
}

// plainRuleSpecial marks the octets that end the value of a plain rule
// line: those that may change in normalisation, blanks and line breaks
// among them, and '#', which starts a comment.
var plainRuleSpecial = func() [256]uint8 {
	t := patternSpecial
	t['#'] = 1
	return t
}()

// indexFrom returns the index of the first c in s at or after i, or
// len(s).
func indexFrom(s string, i int, c byte) int {
	if k := strings.IndexByte(s[i:], c); k >= 0 {
		return i + k
	}
	return len(s)
}

// line parses one line: "key: value # comment", with the key compared
// case-insensitively. A comment starts at s[hash] when hash < len(s).
func (p *parser) line(num int, s string, hash int) {
	if p.opts.Mode == Google && len(s) > googleMaxLineLen {
		s = s[:googleMaxLineLen]
		p.report(num, Warning, CodeLineTooLong,
			"the line is longer than %d bytes; Google's parser ignores the rest of it", googleMaxLineLen)
	}
	// A NUL byte ends the line's content, as in Google's parser (which works
	// on C strings). RFC mode does the same: a NUL is no part of any valid
	// robots.txt line (RFC 9309 section 2.2 excludes control characters),
	// it comes from broken encodings or padding, and the rest of such a line
	// is noise; keeping one reading keeps both modes' verdicts the same.
	if p.hasNUL {
		if k := strings.IndexByte(s, 0); k >= 0 {
			s = s[:k]
			p.report(num, Warning, CodeNUL, "a NUL byte ends the line; the rest of it is ignored")
		}
	}
	if p.notUTF8 && !utf8.ValidString(s) {
		p.report(num, Warning, CodeInvalidUTF8, "the line is not valid UTF-8 (RFC 9309 section 2.2); its bytes are read as they are")
	}
	comment := false
	if hash < len(s) {
		s, comment = s[:hash], true
	}
	t := trimSpace(s)
	if t == "" {
		return
	}
	p.content++
	if comment {
		p.report(num, Info, CodeEOLComment, "a comment follows the value; some old crawlers read it as part of the value")
	}
	if t[0] != s[0] {
		p.report(num, Info, CodeLeadingSpace, "the line starts with whitespace; some old crawlers ignore such lines")
	}
	s = t
	// On an HTML page, a line that does not start with a letter is markup
	// or text: no key starts so, and such a page keeps no records and no
	// notes on its lines, so the line has nothing more to give (shaped for
	// speed: BenchmarkParse on HTML pages).
	if p.html && p.onDirective == nil && !('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return
	}
	var key, value, name string
	exact := true
	// Lines whose keys are spelt as RFC 9309 spells them skip the general
	// split and key look-up, which would give them the same key and value.
	kind, n := spelledKey(s)
	if kind != keyUnknown {
		key, value = s[:n], trimSpace(s[n+1:])
	} else {
		var ok bool
		if key, value, ok = p.split(num, s); !ok {
			return
		}
		kind, name, exact = classifyKey(key)
	}
	if kind != keyUnknown {
		p.known++
	}
	if kind != keyUnknown && !exact {
		p.report(num, Warning, CodeKeyTypo, "%q is read as %q", key, name)
	}
	if p.onDirective != nil {
		p.onDirective(num, kind, key, value)
	}
	switch kind {
	case keyUserAgent:
		p.userAgent(num, value)
	case keyAllow, keyDisallow:
		p.rule(num, kind == keyAllow, value, false)
	case keySitemap:
		p.sitemap(num, value)
	default:
		p.extension(num, key, value)
	}
}

// split separates key and value at the first ':'. Like Google's parser,
// it also accepts a line of exactly two words without a colon
// ("Disallow /x"); a line of more words without one is not a key-value
// pair and is ignored.
func (p *parser) split(num int, s string) (key, value string, ok bool) {
	sep := strings.IndexByte(s, ':')
	if sep < 0 {
		sep = indexBlank(s)
		if sep < 0 || indexBlank(trimSpace(s[sep:])) >= 0 {
			p.report(num, Warning, CodeNotKeyValue, "the line is not a \"key: value\" pair; it is ignored")
			return "", "", false
		}
		if !p.html || isKnownKey(s[:sep]) { // markup such as "<div class=x>" is no key
			p.report(num, Warning, CodeMissingColon, "the colon after %q is missing; the line is read as if it had one", s[:sep])
		}
		key, value = s[:sep], s[sep+1:]
	} else {
		key, value = s[:sep], s[sep+1:]
	}
	key = trimSpace(key)
	if key == "" {
		p.report(num, Warning, CodeNotKeyValue, "the line has no key before its colon; it is ignored")
		return "", "", false
	}
	return key, trimSpace(value), true
}

// indexBlank returns the index of the first space or tab in s, or -1. Two
// IndexByte scans beat one strings.IndexAny on long lines (BenchmarkParse
// on HTML served as robots.txt).
func indexBlank(s string) int {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return strings.IndexByte(s, '\t')
	}
	if j := strings.IndexByte(s[:i], '\t'); j >= 0 {
		return j
	}
	return i
}

// isSpace reports whether c is ASCII white space: ' ' or '\t' to '\r'.
func isSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c-'\t' <= '\r'-'\t')
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	// Indented lines (an HTML page's) skip eight spaces a step.
	for i+8 <= j && s[i:i+8] == "        " {
		i += 8
	}
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}
