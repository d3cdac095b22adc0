package metarobots

import (
	"strings"
	"time"
)

// This file reads the dates of unavailable_after. A page or header may
// hold any number of values that look nearly like dates, or one huge
// value, so the cost of each value is bounded: a date is at most
// MaxDateBytes long and at most maxDateWords words, and each candidate
// text is given only to the layouts it could match, at most once each
// (BenchmarkUnavailableAfter). Trying every layout on every run of words
// cost 0.8 to 3.4 s for a 1 MiB page, and time.Parse copies the whole
// text into the error of each failed attempt.

// MaxDateBytes bounds the text read as one unavailable_after date: its
// words joined by single spaces. The longest date the layouts write is 35
// bytes ("Wednesday, 02-Jan-2006 15:04:05 GMT"); the bound leaves room for
// fractional seconds and a zone such as "GMT+10". A longer text is no
// date, and the directive is kept in Directives.Unknown.
const MaxDateBytes = 64

// maxDateWords is how many words after the first a date may take: the
// layouts below have at most six.
const maxDateWords = 5

// parseDateWords parses a date that starts with first and may go on over
// up to maxDateWords of the next words. It returns the date of the
// longest run that parses and how many of next it used.
func parseDateWords(first string, next []string) (time.Time, int, bool) {
	if len(first) > MaxDateBytes {
		return time.Time{}, 0, false
	}
	// ends[j] is the length of the text of first and j words of next,
	// which all share one buffer and one string.
	var buf [MaxDateBytes]byte
	var ends [maxDateWords + 1]int
	text := append(buf[:0], first...)
	ends[0] = len(text)
	n := 0
	for n < len(next) && n < maxDateWords {
		w := next[n]
		// An empty first word adds no space: the date is trimmed anyway.
		sep := min(len(text), 1)
		if len(text)+sep+len(w) > MaxDateBytes {
			break
		}
		if sep > 0 {
			text = append(text, ' ')
		}
		text = append(text, w...)
		n++
		ends[n] = len(text)
	}
	s := string(text)
	for j := n; j >= 0; j-- {
		if t, ok := parseDate(s[:ends[j]]); ok {
			return t, j, true
		}
	}
	return time.Time{}, 0, false
}

// A dateLayout is a layout of time.Parse with what a text must have to
// match it, checked before time.Parse is called: a text with another
// number of runs of spaces, or another start, cannot match.
type dateLayout struct {
	layout string
	spaces int // the layout's spaces: each matches a run of spaces
	start  dateStart
}

// dateStart is how the text of a layout begins.
type dateStart uint8

const (
	startYear         dateStart = iota // four digits and '-': "2006-01-02"
	startDay                           // a day of one or two digits, spaces, a month: "2 Jan 2006"
	startWeekdayComma                  // a weekday, a comma, spaces, a digit: "Mon, 02 Jan"
	startWeekdayMonth                  // a weekday's abbreviation, spaces, a month: "Mon Jan"
	startMonth                         // a month: "January 2, 2006"
)

// dateLayouts are the date formats sites use in unavailable_after:
// RFC 822, RFC 850 and RFC 1123 dates, ISO 8601 dates and times, tried in
// this order.
var dateLayouts = []dateLayout{
	{time.RFC3339, 0, startYear},
	{"2006-01-02T15:04:05", 0, startYear},
	{"2006-01-02T15:04", 0, startYear},
	{"2006-01-02 15:04:05 MST", 2, startYear},
	{"2006-01-02 15:04:05", 1, startYear},
	{"2006-01-02", 0, startYear},
	{time.RFC1123, 5, startWeekdayComma},
	{time.RFC1123Z, 5, startWeekdayComma},
	{time.RFC850, 3, startWeekdayComma},
	{"Monday, 02-Jan-2006 15:04:05 MST", 3, startWeekdayComma},
	{time.RFC822, 4, startDay},
	{time.RFC822Z, 4, startDay},
	{"02 Jan 2006 15:04:05 MST", 4, startDay},
	{"2 Jan 2006 15:04:05 MST", 4, startDay},
	{"02 Jan 2006", 2, startDay},
	{"2 Jan 2006", 2, startDay},
	{"January 2, 2006", 2, startMonth},
	{time.ANSIC, 4, startWeekdayMonth},
}

// parseDate parses an unavailable_after date. A date without a zone is
// read as UTC.
// The words of a date arrive without the comma after a weekday ("Friday
// 25-Jun-2010 ..."), since commas separate directives; it is put back.
func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, ok := parseDateAs(s); ok {
		return t, true
	}
	// Only layouts with a digit after the weekday's comma can take it.
	if day, rest, ok := strings.Cut(s, " "); ok && !strings.HasSuffix(day, ",") && isWeekday(day) &&
		startWeekdayComma.fits(day+", "+rest[:min(len(rest), 1)]) {
		return parseDateAs(day + ", " + rest)
	}
	return time.Time{}, false
}

// parseDateAs parses s with the first layout that takes it, trying only
// those whose spaces and start s has.
func parseDateAs(s string) (time.Time, bool) {
	spaces := spaceRuns(s)
	for _, l := range dateLayouts {
		if l.spaces != spaces || !l.start.fits(s) {
			continue
		}
		if t, err := time.Parse(l.layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// spaceRuns counts the runs of spaces in s: time.Parse matches each space
// of a layout with one run, and nothing else in these layouts with a
// space.
func spaceRuns(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && (i == 0 || s[i-1] != ' ') {
			n++
		}
	}
	return n
}

// fits reports whether s starts as time.Parse needs for a layout that
// starts as k says. It may accept what time.Parse refuses, never the
// reverse: it only spares time.Parse the texts that cannot match.
func (k dateStart) fits(s string) bool {
	switch k {
	case startYear:
		return len(s) > 4 && isDigits(s[:4]) && s[4] == '-'
	case startDay:
		n := 0
		for n < len(s) && n < 2 && isDigits(s[n:n+1]) {
			n++
		}
		return n > 0 && n < len(s) && s[n] == ' ' && startsWithMonth(strings.TrimLeft(s[n:], " "))
	case startWeekdayComma:
		// A weekday's name or abbreviation, which starts with the
		// abbreviation, is all letters up to the comma.
		n := 0
		for n < len(s) && isLetter(s[n]) {
			n++
		}
		if n < 3 || !isWeekday(s[:3]) || n == len(s) || s[n] != ',' {
			return false
		}
		rest := strings.TrimLeft(s[n+1:], " ")
		return rest != "" && isDigits(rest[:1])
	case startWeekdayMonth:
		return len(s) > 3 && isWeekday(s[:3]) && s[3] == ' ' && startsWithMonth(strings.TrimLeft(s[3:], " "))
	case startMonth:
		return startsWithMonth(s)
	}
	return false
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isWeekday reports whether w is a weekday's English name or its
// three-letter abbreviation, in any case, as time.Parse reads them.
func isWeekday(w string) bool {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(w, d.String()) || strings.EqualFold(w, d.String()[:3]) {
			return true
		}
	}
	return false
}

// startsWithMonth reports whether s starts with a month's three-letter
// English abbreviation, in any case, as a month's name does too.
func startsWithMonth(s string) bool {
	if len(s) < 3 {
		return false
	}
	for m := time.January; m <= time.December; m++ {
		if strings.EqualFold(s[:3], m.String()[:3]) {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
