package robotstxt

// This file implements the line syntax of RFC 9309 section 2.2: it splits a
// file into lines and each line into its key and value, with the leniency of
// Google's parser, and says what it found unusual about each line. It knows
// nothing of groups, rules or the wording of diagnostics: the parser acts on
// what it reads (parse.go) and the reporter words it (diagnostic.go).

import (
	"strings"
	"unicode/utf8"
)

// A lineFact is what the tokenizer read on one line. It holds no
// pointer: its key and value are spans of the tokenizer's text, so that
// writing a fact per line costs no write barrier (BenchmarkParse).
type lineFact struct {
	num   int     // 1-based
	kind  keyKind // what the key is understood as
	flags lineFlags
	key   span // the key as spelt, without blanks around it
	value span // the value, without blanks around it or a comment
}

// A span is the text src[off:end] of a tokenizer's src.
type span struct{ off, end int }

// lineFlags say what was unusual about a line.
type lineFlags uint16

const (
	// flagCut: the dialect's line cut dropped the end of the line.
	flagCut lineFlags = 1 << iota
	// flagNUL: a NUL byte ended the line's content.
	flagNUL
	// flagNotUTF8: the line is not valid UTF-8.
	flagNotUTF8
	// flagContent: the line holds something besides blanks and a comment.
	flagContent
	// flagComment: a comment follows the line's content.
	flagComment
	// flagLeadingSpace: the content starts after blanks.
	flagLeadingSpace
	// flagNotKeyValue: several words and no colon (kind keyNone).
	flagNotKeyValue
	// flagNoKey: nothing before the colon (kind keyNone).
	flagNoKey
	// flagMissingColon: two words and no colon, read as key and value.
	flagMissingColon
	// flagTypo: the key was accepted leniently: misspelt, or longer than
	// the key it starts with.
	flagTypo
)

// A tokenizer reads a file line by line. LF, CR and CRLF all end a line
// and may be mixed; the text after the last line break is a line of its
// own. Lines are numbered from 1 as Google's parser numbers them.
type tokenizer struct {
	src   string
	i     int // where the next line starts
	start int // where the last line given starts
	num   int // the number of the last line given
	done  bool
	// cut is the length a line is cut to (0: none), and maxLines the
	// number of lines read: past it, over is set and reading stops.
	cut      int
	maxLines int
	over     bool
	// markup says the file is an HTML page: a line of it that starts
	// with no letter is not split (see line).
	markup bool
	// Whole-file checks first, shaped for speed (BenchmarkParse): most
	// files have no CR, NUL or invalid UTF-8, and then no line needs
	// scanning for them.
	hasCR, hasNUL, notUTF8 bool
	// The absolute indexes of the next '\n' and '#' at or after i, once
	// known: each is searched for once per occurrence, not once per line.
	nextLF, nextHash int
}

func newTokenizer(src string, cut, maxLines int, markup bool) tokenizer {
	return tokenizer{
		src: src, cut: cut, maxLines: maxLines, markup: markup,
		hasCR:   strings.IndexByte(src, '\r') >= 0,
		hasNUL:  strings.IndexByte(src, 0) >= 0,
		notUTF8: !utf8.ValidString(src),
		nextLF:  -1, nextHash: -1,
	}
}

// next reads the next line into f and reports whether there was one.
func (t *tokenizer) next(f *lineFact) bool {
	if kind, value, ok := t.nextPlain(); ok {
		t.plainFact(f, kind, value)
		return true
	}
	return t.nextOther(f)
}

// plainFact writes into f the line nextPlain has just read.
func (t *tokenizer) plainFact(f *lineFact, kind keyKind, value span) {
	key := span{t.start, t.start + len(keyNames[kind])} // spelt so: see spelledKey
	f.num, f.kind, f.flags, f.key, f.value = t.num, kind, flagContent, key, value
}

// nextOther reads the next line into f, as next does, when nextPlain
// has just declined it: the general path, for a line of any shape.
func (t *tokenizer) nextOther(f *lineFact) bool {
	if t.done {
		return false
	}
	t.num++
	if t.num > t.maxLines {
		t.over, t.done = true, true
		return false
	}
	i := t.i
	t.start = i
	if t.nextLF < i {
		t.nextLF = indexFrom(t.src, i, '\n')
	}
	end := t.nextLF
	if t.hasCR {
		if cr := strings.IndexByte(t.src[i:end], '\r'); cr >= 0 {
			end = i + cr
		}
	}
	if t.nextHash < i {
		t.nextHash = indexFrom(t.src, i, '#')
	}
	t.line(f, i, end)
	f.num = t.num
	t.advance(end)
	return true
}

// advance moves past the line break at end, where the line just read
// ends.
func (t *tokenizer) advance(end int) {
	if end >= len(t.src) {
		t.done = true
		return
	}
	t.i = end + 1
	if t.src[end] == '\r' && t.i < len(t.src) && t.src[t.i] == '\n' {
		t.i++
	}
}

// nextPlain reads the next line when it is a rule or a user-agent line in
// its most common shape: "Disallow:", "Allow:" or "User-agent:" spelt so,
// then a value of the octets that plainRuleSpecial or plainAgentSpecial
// leaves unmarked (for a rule, those canonical in a pattern: see
// appendRFC), a rule's perhaps ending in '$', and nothing after it but
// blanks. It returns the line's key and value (next adds the key's span,
// whose spelling fixes its length), or false, having read nothing, for
// any other line. TestPlainRuleLines checks that it reads each line it
// takes as the general path does, and takes the lines it should.
//
// Shaped for speed (BenchmarkParse): the parser reads most lines of most
// files so, with the fact in registers rather than written and read
// back, and one scan of a table finds the value, its end and the line's
// end, where the general path scans the line for its end, its comment
// and its CR, and the value again to normalise it.
func (t *tokenizer) nextPlain() (kind keyKind, value span, ok bool) {
	if t.done || t.num >= t.maxLines {
		return keyNone, span{}, false
	}
	s := t.src[t.i:]
	kind, k := spelledKey(s)
	if kind == keyNone {
		return keyNone, span{}, false
	}
	k++ // the colon
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	var v int
	if kind == keyUserAgent {
		v = plainAgentEnd(s, k)
	} else {
		v = plainRun(s, k, &plainRuleSpecial)
		if v < len(s) && s[v] == '$' {
			v++ // a '$' that ends the value is canonical too; the test below ends it there
		}
	}
	j := v
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j < len(s) && s[j] != '\n' && s[j] != '\r' || t.cut > 0 && j > t.cut {
		return keyNone, span{}, false
	}
	value = span{t.i + k, t.i + v}
	t.num++
	t.start = t.i
	t.advance(t.i + j)
	return kind, value, true
}

// plainRuleSpecial marks the octets that end the value of a plain rule
// line: those that may change in normalisation, blanks and line breaks
// among them, and '#', which starts a comment.
var plainRuleSpecial = func() [256]uint8 {
	t := patternSpecial
	t['#'] = 1
	return t
}()

// plainAgentSpecial marks the octets that end the value of a plain
// user-agent line: line breaks and the other controls but the tab, '#',
// which starts a comment, and the octets outside ASCII, which the general
// path checks for invalid UTF-8. Most values hold none ("*", "Googlebot",
// "Googlebot/2.1", a browser's header).
var plainAgentSpecial = func() (t [256]uint8) {
	for c := range t {
		if c < ' ' && c != '\t' || c >= 0x7F || c == '#' {
			t[c] = 1
		}
	}
	return t
}()

// plainAgentEnd returns the end of the plain value of a user-agent line that
// starts at s[k] (see plainAgentSpecial), without the blanks after it.
func plainAgentEnd(s string, k int) int {
	if k+1 < len(s) && s[k] == '*' && (s[k+1] == '\n' || s[k+1] == '\r') {
		return k + 1 // the most common value needs no scan
	}
	v := plainRun(s, k, &plainAgentSpecial)
	for v > k && (s[v-1] == ' ' || s[v-1] == '\t') {
		v--
	}
	return v
}

// text returns the text of a span of t's src.
func (t *tokenizer) text(s span) string { return t.src[s.off:s.end] }

// line reads the line src[i:end], "key: value # comment", into f. A
// comment starts at t.nextHash when that is before end.
func (t *tokenizer) line(f *lineFact, i, end int) {
	// Field by field: storing a whole lineFact through f costs a bulk
	// copy (BenchmarkParse).
	f.kind, f.flags, f.key, f.value = keyNone, 0, span{}, span{}
	src := t.src
	if t.cut > 0 && end-i > t.cut {
		end = i + t.cut
		f.flags |= flagCut
	}
	// A NUL byte ends the line's content, as in Google's parser (which works
	// on C strings). RFC mode does the same: a NUL is no part of any valid
	// robots.txt line (RFC 9309 section 2.2 excludes control characters),
	// it comes from broken encodings or padding, and the rest of such a line
	// is noise; keeping one reading keeps both modes' verdicts the same.
	if t.hasNUL {
		if k := strings.IndexByte(src[i:end], 0); k >= 0 {
			end = i + k
			f.flags |= flagNUL
		}
	}
	if t.notUTF8 && !utf8.ValidString(src[i:end]) {
		f.flags |= flagNotUTF8
	}
	comment := false
	if t.nextHash < end {
		end, comment = t.nextHash, true
	}
	a, b := trimSpan(src, i, end)
	if a == b {
		return
	}
	f.flags |= flagContent
	if comment {
		f.flags |= flagComment
	}
	if a != i {
		f.flags |= flagLeadingSpace
	}
	// On an HTML page, a line that does not start with a letter is markup
	// or text: no key starts so (shaped for speed: BenchmarkParse on HTML
	// pages).
	if t.markup && !('a' <= src[a]|0x20 && src[a]|0x20 <= 'z') {
		return // kind keyNone: nothing to note on markup
	}
	// Lines whose keys are spelt as RFC 9309 spells them skip the general
	// split and key look-up, which would give them the same key and value.
	if kind, n := spelledKey(src[a:b]); kind != keyNone {
		va, vb := trimSpan(src, a+n+1, b)
		f.kind, f.key, f.value = kind, span{a, a + n}, span{va, vb}
		return
	}
	t.split(f, a, b)
	if f.kind == keyNone {
		return
	}
	kind, exact := classifyKey(t.text(f.key))
	f.kind = kind
	if kind != keyUnknown && !exact {
		f.flags |= flagTypo
	}
}

// split separates the key and value of the content src[a:b] of a line
// at the first ':'. Like Google's parser, it also accepts a line of
// exactly two words without a colon ("Disallow /x"); a line of more words
// without one is not a key-value pair. It leaves f.kind keyNone when
// there is no key, and keyUnknown when there is one.
func (t *tokenizer) split(f *lineFact, a, b int) {
	c := t.src[a:b]
	sep := strings.IndexByte(c, ':')
	if sep < 0 {
		sep = indexBlank(c)
		if sep < 0 || indexBlank(trimSpace(c[sep:])) >= 0 {
			f.flags |= flagNotKeyValue
			return
		}
		f.flags |= flagMissingColon
	}
	ka, kb := trimSpan(t.src, a, a+sep)
	if ka == kb {
		f.flags |= flagNoKey
		return
	}
	va, vb := trimSpan(t.src, a+sep+1, b)
	f.kind, f.key, f.value = keyUnknown, span{ka, kb}, span{va, vb}
}

// indexBlank returns the index of the first space or tab in s, or -1. Two
// IndexByte scans beat one strings.IndexAny on long lines (BenchmarkParse
// on HTML served as robots.txt), and a loop beats both on a short one,
// as most lines without a colon are ("Disallow /x").
func indexBlank(s string) int {
	if len(s) <= shortBlankScan {
		for i := 0; i < len(s); i++ {
			if s[i] == ' ' || s[i] == '\t' {
				return i
			}
		}
		return -1
	}
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return strings.IndexByte(s, '\t')
	}
	if j := strings.IndexByte(s[:i], '\t'); j >= 0 {
		return j
	}
	return i
}

// shortBlankScan is the longest string indexBlank scans a byte at a time:
// below it, a loop costs less than the setup of the IndexByte scans.
const shortBlankScan = 32
