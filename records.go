package robotstxt

import (
	"hash/maphash"
	"slices"
	"strings"
)

// This file reads the lines of a file that are not rules: sitemaps, the
// extension records of extensions.go, and lines with keys this library
// does not know, which it keeps as Records. RFC 9309 section 2.2.4 lets
// such records exist; none of them ends a group or changes a verdict.

// sitemap records a Sitemap line: an absolute http(s) URL, wherever it
// stands; repeats are dropped.
func (p *parser) sitemap(num int, value string) {
	if !isAbsoluteHTTP(value) {
		p.report(num, noteSitemapNotAbsolute, value)
		return
	}
	h := maphash.String(sitemapSeed, value)
	if p.listedSitemap(value, h) {
		p.report(num, noteSitemapRepeated, value)
		return
	}
	off, ok := p.keepText(num, value)
	if !ok {
		return
	}
	p.recs.sitemaps = append(p.recs.sitemaps, textSpan{off, off + uint32(len(value))})
	p.recs.sitemapHashes = append(p.recs.sitemapHashes, h)
	p.recs.addSitemapSlot(len(p.recs.sitemaps) - 1)
}

// sitemapSeed seeds the hashes that find a repeated sitemap. It is set
// once, when the package loads, and only read after.
var sitemapSeed = maphash.MakeSeed()

// listedSitemap reports whether a sitemap, whose hash is h, was listed
// before. The sitemaps are found by hash in a table of open addressing in
// the pooled buffers, so the parse stays linear in the number of sitemaps
// (BenchmarkManyLines) and allocates nothing per sitemap, and URLs, which
// share long prefixes, are compared only when their hashes are equal
// (BenchmarkParse/hoka-sitemaps).
func (p *parser) listedSitemap(value string, h uint64) bool {
	r := p.recs
	if len(r.sitemapSlots) == 0 {
		return false
	}
	text := view(r.text)
	mask := uint64(len(r.sitemapSlots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		k := r.sitemapSlots[i] - 1
		if k < 0 {
			return false
		}
		if s := r.sitemaps[k]; r.sitemapHashes[k] == h && text[s.off:s.end] == value {
			return true
		}
	}
}

// addSitemapSlot enters sitemap k in the table, which it keeps at most
// half full, so that a probe ends soon at an empty slot.
func (r *recordLists) addSitemapSlot(k int) {
	if 2*(k+1) > len(r.sitemapSlots) {
		n := max(64, 2*len(r.sitemapSlots))
		r.sitemapSlots = slices.Grow(r.sitemapSlots[:0], n)[:n]
		clear(r.sitemapSlots)
		for j := range k {
			r.enterSitemap(j)
		}
	}
	r.enterSitemap(k)
}

// enterSitemap puts sitemap k in the first free slot from its hash on.
func (r *recordLists) enterSitemap(k int) {
	mask := uint64(len(r.sitemapSlots) - 1)
	i := r.sitemapHashes[k] & mask
	for r.sitemapSlots[i] != 0 {
		i = (i + 1) & mask
	}
	r.sitemapSlots[i] = int32(k + 1)
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
	bad := func(err error) {
		p.report(num, noteBadValue, name, value, err.Error())
	}
	var e groupExt
	switch kind {
	case keyCrawlDelay:
		d, err := parseCrawlDelay(value)
		if err != nil {
			bad(err)
			return
		}
		e.crawlDelay, e.crawlDelayLine = d, num
	case keyRequestRate:
		r, err := parseRequestRate(value)
		if err != nil {
			bad(err)
			return
		}
		e.rate, e.rateLine = r, num
	case keyVisitTime:
		w, err := parseWindow(value)
		if err != nil {
			bad(err)
			return
		}
		e.visit, e.visitLine = w, num
	case keyContentSignal:
		m, err := parseContentSignal(value)
		if err != nil {
			bad(err)
			return
		}
		if len(p.b.starts) == 0 {
			g := groupExt{signals: p.signals}
			g.merge(&groupExt{signals: m, signalsLine: num})
			p.signals = g.signals
			return
		}
		e.signals, e.signalsLine = m, num
	case keyHost:
		h, err := parseHost(value)
		if err != nil {
			bad(err)
			return
		}
		if p.host != "" {
			p.report(num, noteHostRepeated)
			return
		}
		p.host = strings.Clone(h)
		return
	case keyCleanParam:
		if _, err := parseCleanParam(value); err != nil {
			bad(err)
			return
		}
		if off, ok := p.keepText(num, value); ok {
			p.recs.cleanParams = append(p.recs.cleanParams, lineSpan{int32(num), off, off + uint32(len(value))})
		}
		return
	}
	if len(p.b.starts) == 0 {
		p.report(num, noteOutsideGroup, name)
		return
	}
	for _, line := range p.b.ext().merge(&e) {
		p.report(line, noteConflictInGroup, name)
	}
}
