package robotstxt

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// This file holds the records a group carries beside its allow and
// disallow rules (Crawl-delay, Request-rate, Visit-time, Content-Signal),
// and how the records of merged groups combine. RFC 9309 section 2.2.4
// lets such records exist and says they never change how rules match;
// none of them does here.

// maxCrawlDelay is the longest Crawl-delay taken seriously: one day. A
// longer one (sites write 10^77) is ignored and reported.
const maxCrawlDelay = 24 * time.Hour

// groupExt holds a group's extension records, each with the line it came
// from (0: absent).
type groupExt struct {
	crawlDelay     time.Duration
	crawlDelayLine int
	rate           RequestRate
	rateLine       int
	visit          Window
	visitLine      int
	signals        map[string]bool
	signalsLine    int
}

// merge combines o into e, keeping the most restrictive value of each
// record: the longest Crawl-delay, the slowest Request-rate, the narrowest
// Visit-time, and "no" for a content signal either says "no" to. It
// returns the lines of o whose values disagree with e's.
func (e *groupExt) merge(o *groupExt) (conflicts []int) {
	if o.crawlDelayLine != 0 {
		if e.crawlDelayLine != 0 && e.crawlDelay != o.crawlDelay {
			conflicts = append(conflicts, o.crawlDelayLine)
		}
		if e.crawlDelayLine == 0 || o.crawlDelay > e.crawlDelay {
			e.crawlDelay, e.crawlDelayLine = o.crawlDelay, o.crawlDelayLine
		}
	}
	if o.rateLine != 0 {
		if e.rateLine != 0 && e.rate != o.rate {
			conflicts = append(conflicts, o.rateLine)
		}
		if e.rateLine == 0 || o.rate.slower(e.rate) {
			e.rate, e.rateLine = o.rate, o.rateLine
		}
	}
	if o.visitLine != 0 {
		if e.visitLine != 0 && e.visit != o.visit {
			conflicts = append(conflicts, o.visitLine)
		}
		if e.visitLine == 0 || o.visit.length() < e.visit.length() {
			e.visit, e.visitLine = o.visit, o.visitLine
		}
	}
	for k, v := range o.signals {
		if e.signals == nil {
			e.signals = make(map[string]bool)
		}
		old, ok := e.signals[k]
		if ok && old != v && !slices.Contains(conflicts, o.signalsLine) {
			conflicts = append(conflicts, o.signalsLine)
		}
		if !ok || old {
			e.signals[k] = v
		}
		e.signalsLine = o.signalsLine
	}
	return conflicts
}

var errAbsurd = errors.New("longer than a day")

func parseCrawlDelay(v string) (time.Duration, error) {
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil || math.IsNaN(f) || math.IsInf(f, 0):
		return 0, errors.New("not a number of seconds")
	case f < 0:
		return 0, errors.New("negative")
	case f*float64(time.Second) > float64(maxCrawlDelay):
		return 0, errAbsurd
	}
	return time.Duration(math.Round(f * float64(time.Second))), nil
}

// parseContentSignal reads "name=yes, name=no, ...".
func parseContentSignal(v string) (map[string]bool, error) {
	m := make(map[string]bool)
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, val, ok := strings.Cut(item, "=")
		k = strings.Clone(strings.ToLower(strings.TrimSpace(k))) // kept: not a view of the file
		switch strings.ToLower(strings.TrimSpace(val)) {
		case "yes":
			m[k] = true
		case "no":
			m[k] = false
		default:
			ok = false
		}
		if !ok || k == "" {
			return nil, errors.New(strconv.Quote(item) + " is not name=yes or name=no")
		}
	}
	if len(m) == 0 {
		return nil, errors.New("no signals")
	}
	return m, nil
}

// extAt is the extension record of the file's group id.
type extAt struct {
	id  uint32
	ext groupExt
}
