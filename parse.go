package robotstxt

// This file implements the line syntax of RFC 9309 section 2.1 and
// section 2.2: lines, comments, keys and values, and the parsing limit of
// section 2.5. Parsing never fails on content (section 2.3.1.5 asks
// crawlers to use what they can parse); every problem becomes a
// Diagnostic.

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// DefaultMaxBytes is the number of bytes of a robots.txt file that is read
// when Options.MaxBytes is 0: 500 KiB, the minimum RFC 9309 section 2.5
// asks a crawler to parse.
const DefaultMaxBytes = 500 << 10

// maxPatternText bounds the total length of a file's canonical patterns,
// which compiled rules address with 32-bit offsets. Only a file parsed
// without a size limit can reach it. It is a variable so that tests can
// lower it.
var maxPatternText = min(math.MaxUint32, math.MaxInt)

// googleMaxLineLen is the longest line, in bytes, that Google's parser
// keeps; it drops the rest of a longer line.
const googleMaxLineLen = 2083*8 - 1

// Limit returns how many bytes of a file o parses: MaxBytes, or
// DefaultMaxBytes when that is 0, or -1 for no limit.
func (o Options) Limit() int {
	switch {
	case o.MaxBytes == 0:
		return DefaultMaxBytes
	case o.MaxBytes < 0:
		return -1
	}
	return o.MaxBytes
}

// Parse parses a robots.txt body with o's mode and limit. It never fails:
// what cannot be understood is reported by [Robots.Diagnostics].
func (o Options) Parse(data []byte) *Robots {
	keep, cut := o.cut(len(data), func(i int) byte { return data[i] })
	lost := -1
	if cut {
		lost = countRules(data[keep:])
	}
	return o.parse(view(data[:keep]), cut, lost)
}

// view returns the bytes of b as a string without copying them, for the
// span of one parse. It is safe because the parser keeps no part of its
// input: every string a Robots holds is copied out of it (patterns into
// the arena, records' text into one string, the rest with strings.Clone
// or fmt), which TestParseKeepsNoViewOfItsInput checks by overwriting the
// input. Copying the whole input instead cost a fifth of the parse time of
// large files (BenchmarkParse). The parser also views its own buffers for
// look-ups that end with the parse.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// ParseReader reads and parses a robots.txt body from r. It reads at most
// one byte more than the limit (to learn whether there is more), so a huge
// or endless body costs no more memory than the limit. The only errors are
// those of r.
func (o Options) ParseReader(r io.Reader) (*Robots, error) {
	var sb strings.Builder
	src := r
	if l := o.Limit(); l >= 0 {
		src = io.LimitReader(r, int64(l)+1)
	}
	if _, err := io.Copy(&sb, src); err != nil {
		return nil, fmt.Errorf("robotstxt: reading: %w", err)
	}
	s := sb.String()
	keep, cut := o.cut(len(s), func(i int) byte { return s[i] })
	return o.parse(s[:keep], cut, -1), nil
}

// cut returns how many of n bytes to parse and whether the rest is cut off
// by the size limit. The limit falls back to the end of the last whole
// line before it: half a line could turn "Disallow: /private" into
// "Disallow: /p" and block far more than the site asked.
func (o Options) cut(n int, at func(int) byte) (keep int, cut bool) {
	l := o.Limit()
	if l < 0 || n <= l {
		return n, false
	}
	if c := at(l); c == '\n' || c == '\r' {
		return l, true
	}
	for i := l - 1; i >= 0; i-- {
		if c := at(i); c == '\n' || c == '\r' {
			return i + 1, true
		}
	}
	return 0, true
}

// Parse parses a robots.txt body in RFC mode with the default limit.
func Parse(data []byte) *Robots { return Options{}.Parse(data) }

// ParseReader reads and parses a robots.txt body in RFC mode with the
// default limit. The only errors are those of r.
func ParseReader(r io.Reader) (*Robots, error) { return Options{}.ParseReader(r) }

type parser struct {
	opts     Options
	b        builder
	notes    noteWriter
	file     fileRecords
	lastLine int
	// slow turns plainRule off, so that tests can compare the two paths.
	slow bool
	// scratch holds the canonical form of the current rule's pattern.
	scratch []byte
	// src is the text being parsed and pos the offset of the current line.
	src string
	pos int
	// fileText collects the text of the file's records (see fileRecords).
	fileText []byte
	// sitemapSet holds the sitemaps listed so far once there are more
	// than a few, so that finding a repeated one stays a look-up.
	sitemapSet map[string]struct{}
	// hasNUL and notUTF8 say whether any line needs those checks.
	hasNUL, notUTF8 bool
	// html says the file is an HTML page, whose lines would each draw a
	// note that says nothing the file-level one does not.
	html bool
	// content counts lines with something besides comments; known counts
	// those with a key this parser knows.
	content, known int
	// onDirective, when set, sees every key-value line as Google's parser
	// hands it to its callbacks; the tests use it to compare line numbers
	// and values with Google's reports.
	onDirective func(line int, kind keyKind, key, value string)
}

// parse parses src; truncated says the size limit cut the file there, and
// lost how many rules the cut-off part held (-1: not known, as when that
// part was never read).
func (o Options) parse(src string, truncated bool, lost int) *Robots {
	p := parser{opts: o, b: builder{mode: o.Mode}}
	if len(src) > maxPooled/2 {
		// A file this large would outgrow the pooled buffers: it grows
		// its own, and keeps them instead of copies.
		p.b.donate = true
		return p.run(src, truncated, lost)
	}
	bufs := buffers.Get().(*parseBuffers)
	bufs.lend(&p)
	r := p.run(src, truncated, lost)
	bufs.reclaim(&p)
	return r
}

// parseBuffers are the lists a parse grows line by line. A parse borrows
// them from a pool and gives them back, and what the parsed file keeps is
// copied out of them at its length (see keep): a parse then allocates
// little beyond what the file keeps, and the garbage collector runs that
// much less often in a crawler that parses file after file
// (BenchmarkParse). The pattern arena is not among them: it is most of
// what a file keeps, and a copy of it would cost more than it saves.
type parseBuffers struct {
	writtenText, tokText, fileText, args, scratch []byte
	rules                                         []rule
	starts                                        []uint32
	toks                                          []token
	written                                       []writtenForm
	notes                                         []note
	sitemaps                                      []textSpan
	records                                       []recordSpan
	cleanParams                                   []lineSpan
}

var buffers = sync.Pool{New: func() any { return new(parseBuffers) }}

// buffers returns the buffers p has grown.
func (p *parser) buffers() parseBuffers {
	return parseBuffers{
		p.b.writtenText, p.b.tokText, p.fileText, p.notes.args, p.scratch,
		p.b.rules, p.b.starts, p.b.toks, p.b.written, p.notes.list,
		p.file.sitemaps, p.file.records, p.file.cleanParams,
	}
}

// size returns the bytes b's buffers take.
func (b *parseBuffers) size() int {
	return bytesOf(b.writtenText) + bytesOf(b.tokText) + bytesOf(b.fileText) +
		bytesOf(b.args) + bytesOf(b.scratch) + bytesOf(b.rules) + bytesOf(b.starts) + bytesOf(b.toks) +
		bytesOf(b.written) + bytesOf(b.notes) + bytesOf(b.sitemaps) + bytesOf(b.records) + bytesOf(b.cleanParams)
}

func bytesOf[S ~[]E, E any](s S) int {
	var e E
	return cap(s) * int(unsafe.Sizeof(e))
}

// maxPooled bounds the bytes of the buffers the pool keeps: a file parsed
// without a size limit may have grown them far past what most files need.
const maxPooled = 4 * DefaultMaxBytes

// poisonBuffers makes reclaim overwrite the buffers it takes back, so
// that tests catch a parsed file that still shares one.
var poisonBuffers = false

func (b *parseBuffers) lend(p *parser) {
	p.b.writtenText, p.b.tokText = b.writtenText[:0], b.tokText[:0]
	p.fileText, p.notes.args, p.scratch = b.fileText[:0], b.args[:0], b.scratch[:0]
	p.b.rules, p.b.starts, p.b.toks, p.b.written = b.rules[:0], b.starts[:0], b.toks[:0], b.written[:0]
	p.notes.list = b.notes[:0]
	p.file.sitemaps, p.file.records, p.file.cleanParams = b.sitemaps[:0], b.records[:0], b.cleanParams[:0]
}

// reclaim takes back the buffers p grew and returns them to the pool, or
// reports false, leaving them to the garbage collector, when they are
// larger than maxPooled.
func (b *parseBuffers) reclaim(p *parser) bool {
	*b = p.buffers()
	if b.size() > maxPooled {
		return false
	}
	if poisonBuffers {
		for _, s := range [][]byte{b.writtenText, b.tokText, b.fileText, b.args, b.scratch} {
			clear(s[:cap(s)])
		}
		clear(b.rules[:cap(b.rules)])
		clear(b.starts[:cap(b.starts)])
		clear(b.toks[:cap(b.toks)])
		clear(b.written[:cap(b.written)])
		clear(b.notes[:cap(b.notes)])
		clear(b.sitemaps[:cap(b.sitemaps)])
		clear(b.records[:cap(b.records)])
		clear(b.cleanParams[:cap(b.cleanParams)])
	}
	buffers.Put(b)
	return true
}

func (p *parser) run(src string, truncated bool, lost int) *Robots {
	o := p.opts
	if o.Mode == RFC {
		if u, ok := decodeUTF16(src); ok {
			src = u
			p.report(1, Warning, CodeUTF16, "the file is UTF-16, not UTF-8 (RFC 9309 section 2.2); it was converted")
		}
	}
	p.src = src
	p.html = looksLikeHTML(src)
	last := p.lines(src)
	p.lastLine = last
	p.fileChecks(src)
	if truncated {
		n := "its rules were not read"
		if lost >= 0 {
			n = fmt.Sprintf("%d allow and disallow rules are lost", lost)
		}
		p.report(last, Error, CodeTruncated,
			"the file is larger than the %d-byte limit; everything from byte %d on is ignored (RFC 9309 section 2.5): %s",
			o.Limit(), len(src), n)
	}
	r := new(Robots)
	if len(p.file.sitemaps) > 0 || p.file.host != "" || len(p.file.cleanParams) > 0 || p.file.signals != nil || len(p.file.records) > 0 {
		f := p.file
		f.text = string(p.fileText)
		f.sitemaps, f.cleanParams, f.records = keep(f.sitemaps), keep(f.cleanParams), keep(f.records)
		r.file = &f
	}
	for _, line := range p.b.finish(r) {
		p.report(line, Warning, CodeConflict,
			"this value disagrees with another for the same crawler; the most restrictive one applies")
	}
	p.notes.sort()
	r.notes = notes{list: keep(p.notes.list), args: keep(p.notes.args), full: p.notes.full}
	return r
}

var bom = "\xEF\xBB\xBF"

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

// spelledKey reports which key s starts with, followed by a colon, when
// it is spelt as RFC 9309 spells it ("Disallow", "Allow", "User-agent"):
// most lines are, and they need no general look-up (shaped for speed:
// BenchmarkParse). It returns the key's length, or keyUnknown.
func spelledKey(s string) (keyKind, int) {
	// Comparing with constants of known length compiles to a few word
	// loads, where strings.HasPrefix calls a general comparison.
	switch {
	case len(s) >= 9 && s[:9] == "Disallow:":
		return keyDisallow, len("Disallow")
	case len(s) >= 6 && s[:6] == "Allow:":
		return keyAllow, len("Allow")
	case len(s) >= 11 && s[:11] == "User-agent:":
		return keyUserAgent, len("User-agent")
	}
	return keyUnknown, 0
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

func (p *parser) userAgent(num int, value string) {
	tok := "*"
	if !isGlobalAgent(value) {
		tok = ProductToken(value)
	}
	added := p.b.userAgent(tok)
	switch {
	case tok == "*":
	case strings.Contains(value, "*"):
		p.report(num, Warning, CodeAgentWildcard,
			"user-agent %q has a '*' inside; '*' is the global group only alone, and tokens are matched exactly (RFC 9309 section 2.2.1)", value)
	case tok != value && added && tok != "":
		// The value starts with the token just kept: the note keeps the
		// rest of it only.
		ref := tokenRef{tok: uint32(len(p.b.toks) - 1), n: len(tok), value: value}
		p.report(num, Warning, CodeAgentToken, agentTokenFormat, ref, tok)
	case tok != value:
		p.report(num, Warning, CodeAgentToken, agentTokenFormat, value, tok)
	}
	if !added {
		p.report(num, Error, CodeTooLarge,
			"the file's user-agent tokens exceed %d bytes, the most one parsed file holds; this line and the rest of the file are ignored", maxPatternText)
	}
}

const agentTokenFormat = "user-agent %q is read as the product token %q (RFC 9309 section 2.2.1)"

// rule compiles an allow or disallow line. A plain value (see plainRule)
// is its own pattern in both modes.
func (p *parser) rule(num int, allow bool, value string, plain bool) {
	pattern, prio := value, len(value)
	// changed says the pattern differs from the value as written, which
	// then is kept apart for diagnostics and for writing the file out.
	var changed bool
	switch {
	case plain:
	case p.opts.Mode == Google:
		pattern = escapeGoogle(value)
		prio = len(pattern)
		changed = pattern != value
	default:
		// The canonical form is built in a buffer the parser reuses: addRule
		// copies it to the arena, and nothing else keeps it.
		p.scratch, prio, changed = appendRFC(p.scratch[:0], value, true)
		if changed {
			pattern = view(p.scratch)
		}
	}
	// A note on the pattern itself is recorded once the rule is kept, so
	// that it can refer to the rule's text instead of copying it.
	var format, code string
	switch {
	// RFC normalisation escapes blanks, so an unchanged pattern has none.
	case (p.opts.Mode == Google || changed) && (strings.IndexByte(value, ' ') >= 0 || strings.IndexByte(value, '\t') >= 0):
		code, format = CodeSeveralPaths, "the value %q holds several words; it is one pattern, with the spaces in it, not several paths"
	case value != "" && value[0] != '/' && value[0] != '*':
		code, format = CodeNoSlash, "the pattern %q does not start with '/' or '*', so it never matches (RFC 9309 section 2.2.2)"
	}
	if p.b.arena.Cap() == 0 { // the first rule: reserve has not grown the arena yet
		p.reserve()
	}
	// A rule whose priority is not its length keeps it after its pattern.
	need := len(pattern)
	if prio != len(pattern) {
		need += 4
	}
	if p.b.arena.Len()+need > maxPatternText || len(p.b.writtenText)+len(value) > maxPatternText {
		if code != "" {
			p.report(num, Warning, code, format, value)
		}
		p.report(num, Error, CodeTooLarge,
			"the file's patterns exceed %d bytes, the most one parsed file holds; this rule and the rest are ignored", maxPatternText)
		return
	}
	// The written form is the canonical pattern in the arena, or else the
	// next written form that addRule keeps.
	ref := textRef{off: uint32(p.b.arena.Len()), n: uint32(len(value))}
	written := ""
	if changed {
		written = value
		ref = textRef{written: true, off: uint32(len(p.b.writtenText)), n: uint32(len(value))}
	}
	if !p.b.addRule(pattern, written, uint32(prio), int32(num), allow, false) {
		if code != "" {
			p.report(num, Warning, code, format, value)
		}
		p.report(num, Error, CodeRuleOutsideGroup,
			"this rule comes before any user-agent line, so it applies to no crawler (RFC 9309 section 2.1)")
		return
	}
	if code != "" {
		p.report(num, Warning, code, format, ref)
	}
	if p.opts.Mode == Google && allow {
		// Google's library reads "Allow: /dir/index.html" (or index.htm...)
		// as also allowing "/dir/" itself: it adds the rule "/dir/$". RFC mode
		// does not, because RFC 9309 gives a pattern no meaning but its octets.
		if slash := strings.LastIndexByte(pattern, '/'); slash >= 0 && strings.HasPrefix(pattern[slash:], "/index.htm") {
			d := pattern[:slash+1] + "$"
			p.b.addRule(d, value, uint32(len(d)), int32(num), true, true)
		}
	}
}

type keyKind uint8

const (
	keyUnknown keyKind = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
)

// keySpellings lists, for each key, the spellings Google's parser accepts
// as a prefix of the key, compared case-insensitively: "Disallowed" and
// "User-agents" are read as the keys they start with, and so are a few
// frequent misspellings. The first spelling of each is the key's name.
var keySpellings = []struct {
	kind      keyKind
	spellings []string
}{
	{keyUserAgent, []string{"user-agent", "useragent", "user agent"}},
	{keyAllow, []string{"allow"}},
	{keyDisallow, []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{keySitemap, []string{"sitemap", "site-map"}},
}

// classifyKey returns the kind of key, its proper name, and whether the
// key is exactly that name; one that is not was accepted leniently.
func classifyKey(key string) (kind keyKind, name string, exact bool) {
	if key == "" {
		return keyUnknown, "", false
	}
	// All spellings of a key start with the same letter, and no two keys
	// share one: the first byte picks the one list to try (shaped for
	// speed: BenchmarkParse).
	first := key[0] | 0x20
	for i := range keySpellings {
		ks := &keySpellings[i]
		if ks.spellings[0][0] != first {
			continue
		}
		name := ks.spellings[0]
		for _, s := range ks.spellings {
			if len(key) >= len(s) && foldEqual(key[:len(s)], s) {
				return ks.kind, name, len(key) == len(name) && (s == name || foldEqual(key, name))
			}
		}
		break
	}
	return keyUnknown, "", false
}

// foldEqual reports whether a equals lower, a lower-case spelling made of
// letters, '-', '_' and ' ', ignoring the case of a's letters. It is
// strings.EqualFold cut down to what keys need, for the parse loop
// (BenchmarkParse): a|0x20 maps 'A'-'Z' to 'a'-'z' and leaves '-' and ' '
// alone; the only other octets it could confuse with them, CR and NUL,
// never reach a key.
func foldEqual(a, lower string) bool {
	if len(a) != len(lower) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i]|0x20 != lower[i] && a[i] != lower[i] {
			return false
		}
	}
	return true
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

// reserve makes room for the rules and the pattern arena at the first
// rule, from the rest of the file: it has at most one rule per line, and a
// pattern rarely outgrows its line less its key, colon and line break (at
// least seven octets; escaping can lengthen a pattern, and the arena then
// grows). Rules from the pool usually have the room already; a parse
// with an empty pool grows them once, not line by line.
func (p *parser) reserve() {
	rest := p.src[p.pos:]
	lines := strings.Count(rest, "\n")
	if lines == 0 {
		lines = strings.Count(rest, "\r")
	}
	p.b.rules = slices.Grow(p.b.rules, lines+1) // a no-op when the pooled room suffices
	p.b.arena.Grow(max(len(rest)-7*lines, 64))
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

func (p *parser) report(line int, sev Severity, code, format string, args ...any) {
	if p.html && (sev == Info || code == CodeNotKeyValue) && code != CodeNotRobotsTxt {
		return
	}
	p.notes.add(line, sev, code, format, args...)
}

// decodeUTF16 converts a body that starts with a UTF-16 byte-order mark to
// UTF-8. RFC 9309 section 2.2 asks for UTF-8, but servers do send UTF-16,
// and read as UTF-8 such a file has no usable line; RFC mode reads it,
// Google mode (like Google's parser) does not.
func decodeUTF16(s string) (string, bool) {
	if len(s) < 2 {
		return "", false
	}
	var order func(a, b byte) uint16
	switch {
	case s[0] == 0xFE && s[1] == 0xFF:
		order = func(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }
	case s[0] == 0xFF && s[1] == 0xFE:
		order = func(a, b byte) uint16 { return uint16(b)<<8 | uint16(a) }
	default:
		return "", false
	}
	units := make([]uint16, 0, len(s)/2-1)
	for i := 2; i+1 < len(s); i += 2 {
		units = append(units, order(s[i], s[i+1]))
	}
	b := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		b = utf8.AppendRune(b, r)
	}
	return string(b), true
}

// sitemap records a Sitemap line: an absolute http(s) URL, wherever it
// stands; repeats are dropped.
func (p *parser) sitemap(num int, value string) {
	if !isAbsoluteHTTP(value) {
		p.report(num, Warning, CodeBadValue, "sitemap %q is not an absolute http or https URL; it is ignored", value)
		return
	}
	if p.listedSitemap(value) {
		p.report(num, Info, CodeDuplicate, "sitemap %q is listed again", value)
		return
	}
	off, ok := p.keepText(num, value)
	if !ok {
		return
	}
	p.file.sitemaps = append(p.file.sitemaps, textSpan{off, off + uint32(len(value))})
	if p.sitemapSet != nil {
		p.sitemapSet[view(p.fileText[off:])] = struct{}{}
	}
}

// listedSitemap reports whether a sitemap was listed before. A file's
// first few are compared one by one, which needs no map; past those, a
// set keeps the parse linear in the number of sitemaps
// (BenchmarkManyLines).
func (p *parser) listedSitemap(value string) bool {
	const few = 64
	text := view(p.fileText)
	if p.sitemapSet == nil {
		if len(p.file.sitemaps) < few {
			for _, s := range p.file.sitemaps {
				if text[s.off:s.end] == value {
					return true
				}
			}
			return false
		}
		p.sitemapSet = make(map[string]struct{}, 2*len(p.file.sitemaps))
		for _, s := range p.file.sitemaps {
			p.sitemapSet[text[s.off:s.end]] = struct{}{}
		}
	}
	_, ok := p.sitemapSet[value]
	return ok
}

// keepText appends the strings to the text of the file's records and
// returns where they start. Like patterns, that text is bounded by
// maxPatternText bytes, since records address it with 32-bit offsets:
// past the bound the line is reported and left out.
func (p *parser) keepText(num int, s ...string) (off uint32, ok bool) {
	n := 0
	for _, x := range s {
		n += len(x)
	}
	if len(p.fileText)+n > maxPatternText {
		p.report(num, Error, CodeTooLarge,
			"the text of the file's records exceeds %d bytes, the most one parsed file holds; this line is ignored", maxPatternText)
		return 0, false
	}
	off = uint32(len(p.fileText))
	for _, x := range s {
		p.fileText = append(p.fileText, x...)
	}
	return off, true
}

// extension reads a line whose key is none of the rules': an extension
// record, or an unknown key kept as a Record. Extensions never end a group
// and never change a verdict (RFC 9309 section 2.2.4).
func (p *parser) extension(num int, key, value string) {
	kind, name, exact := classifyExt(key)
	if kind == extNone {
		if !p.html {
			if off, ok := p.keepText(num, key, value); ok {
				mid := off + uint32(len(key))
				p.file.records = append(p.file.records, recordSpan{int32(num), off, mid, mid + uint32(len(value))})
			}
			p.report(num, Info, CodeUnknownKey, "unknown key %q is ignored", key)
		}
		return
	}
	if !exact {
		p.report(num, Warning, CodeKeyTypo, "%q is read as %q", key, name)
	}
	bad := func(err error) {
		p.report(num, Warning, CodeBadValue, "%s value %q is ignored: %s", name, value, err.Error())
	}
	var e groupExt
	switch kind {
	case extCrawlDelay:
		d, err := parseCrawlDelay(value)
		if err != nil {
			bad(err)
			return
		}
		e.crawlDelay, e.crawlDelayLine = d, num
	case extRequestRate:
		r, err := parseRequestRate(value)
		if err != nil {
			bad(err)
			return
		}
		e.rate, e.rateLine = r, num
	case extVisitTime:
		w, err := parseWindow(value)
		if err != nil {
			bad(err)
			return
		}
		e.visit, e.visitLine = w, num
	case extContentSignal:
		m, err := parseContentSignal(value)
		if err != nil {
			bad(err)
			return
		}
		if len(p.b.starts) == 0 {
			g := groupExt{signals: p.file.signals}
			g.merge(&groupExt{signals: m, signalsLine: num})
			p.file.signals = g.signals
			return
		}
		e.signals, e.signalsLine = m, num
	case extHost:
		h, err := parseHost(value)
		if err != nil {
			bad(err)
			return
		}
		if p.file.host != "" {
			p.report(num, Info, CodeDuplicate, "a Host record came earlier; only the first applies")
			return
		}
		p.file.host = strings.Clone(h)
		return
	case extCleanParam:
		if _, err := parseCleanParam(value); err != nil {
			bad(err)
			return
		}
		if off, ok := p.keepText(num, value); ok {
			p.file.cleanParams = append(p.file.cleanParams, lineSpan{int32(num), off, off + uint32(len(value))})
		}
		return
	}
	if len(p.b.starts) == 0 {
		p.report(num, Warning, CodeOutsideGroup, "%s comes before any user-agent line, so it applies to no crawler", name)
		return
	}
	for _, line := range p.b.ext().merge(&e) {
		p.report(line, Warning, CodeConflict, "%s is given again for the same group; the most restrictive value applies", name)
	}
}

// fileChecks reports what is wrong with the file as a whole.
func (p *parser) fileChecks(src string) {
	switch {
	case trimSpace(strings.TrimPrefix(src, bom)) == "":
		p.report(1, Info, CodeEmptyFile, "the file is empty: everything is allowed")
	case p.html:
		p.report(1, Error, CodeNotRobotsTxt, "the file is an HTML page, not a robots.txt file; only the lines that happen to be robots.txt lines apply (notes on the markup's other lines are left out)")
	case p.known == 0 && p.content > 0:
		p.report(1, Error, CodeNotRobotsTxt, "no line of the file is a robots.txt record: everything is allowed")
	}
}

func looksLikeHTML(src string) bool {
	head := trimSpace(strings.TrimPrefix(src[:min(len(src), 1024)], bom))
	if head == "" || head[0] != '<' {
		return false // HTML served as robots.txt starts with a tag
	}
	for _, tag := range []string{"<!doctype html", "<html", "<head", "<body", "<?xml", "<div", "<p>", "<meta"} {
		if len(head) >= len(tag) && strings.EqualFold(head[:len(tag)], tag) {
			return true
		}
	}
	return strings.Contains(strings.ToLower(head), "<body")
}

// countRules counts the allow and disallow lines of b, the part of a file
// past the size limit, without parsing it into anything.
func countRules(b []byte) int {
	n := 0
	for len(b) > 0 {
		line := b
		if end := bytes.IndexByte(b, '\n'); end >= 0 {
			line, b = b[:end], b[end+1:]
		} else {
			b = nil
		}
		for len(line) > 0 { // CR-only line ends
			seg := line
			if cr := bytes.IndexByte(line, '\r'); cr >= 0 {
				seg, line = line[:cr], line[cr+1:]
			} else {
				line = nil
			}
			seg = bytes.TrimLeft(seg, " \t")
			k := 0
			for k < len(seg) && k < 16 && seg[k] != ':' && seg[k] != ' ' && seg[k] != '\t' {
				k++
			}
			if kind, _, _ := classifyKey(string(seg[:k])); kind == keyAllow || kind == keyDisallow {
				n++
			}
		}
	}
	return n
}

// isKnownKey reports whether key is a rule's or an extension's.
func isKnownKey(key string) bool {
	kind, _, _ := classifyKey(key)
	ext, _, _ := classifyExt(key)
	return kind != keyUnknown || ext != extNone
}
