package robotstxt

// This file implements the line syntax of RFC 9309 section 2.1 and
// section 2.2: lines, comments, keys and values, and the parsing limit of
// section 2.5. Parsing never fails on content (section 2.3.1.5 asks
// crawlers to use what they can parse); every problem becomes a
// Diagnostic.

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// DefaultMaxBytes is the number of bytes of a robots.txt file that is read
// when Options.MaxBytes is 0: 500 KiB, the minimum RFC 9309 section 2.5
// asks a crawler to parse.
const DefaultMaxBytes = 500 << 10

// limits bound what one parse reads and keeps. They are far past what a
// file within the size limit can reach: only a file parsed without one
// meets them, and each is reported when it does. Tests parse with lower
// ones (see Options.parse).
type limits struct {
	// text bounds the bytes of each of a file's texts that are addressed
	// with 32-bit offsets: the canonical patterns, the written forms, the
	// user-agent tokens, the records' text and the notes' arguments.
	text int
	// lines bounds the lines read: a rule keeps its line number in the
	// bits its flags leave (see rule), and a note in 32 bits.
	lines int
}

var defaultLimits = limits{text: min(math.MaxUint32, math.MaxInt), lines: maxRuleLine}

// limit returns how many bytes of a file o parses: MaxBytes, or
// DefaultMaxBytes when that is 0, or -1 for no limit.
func (o Options) limit() int {
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
	return o.parse(view(data), true, defaultLimits)
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
	if l := o.limit(); l >= 0 {
		src = io.LimitReader(r, int64(l)+1)
	}
	if _, err := io.Copy(&sb, src); err != nil {
		return nil, fmt.Errorf("robotstxt: reading: %w", err)
	}
	// The body stops one byte past the limit, so the rules past the
	// limit cannot be counted.
	return o.parse(sb.String(), false, defaultLimits), nil
}

// cut returns how many bytes of src to parse and whether the rest is cut
// off by the size limit. The limit falls back to the end of the last
// whole line before it: half a line could turn "Disallow: /private" into
// "Disallow: /p" and block far more than the site asked.
func (o Options) cut(src string) (keep int, cut bool) {
	l := o.limit()
	if l < 0 || len(src) <= l {
		return len(src), false
	}
	if i := strings.LastIndexAny(src[:l+1], "\n\r"); i >= 0 {
		if i == l {
			return l, true
		}
		return i + 1, true
	}
	return 0, true
}

// Parse parses a robots.txt body in RFC mode with the default limit.
func Parse(data []byte) *Robots { return Options{}.Parse(data) }

// ParseReader reads and parses a robots.txt body in RFC mode with the
// default limit. The only errors are those of r.
func ParseReader(r io.Reader) (*Robots, error) { return Options{}.ParseReader(r) }

// A parser reads the lines a tokenizer gives and acts on each: it hands
// user-agent lines and rules to the group builder, keeps the file's
// records, and reports what it could not use.
type parser struct {
	d     *dialect
	opts  Options
	lim   limits
	tok   tokenizer
	b     builder
	notes noteWriter
	recs  *recordLists // the text and spans of the file's records
	// host and signals are the file's Host and Content-Signal records.
	host    string
	signals map[string]bool
	// scratch holds the canonical form of the current rule's pattern.
	scratch *[]byte
	// html says the file is an HTML page, whose lines would each draw a
	// note that says nothing the file-level one does not.
	html bool
	// noteFlags are the line flags that draw a note: on an HTML page, not
	// those of the notes report leaves out (shaped for speed:
	// BenchmarkParse on HTML pages).
	noteFlags lineFlags
	// content counts lines with something besides comments; known counts
	// those with a key of a rule or a sitemap.
	content, known int
	// blank says whether a blank line came after the open group's lines,
	// with no user-agent line since (see blankLineInGroup).
	blank blankState
	// split is the line of a record that came between the open group's
	// user-agent lines and its rules, and splitKind its key (see
	// recordInGroup).
	split     int
	splitKind keyKind
}

// parse parses data up to o's limit, within lim. count says data is the
// whole body, so that the rules past the limit can be counted.
func (o Options) parse(data string, count bool, lim limits) *Robots {
	keep, truncated := o.cut(data)
	lost := -1
	if truncated && count {
		lost = countRules(data[keep:], o.Mode.dialect())
	}
	buf, own := borrowBuffers(keep)
	p := parser{d: o.Mode.dialect(), opts: o, lim: lim, recs: &buf.records, scratch: &buf.scratch}
	p.b = builder{buildLists: &buf.build, d: p.d, maxText: lim.text, own: own}
	p.notes = noteWriter{notes: &buf.notes, max: lim.text}
	r := p.run(data[:keep])
	if truncated {
		p.truncated(keep, lost)
	}
	p.finish(r)
	if !own {
		returnBuffers(buf)
	}
	return r
}

// countRules counts the allow and disallow lines of src, the part of a
// file past the size limit, as the tokenizer reads them.
func countRules(src string, d *dialect) int {
	t := newTokenizer(src, d.lineCut, math.MaxInt, false)
	n := 0
	var f lineFact
	for t.next(&f) {
		if f.kind == keyAllow || f.kind == keyDisallow {
			n++
		}
	}
	return n
}

// run parses src into a new Robots, whose groups and notes finish adds.
func (p *parser) run(src string) *Robots {
	if p.d.utf16 {
		if u, ok := decodeUTF16(src); ok {
			src = u
			p.report(1, noteUTF16)
		} else if utf16Mark(src) != "" {
			src = src[2:]
			p.report(1, noteUTF16MarkSkipped)
		}
	} else if utf16Mark(src) != "" {
		p.report(1, noteUTF16MarkKept)
	}
	p.html = looksLikeHTML(src)
	p.noteFlags = noteFlags
	if p.html {
		p.noteFlags &^= flagComment | flagLeadingSpace | flagNotKeyValue | flagNoKey
	}
	body, bom := skipBOM(src)
	if bom {
		p.report(1, noteBOM)
	}
	p.tok = newTokenizer(body, p.d.lineCut, p.lim.lines, p.html)
	var f lineFact
	for {
		if kind, value, ok := p.tok.nextPlain(); ok {
			// Most lines of most files: a rule with nothing to report
			// (shaped for speed: BenchmarkParse).
			p.content++
			p.known++
			p.rule(p.tok.num, kind == keyAllow, p.tok.text(value), true)
		} else if p.tok.nextOther(&f) {
			p.line(&f)
		} else {
			break
		}
		if p.b.closed {
			break
		}
	}
	if p.tok.over {
		p.report(p.tok.num, noteTooManyLines, p.lim.lines)
	}
	p.fileChecks(src)
	return new(Robots)
}

// truncated reports the size limit's cut at byte keep, and the rules it
// lost (lost < 0: not known).
func (p *parser) truncated(keep, lost int) {
	if lost >= 0 {
		p.report(p.tok.num, noteTruncatedLost, p.opts.limit(), keep, lost)
		return
	}
	p.report(p.tok.num, noteTruncatedUnread, p.opts.limit(), keep)
}

// finish hands r what the parse collected, copied out of the borrowed
// buffers.
func (p *parser) finish(r *Robots) {
	if len(p.recs.sitemaps) > 0 || p.host != "" || len(p.recs.cleanParams) > 0 || p.signals != nil || len(p.recs.records) > 0 {
		r.file = &fileRecords{
			text: string(p.recs.text),
			recordSpans: recordSpans{
				sitemaps:    keep(p.recs.sitemaps),
				cleanParams: keep(p.recs.cleanParams),
				records:     keep(p.recs.records),
			},
			host:    p.host,
			signals: p.signals,
		}
	}
	for _, line := range p.b.finish(r) {
		p.report(line, noteConflictMerged)
	}
	p.notes.sort()
	r.notes = notes{list: keep(p.notes.list), args: keep(p.notes.args), full: p.notes.full}
}

// line acts on one line.
func (p *parser) line(f *lineFact) {
	if f.flags&p.noteFlags != 0 { // most lines have none (BenchmarkParse)
		p.lineNotes(f)
	}
	if f.flags&flagContent == 0 {
		p.noteBlank()
		return
	}
	p.content++
	if f.kind.isRuleKey() {
		p.known++
	}
	switch f.kind {
	case keyNone:
	case keyUserAgent:
		p.blank, p.b.line = noBlank, int32(f.num)
		sameGroup := len(p.b.starts) > 0 && !p.b.sawRule
		p.userAgent(f.num, p.tok.text(f.value))
		p.agentAfterRecord(sameGroup)
	case keyAllow, keyDisallow:
		p.rule(f.num, f.kind == keyAllow, p.tok.text(f.value), false) // plain lines come by run's shortcut
	case keySitemap:
		p.sitemap(f.num, p.tok.text(f.value))
	default:
		p.recordInGroup(f)
		p.extension(f)
	}
}

func (p *parser) userAgent(num int, value string) {
	if len(p.b.starts) == 0 {
		// The first group: rules are taken from here on.
		p.reserve()
	}
	tok := "*"
	if !isGlobalAgent(value) {
		tok = p.d.lineName(value)
	}
	added := p.b.userAgent(tok)
	switch {
	case tok == "*" || tok == value:
	case strings.Contains(value, "*"):
		p.report(num, noteAgentWildcard, value)
	case tok == "":
		p.report(num, noteAgentNoName, value)
	default:
		// A version, a comment or a second word: said as information. In
		// Google mode a name cut short of its digits or dots ("MJ12bot"
		// read as "MJ") is a warning: the group is not the one meant.
		kind := noteAgentName
		if p.d.googleNames && tok != ProductToken(value) {
			kind = noteAgentToken
		}
		if !added {
			p.report(num, kind, value, tok)
			break
		}
		// The value starts with the token just kept: the note keeps the
		// rest of it only.
		ref := tokenRef{tok: uint32(len(p.b.toks) - 1), n: len(tok), value: value}
		p.report(num, kind, ref, tok)
	}
	if !added {
		p.report(num, noteTooMuchTokenText, p.lim.text)
	}
}

// rule compiles an allow or disallow line. A plain value (see flagPlain)
// is its own pattern in both modes.
func (p *parser) rule(num int, allow bool, value string, plain bool) {
	if p.blank == blankSeen {
		p.blankLineInGroup(num)
	}
	// changed says the pattern differs from the value as written, which
	// then is kept apart for diagnostics and for writing the file out.
	// The pattern may be a view of scratch: addRule copies it to the
	// arena, and nothing else keeps it.
	pattern, prio, changed := value, len(value), false
	if !plain {
		pattern, prio, changed, *p.scratch = p.d.pattern(*p.scratch, value)
	}
	// A note on the pattern itself is recorded once the rule is kept, so
	// that it can refer to the rule's text instead of copying it.
	var kind noteKind
	noted := true
	switch {
	// A plain value has no blanks, and RFC mode escapes any blank, which
	// changes the pattern: only other values need the scans.
	case !plain && (changed || !p.d.normalize) && (strings.IndexByte(value, ' ') >= 0 || strings.IndexByte(value, '\t') >= 0):
		kind = noteSeveralPaths
	case value != "" && value[0] != '/' && value[0] != '*':
		kind = noteNoSlash
	case value != "" && value[0] == '*' && isExtensionPattern(value):
		kind = noteMatchesAnywhere
	default:
		noted = false
	}
	if p.b.arena.Len()+patternRoom(pattern, prio) > p.lim.text || len(p.b.writtenText)+len(value) > p.lim.text {
		if noted && kind != noteMatchesAnywhere {
			p.report(num, kind, value)
		}
		p.report(num, noteTooMuchPatternText, p.lim.text)
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
		if noted && kind != noteMatchesAnywhere {
			p.report(num, kind, value)
		}
		p.report(num, noteRuleOutsideGroup)
		return
	}
	switch {
	case kind == noteMatchesAnywhere:
		p.matchesAnywhere(num, ref, value)
	case noted:
		p.report(num, kind, ref)
	}
	if allow {
		if d, ok := p.d.indexRule(pattern); ok {
			p.b.addRule(d, value, uint32(len(d)), int32(num), true, true)
		}
	}
}

// reserve makes room for the rules and the pattern arena at the first
// group, from the rest of the file: it has at most one rule per line, and a
// pattern rarely outgrows its line less its key, colon and line break (at
// least seven octets; escaping can lengthen a pattern, and the arena then
// grows). Rules from the pool usually have the room already; a parse
// with an empty pool grows them once, not line by line.
func (p *parser) reserve() {
	rest := p.tok.src[p.tok.start:]
	lines := strings.Count(rest, "\n")
	if lines == 0 {
		lines = strings.Count(rest, "\r")
	}
	p.b.rules = slices.Grow(p.b.rules, lines+1) // a no-op when the pooled room suffices
	p.b.arena.Grow(max(len(rest)-7*lines, 64))
}

// report adds a note of kind. On an HTML page, notes of severity Info
// and on lines that are not key-value pairs are left out: they would
// describe the markup, and the file-level note says what matters.
func (p *parser) report(line int, kind noteKind, args ...any) {
	if k := &noteKinds[kind]; p.html && (k.sev == Info || k.code == CodeNotKeyValue) && k.code != CodeNotRobotsTxt {
		return
	}
	p.notes.add(line, kind, args...)
}
