package robotstxt

// This file holds the parser, which acts on each line the tokenizer reads
// (RFC 9309 section 2.1 and section 2.2): user-agent lines and rules go to
// the group builder, sitemaps and extension records (section 2.2.4) to the
// file's records. Parsing never fails on content (section 2.3.1.5 asks
// crawlers to use what they can parse); every problem becomes a Diagnostic.

import (
	"math"
	"slices"
	"strings"

	"github.com/rfc9309/robotstxt/internal/sniff"
)

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
	// quiet keeps only what a decision reads, the groups and their
	// rules, for a parse that answers one query (see Options.DecideOnce):
	// no notes, records or extension values.
	quiet bool
	// restLines is the number of line breaks reserve counted from line
	// restFrom on, which reserveWritten reuses rather than counting again.
	restLines, restFrom int
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

// run parses src, whose groups and notes finish hands to a new Robots.
func (p *parser) run(src string) {
	if p.d.utf16 {
		if u, ok := sniff.DecodeUTF16(src); ok {
			src = u
			p.report(1, noteUTF16)
		} else if sniff.UTF16Mark(src) != "" {
			src = src[2:]
			p.report(1, noteUTF16MarkSkipped)
		}
	} else if sniff.UTF16Mark(src) != "" {
		p.report(1, noteUTF16MarkKept)
	}
	p.html = sniff.LooksLikeHTML(src)
	p.noteFlags = noteFlags
	if p.html {
		p.noteFlags &^= flagComment | flagLeadingSpace | flagNotKeyValue | flagNoKey
	}
	if p.quiet {
		p.noteFlags = 0
	}
	body, bom := sniff.SkipBOM(src)
	if bom {
		p.report(1, noteBOM)
	}
	p.tok = newTokenizer(body, p.d.lineCut, p.lim.lines, p.html)
	var f lineFact
	for {
		if kind, value, ok := p.tok.nextPlain(); ok && kind != keyUserAgent {
			// Most lines of most files: a rule with nothing to report
			// (shaped for speed: BenchmarkParse).
			p.content++
			p.known++
			p.rule(p.tok.num, kind == keyAllow, p.tok.text(value), true)
		} else if ok {
			p.tok.plainFact(&f, kind, value)
			p.line(&f)
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
	if !p.quiet {
		p.fileChecks(src)
	}
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

// finish returns a new Robots of what the parse collected, copied out of
// the borrowed buffers into one block (see block), or into allocations
// of their own when separate.
func (p *parser) finish(separate bool) *Robots {
	r := new(Robots)
	rl := p.recs
	n := p.b.blockBytes() + blockBytes[note](len(p.notes.list)) + blockBytes[byte](len(p.notes.args)) +
		blockBytes[byte](len(rl.text)) + blockBytes[textSpan](len(rl.sitemaps)) +
		blockBytes[lineSpan](len(rl.cleanParams)) + blockBytes[recordSpan](len(rl.records))
	blk := newBlock(n, separate)
	r.blockLen = n
	if p.hasRecords() {
		r.file = &fileRecords{
			text: carveString(blk, rl.text),
			recordSpans: recordSpans{
				sitemaps:    carve(blk, rl.sitemaps),
				cleanParams: carve(blk, rl.cleanParams),
				records:     carve(blk, rl.records),
			},
			host:    strings.Clone(p.host),
			signals: p.signals,
		}
	}
	for _, line := range p.b.finish(r, blk) {
		p.report(line, noteConflictMerged)
	}
	p.notes.sort()
	r.notes = notes{list: carve(blk, p.notes.list), args: carve(blk, p.notes.args), full: p.notes.full}
	return r
}

// hasRecords reports whether the parse found file-wide records.
func (p *parser) hasRecords() bool {
	return len(p.recs.sitemaps) > 0 || p.host != "" || len(p.recs.cleanParams) > 0 || p.signals != nil || len(p.recs.records) > 0
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
		if !p.quiet {
			p.sitemap(f.num, p.tok.text(f.value))
		}
	default:
		if !p.quiet {
			p.recordInGroup(f)
			p.extension(f)
		}
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
		// rest of it only, and of the token its number.
		i := uint32(len(p.b.toks) - 1)
		p.report(num, kind, tokenRef{tok: i, n: len(tok), value: value}, tokenRef{tok: i, n: len(tok), value: tok})
	}
	if !added {
		p.report(num, noteTooMuchTokenText, p.lim.text)
	}
}

// rule compiles an allow or disallow line. A plain value (see tokenizer.nextPlain)
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
	var fix string // the line to write instead, for a URL
	noted := true
	switch {
	// A plain value has no blanks, and RFC mode escapes any blank, which
	// changes the pattern: only other values need the scans.
	case !plain && (changed || !p.d.normalize) && (strings.IndexByte(value, ' ') >= 0 || strings.IndexByte(value, '\t') >= 0):
		kind = noteSeveralPaths
	case value != "" && value[0] != '/' && value[0] != '*':
		kind = noteNoSlash
		if path, ok := urlPath(value); ok {
			kind, fix = noteURLPattern, "Disallow: "+path
			if allow {
				fix = "Allow: " + path
			}
		}
	default:
		noted = false
	}
	// note records the note on the pattern, if it has one, whose text is v.
	note := func(v any) {
		switch {
		case !noted:
		case kind == noteURLPattern:
			p.report(num, kind, v, fix)
		default:
			p.report(num, kind, v)
		}
	}
	if len(p.b.arena)+len(pattern) > p.lim.text || len(p.b.writtenText)+len(value) > p.lim.text {
		note(value)
		p.report(num, noteTooMuchPatternText, p.lim.text)
		return
	}
	// The written form is the canonical pattern in the arena, or else the
	// next written form that addRule keeps.
	ref := textRef{off: uint32(len(p.b.arena)), n: uint32(len(value))}
	written := ""
	if changed {
		if len(p.b.starts) > 0 && (len(p.b.written) == cap(p.b.written) || len(p.b.writtenText)+len(value) > cap(p.b.writtenText)) {
			p.reserveWritten(len(value))
		}
		written = value
		ref = textRef{written: true, off: uint32(len(p.b.writtenText)), n: uint32(len(value))}
	}
	if !p.b.addRule(pattern, written, uint32(prio), int32(num), allow, false) {
		note(value)
		p.report(num, noteRuleOutsideGroup)
		return
	}
	note(ref)
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
	p.restLines, p.restFrom = lines, p.tok.num
	p.b.rules = slices.Grow(p.b.rules, lines+1) // a no-op when the pooled room suffices
	p.b.arena = slices.Grow(p.b.arena, max(len(rest)-7*lines, 64))
}

// reserveWritten makes room for the written forms of rules whose canonical
// pattern differs from their value, need octets at least, when they have run
// out of it, from the lines left (those reserve counted less those read
// since, not a second count of the file): a value is at most its line less
// seven octets, as reserve counts. In a file where every rule has one (a "$"
// inside each path, which RFC mode writes "%24"), growing them line by line
// copied them a dozen times (BenchmarkParseDollarInside: 71 allocations a
// parse, 19 with the room reserved, and RFC mode's parse from twice Google
// mode's to 1.6-1.8 times). Past 64 KiB of room, it is reserved in the share
// of the rules read so far that have a written form, this one among them,
// and at least twice what they had, as append would grow it: the room of
// every line left was 10.8 MB for 35 kB of written forms on a file of 12.5
// MB, which WebAssembly clears and keeps (TestReserveWritten). The room goes
// back to the pool with the parse's buffers; the parsed file keeps a copy.
func (p *parser) reserveWritten(need int) {
	rest := p.tok.src[p.tok.start:]
	lines := max(p.restLines-(p.tok.num-p.restFrom), 0)
	forms, text := lines+1, max(len(rest)-7*lines, need, 64)
	if text > 64<<10 {
		// In 64 bits: the products outgrow a 32-bit int on a large file.
		of := int64(len(p.b.rules) + 1)
		have := min(int64(len(p.b.written)+1), of)
		forms = max(int(int64(forms)*have/of), len(p.b.written)+1)
		text = max(int(int64(text)*have/of), len(p.b.writtenText), need)
	}
	p.b.written = slices.Grow(p.b.written, forms)
	p.b.writtenText = slices.Grow(p.b.writtenText, text)
}

// report adds a note of kind. On an HTML page, notes of severity Info
// and on lines that are not key-value pairs are left out: they would
// describe the markup, and the file-level note says what matters.
func (p *parser) report(line int, kind noteKind, args ...any) {
	if p.quiet {
		return
	}
	if k := &noteKinds[kind]; p.html && (k.sev == Info || k.code == CodeNotKeyValue) && k.code != CodeNotRobotsTxt {
		return
	}
	p.notes.add(line, kind, args...)
}

// sitemap records a Sitemap line: an absolute http(s) URL, wherever it
// stands; repeats are dropped.
func (p *parser) sitemap(num int, value string) {
	if !isAbsoluteHTTP(value) {
		p.report(num, noteSitemapNotAbsolute, value)
		return
	}
	if _, ok := p.recs.sitemapSeen[value]; ok {
		p.report(num, noteSitemapRepeated, value)
		return
	}
	off, ok := p.keepText(num, value)
	if !ok {
		return
	}
	p.recs.sitemaps = append(p.recs.sitemaps, textSpan{off, off + uint32(len(value))})
	if p.recs.sitemapSeen == nil {
		p.recs.sitemapSeen = make(map[string]struct{})
	}
	p.recs.sitemapSeen[value] = struct{}{}
}

// keepText appends the strings to the text of the file's records and
// returns where they start. Like patterns, that text is bounded by
// p.lim.text bytes, since records address it with 32-bit offsets: past
// the bound the line is reported and left out.
func (p *parser) keepText(num int, s ...string) (off uint32, ok bool) {
	n := 0
	for _, x := range s {
		n += len(x)
	}
	if len(p.recs.text)+n > p.lim.text {
		p.report(num, noteTooMuchRecordText, p.lim.text)
		return 0, false
	}
	off = uint32(len(p.recs.text))
	for _, x := range s {
		p.recs.text = append(p.recs.text, x...)
	}
	return off, true
}

// extension reads a line whose key is none of the rules': an extension
// record, or an unknown key kept as a Record. Extensions never end a group
// and never change a verdict (RFC 9309 section 2.2.4).
func (p *parser) extension(f *lineFact) {
	num, kind, key, value := f.num, f.kind, p.tok.text(f.key), p.tok.text(f.value)
	if kind == keyUnknown {
		if !p.html {
			if off, ok := p.keepText(num, key, value); ok {
				mid := off + uint32(len(key))
				p.recs.records = append(p.recs.records, recordSpan{int32(num), off, mid, mid + uint32(len(value))})
			}
			if d, ok := pageDirective(key); ok {
				p.report(num, noteNoindex, key, d)
			} else {
				p.report(num, noteUnknownKey, key)
			}
		}
		return
	}
	name := keyNames[kind]
	var e groupExt
	var host string
	var err error
	switch kind {
	case keyCrawlDelay:
		e.crawlDelay, err = parseCrawlDelay(value)
		e.crawlDelayLine = num
	case keyRequestRate:
		e.rate, err = parseRequestRate(value)
		e.rateLine = num
	case keyVisitTime:
		e.visit, err = parseWindow(value)
		e.visitLine = num
	case keyContentSignal:
		e.signals, err = parseContentSignal(value)
		e.signalsLine = num
	case keyHost:
		host, err = parseHost(value)
	case keyCleanParam:
		err = checkCleanParam(value)
	}
	switch {
	case err != nil:
		p.report(num, noteBadValue, name, value, err.Error())
	case kind == keyHost && p.host != "":
		p.report(num, noteHostRepeated)
	case kind == keyHost:
		p.host = host // a view of the body, copied out by finish
		p.report(num, noteHost)
	case kind == keyCleanParam:
		if off, ok := p.keepText(num, value); ok {
			p.recs.cleanParams = append(p.recs.cleanParams, lineSpan{int32(num), off, off + uint32(len(value))})
		}
	case kind == keyContentSignal && len(p.b.starts) == 0:
		g := groupExt{signals: p.signals}
		g.merge(&e)
		p.signals = g.signals
	case len(p.b.starts) == 0:
		p.report(num, noteOutsideGroup, name)
	default:
		for _, line := range p.b.ext().merge(&e) {
			p.report(line, noteConflictInGroup, name)
		}
	}
}

// noteFlags are the line flags that lineNotes reports.
const noteFlags = flagCut | flagNUL | flagNotUTF8 | flagComment | flagLeadingSpace |
	flagNotKeyValue | flagNoKey | flagMissingColon | flagTypo

// lineNotes reports what the tokenizer found unusual about a line, before
// the parser acts on it. On an HTML page (html) the notes that would only
// describe markup are left out (see report).
func (p *parser) lineNotes(f *lineFact) {
	if f.flags&flagCut != 0 {
		p.report(f.num, noteLineTooLong, p.d.lineCut)
	}
	if f.flags&flagNUL != 0 {
		p.report(f.num, noteNUL)
	}
	if f.flags&flagNotUTF8 != 0 {
		p.report(f.num, noteInvalidUTF8)
	}
	if f.flags&flagComment != 0 {
		p.report(f.num, noteEOLComment)
	}
	if f.flags&flagLeadingSpace != 0 {
		p.report(f.num, noteLeadingSpace)
	}
	switch {
	case f.flags&flagNotKeyValue != 0:
		p.report(f.num, noteNotKeyValue)
	case f.flags&flagNoKey != 0:
		p.report(f.num, noteNoKey)
	case f.flags&flagMissingColon != 0 && (!p.html || f.kind != keyUnknown):
		// On an HTML page, markup such as "<div class=x>" is no key.
		p.report(f.num, noteMissingColon, p.tok.text(f.key))
	}
	if f.flags&flagTypo != 0 {
		p.report(f.num, noteKeyTypo, p.tok.text(f.key), keyNames[f.kind])
	}
}

// blankState says whether a blank line came inside the open group.
type blankState uint8

const (
	noBlank    blankState = iota
	blankSeen             // a blank line, and no rule since
	blankNoted            // the group drew its note: one says it all
)

// noteBlank records a line without content: a blank line after the open
// group's lines makes older parsers, which read records as separated by
// blank lines, end the group there. A comment alone on a line ends no
// record in any reading, so it does not count. The last line is not
// looked at: no rule follows it.
func (p *parser) noteBlank() {
	if len(p.b.starts) == 0 || p.blank != noBlank || p.tok.done {
		return
	}
	if trimSpace(p.tok.src[p.tok.start:p.tok.i]) == "" {
		p.blank = blankSeen
	}
}

// blankLineInGroup notes the first rule after a blank line that no
// user-agent line followed, once per group. RFC 9309 section 2.1 ends a group only at a
// user-agent line after rules, so the rule joins the group above; the
// robots.txt convention of 1994, which some crawlers still follow, ends a
// record at a blank line, and such a crawler reads the rule as outside
// any group.
func (p *parser) blankLineInGroup(num int) {
	p.blank = blankNoted
	p.report(num, noteBlankLineInGroup)
}

// recordInGroup remembers a Crawl-delay or Request-rate line that comes
// after the open group's user-agent lines and before its rules, for
// agentAfterRecord.
func (p *parser) recordInGroup(f *lineFact) {
	if (f.kind == keyCrawlDelay || f.kind == keyRequestRate) && len(p.b.starts) > 0 && !p.b.sawRule && p.split == 0 {
		p.split, p.splitKind = f.num, f.kind
	}
}

// agentAfterRecord notes the record recordInGroup remembered when a
// user-agent line of the same group (sameGroup) follows it. RFC 9309
// section 2.1 ends a group only at a user-agent line after rules, and so
// does Google's parser, which reads Crawl-delay as an unknown key; Python's
// urllib.robotparser ends a group at its Crawl-delay and Request-rate
// lines, so the user-agents before such a line get no rules from it.
func (p *parser) agentAfterRecord(sameGroup bool) {
	if p.split == 0 {
		return
	}
	if sameGroup {
		id := uint32(len(p.b.starts) - 1)
		var names []string
		for i := len(p.b.toks) - 1; i >= 0 && p.b.toks[i].group == id; i-- {
			names = append(names, string(p.b.tokText[tokenStart(p.b.toks, i):p.b.toks[i].end]))
		}
		slices.Reverse(names)
		p.report(p.split, noteRecordSplitsGroup, keyNames[p.splitKind], strings.Join(names, ", "))
	}
	p.split = 0
}

// fileChecks reports what is wrong with the file as a whole.
func (p *parser) fileChecks(src string) {
	switch {
	case trimSpace(strings.TrimPrefix(src, sniff.BOM)) == "":
		p.report(1, noteEmptyFile)
	case p.html:
		p.report(1, noteHTMLPage)
	case p.known == 0 && p.content > 0:
		p.report(1, noteNoRecord)
	}
}

// urlPath returns the path of an absolute URL written as a rule's value
// ("/private/" for "https://example.com/private/"), with its query, and
// "/" when it has none: an http, https or ftp scheme, "://", and a host.
func urlPath(v string) (string, bool) {
	i := strings.Index(v, "://")
	if i <= 0 {
		return "", false
	}
	switch strings.ToLower(v[:i]) {
	case "http", "https", "ftp":
	default:
		return "", false
	}
	rest := v[i+3:]
	end := strings.IndexAny(rest, "/?#")
	switch {
	case end == 0:
		return "", false // no host
	case end < 0 || rest[end] == '#':
		return "/", true
	}
	path := rest[end:]
	if h := strings.IndexByte(path, '#'); h >= 0 {
		path = path[:h]
	}
	if path[0] == '?' {
		path = "/" + path
	}
	return path, true
}
