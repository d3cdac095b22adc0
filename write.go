package robotstxt

import (
	"cmp"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countingWriter) line(parts ...string) {
	if c.n == 0 && len(parts) > 0 && strings.HasPrefix(parts[0], "\xef") {
		// The first octets of a file are skipped as far as they match a
		// UTF-8 byte-order mark, so a line that would start the file
		// with 0xEF (the key of an unknown record) would lose it, and
		// could then read as another key ("\xefUser-agent"): an empty
		// line goes first.
		parts = append([]string{"\n"}, parts...)
	}
	for _, p := range append(parts, "\n") {
		if c.err != nil {
			return
		}
		n, err := io.WriteString(c.w, p)
		c.n += int64(n)
		c.err = err
	}
}

func writeRobots(w *countingWriter, r *Robots) {
	f := r.fileRecs()
	if len(f.signals) > 0 {
		w.line("Content-Signal: ", signalsText(f.signals))
		w.line()
	}
	for _, g := range r.Groups() {
		for _, a := range g.Agents() {
			w.line("User-agent: ", a)
		}
		if d, ok := g.CrawlDelay(); ok {
			w.line("Crawl-delay: ", secondsText(d))
		}
		if rr, ok := g.RequestRate(); ok {
			w.line("Request-rate: ", rr.String())
		}
		if v, ok := g.VisitTime(); ok {
			w.line("Visit-time: ", v.String())
		}
		if s := g.exts().signals; len(s) > 0 {
			w.line("Content-Signal: ", signalsText(s))
		}
		rules := g.Rules()
		for _, rule := range rules {
			key := "Disallow: "
			if rule.Allow {
				key = "Allow: "
			}
			if cut := r.Mode().dialect().lineCut; rule.Pattern == "" || cut > 0 && len(key)+len(rule.Pattern) > cut {
				key = key[:len(key)-1] // no trailing space; keep a line within Google's cut
			}
			w.line(key, rule.Pattern)
		}
		if len(rules) == 0 {
			w.line("Disallow:")
		}
		w.line()
	}
	for _, s := range r.Sitemaps() {
		w.line("Sitemap: ", s)
	}
	if f.host != "" {
		w.line("Host: ", f.host)
	}
	for _, c := range f.cleanParams {
		// The value was read at parse time, so it reads again without error.
		p, _ := parseCleanParam(f.text[c.off:c.end])
		if p.path != "" {
			w.line("Clean-param: ", strings.Join(p.params, "&"), " ", p.path)
		} else {
			w.line("Clean-param: ", strings.Join(p.params, "&"))
		}
	}
	for _, rec := range f.records {
		w.line(f.text[rec.off:rec.mid], ": ", f.text[rec.mid:rec.end])
	}
}

func secondsText(d time.Duration) string {
	s := strconv.FormatInt(int64(d/time.Second), 10)
	if frac := d % time.Second; frac != 0 {
		s += strings.TrimRight("."+strconv.FormatInt(int64(frac)+1e9, 10)[1:], "0")
	}
	return s
}

func signalsText(m map[string]bool) string {
	keys := slices.SortedFunc(maps.Keys(m), cmp.Compare[string])
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := "no"
		if m[k] {
			v = "yes"
		}
		parts[i] = k + "=" + v
	}
	return strings.Join(parts, ", ")
}
