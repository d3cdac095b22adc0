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

const (
	keyUnknown keyKind = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
)

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

func (p *parser) report(line int, sev Severity, code, format string, args ...any) {
	if p.html && (sev == Info || code == CodeNotKeyValue) && code != CodeNotRobotsTxt {
		return
	}
	p.notes.add(line, sev, code, format, args...)
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
