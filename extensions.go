package robotstxt

// This file reads the records robots.txt files carry beside allow and
// disallow: Crawl-delay, Request-rate and Visit-time for a group; Sitemap,
// Host, Clean-param and Content-Signal for the file. RFC 9309 section 2.2.4
// lets such records exist and says they never change how rules match;
// none of them does here.

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

// maxCrawlDelay is the longest Crawl-delay taken seriously: one day. A
// longer one (sites write 10^77) is ignored and reported.
const maxCrawlDelay = 24 * time.Hour

// A RequestRate asks for at most Requests requests every Per, during
// Window when HasWindow is set (Request-rate: 1/10s 0600-0845).
type RequestRate struct {
	Requests  int
	Per       time.Duration
	Window    Window
	HasWindow bool
}

// slower reports whether r allows fewer requests per time than o.
func (r RequestRate) slower(o RequestRate) bool {
	// r.Requests/r.Per < o.Requests/o.Per, without division.
	return float64(r.Requests)*o.Per.Seconds() < float64(o.Requests)*r.Per.Seconds()
}

func (r RequestRate) String() string {
	s := strconv.Itoa(r.Requests) + "/" + durationUnit(r.Per)
	if r.HasWindow {
		s += " " + r.Window.String()
	}
	return s
}

func durationUnit(d time.Duration) string {
	for _, u := range []struct {
		unit string
		d    time.Duration
	}{{"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}} {
		if d%u.d == 0 {
			return strconv.FormatInt(int64(d/u.d), 10) + u.unit
		}
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}

// A Window is a daily time window in UTC, as offsets from midnight. End
// may be before Start for a window across midnight (2200-0600).
type Window struct {
	Start, End time.Duration
}

// Contains reports whether t falls in the window.
func (w Window) Contains(t time.Time) bool {
	t = t.UTC()
	d := time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second
	if w.Start <= w.End {
		return w.Start <= d && d < w.End
	}
	return d >= w.Start || d < w.End
}

func (w Window) length() time.Duration {
	if w.Start <= w.End {
		return w.End - w.Start
	}
	return 24*time.Hour - w.Start + w.End
}

func (w Window) String() string {
	f := func(d time.Duration) string {
		return fmt.Sprintf("%02d%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	return f(w.Start) + "-" + f(w.End)
}

// A cleanParam is a Yandex Clean-param value: URL parameters that do not
// change a page's content, for URLs whose path starts with path (every URL
// when path is empty).
type cleanParam struct {
	params []string
	path   string
}

// A Record is a key-value line this library does not interpret, kept for
// callers that read directives of their own.
type Record struct {
	Line       int
	Key, Value string
}

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

// cleanParamKey is the key of the Records of Clean-param lines.
const cleanParamKey = "Clean-param"

func (f *fileRecords) cleanParamRecord(c lineSpan) Record {
	return Record{Line: int(c.line), Key: cleanParamKey, Value: f.text[c.off:c.end]}
}

// fileRecords are the records of a file that belong to no group. Their
// text is kept back to back in one string, addressed by offsets: a file
// of many sitemaps or unknown lines then keeps little more than its text,
// where a string each would add a header and a rounded-up allocation.
type fileRecords struct {
	text string
	recordSpans
	host    string
	signals map[string]bool // Content-Signal outside any group
}

// recordSpans address the file's records in fileRecords.text.
type recordSpans struct {
	sitemaps    []textSpan
	cleanParams []lineSpan   // values, read again when asked for
	records     []recordSpan // lines with unknown keys
}

// textSpan is the text fileRecords.text[off:end].
type textSpan struct{ off, end uint32 }

// lineSpan is the text of a line's value.
type lineSpan struct {
	line     int32
	off, end uint32
}

// recordSpan is an unknown key at text[off:mid] and its value at
// text[mid:end].
type recordSpan struct {
	line          int32
	off, mid, end uint32
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

// parseRequestRate reads "n/d", "n/dU" with U one of s, m, h, d (bare d is
// seconds), optionally followed by a window.
func parseRequestRate(v string) (RequestRate, error) {
	rate, window, hasWindow := strings.Cut(strings.TrimSpace(v), " ")
	ns, ds, ok := strings.Cut(rate, "/")
	if !ok {
		return RequestRate{}, errors.New(`not "requests/period"`)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 {
		return RequestRate{}, errors.New("the number of requests is not a positive integer")
	}
	unit := time.Second
	if ds != "" {
		switch ds[len(ds)-1] {
		case 's', 'S':
			ds = ds[:len(ds)-1]
		case 'm', 'M':
			unit, ds = time.Minute, ds[:len(ds)-1]
		case 'h', 'H':
			unit, ds = time.Hour, ds[:len(ds)-1]
		case 'd', 'D':
			unit, ds = 24*time.Hour, ds[:len(ds)-1]
		}
	}
	d, err := strconv.Atoi(ds)
	if err != nil || d < 1 || d > 366 {
		return RequestRate{}, errors.New("the period is not a positive whole number of seconds, minutes, hours or days")
	}
	r := RequestRate{Requests: n, Per: time.Duration(d) * unit}
	if hasWindow {
		w, err := parseWindow(window)
		if err != nil {
			return RequestRate{}, err
		}
		r.Window, r.HasWindow = w, true
	}
	return r, nil
}

// parseWindow reads "HHMM-HHMM" (also "HHMM HHMM" and "HH:MM-HH:MM"), UTC.
func parseWindow(v string) (Window, error) {
	v = strings.TrimSpace(v)
	a, b, ok := strings.Cut(v, "-")
	if !ok {
		a, b, ok = strings.Cut(v, " ")
	}
	if !ok {
		return Window{}, errors.New(`not a "HHMM-HHMM" window`)
	}
	start, err1 := parseClock(a)
	end, err2 := parseClock(b)
	if err1 != nil || err2 != nil {
		return Window{}, errors.New(`not a "HHMM-HHMM" window`)
	}
	return Window{Start: start, End: end}, nil
}

func parseClock(s string) (time.Duration, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ":", "")
	if len(s) != 4 {
		return 0, errors.New("bad clock")
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[2:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h > 24 || h == 24 && m != 0 {
		return 0, errors.New("bad clock")
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute, nil
}

// parseHost reads a Host value: a host name or address, with an optional
// port and an optional http or https scheme.
func parseHost(v string) (string, error) {
	s := v
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.User != nil {
		return "", errors.New("not a host name")
	}
	return v, nil
}

// parseCleanParam reads "p1&p2 [/path-prefix]".
func parseCleanParam(v string) (cleanParam, error) {
	params, path, _ := strings.Cut(v, " ")
	path = strings.TrimSpace(path)
	var p cleanParam
	for _, name := range strings.Split(params, "&") {
		if name != "" {
			p.params = append(p.params, name)
		}
	}
	if len(p.params) == 0 {
		return cleanParam{}, errors.New("no parameter names")
	}
	if path != "" && path[0] != '/' && path[0] != '*' {
		return cleanParam{}, errors.New("the path prefix does not start with '/'")
	}
	p.path = path
	return p, nil
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
			return nil, fmt.Errorf("%q is not name=yes or name=no", item)
		}
	}
	if len(m) == 0 {
		return nil, errors.New("no signals")
	}
	return m, nil
}

// isAbsoluteHTTP reports whether a Sitemap value is an absolute http or
// https URL: the scheme, "://" and a host.
func isAbsoluteHTTP(v string) bool {
	for _, scheme := range []string{"http://", "https://"} {
		if len(v) > len(scheme) && strings.EqualFold(v[:len(scheme)], scheme) {
			c := v[len(scheme)]
			return c != '/' && c != '?' && c != '#' && c != ' '
		}
	}
	return false
}

// footprint bounds the bytes of e, nil or not.
func (e *groupExt) footprint() int64 {
	if e == nil {
		return 0
	}
	return heapBytes(int64(unsafe.Sizeof(*e))) + mapBytes(len(e.signals))
}
