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
	startDayDash                       // a day of one or two digits, '-', a month: "2-Jan-2006"
)

// dateLayouts are the date formats sites use in unavailable_after, the
// shapes Google accepts ("RFC 822, RFC 850, and ISO 8601", its robots
// meta tag documentation): ISO 8601 dates and times; RFC 822 and RFC 1123
// dates, with or without a weekday, with two- or four-digit years,
// one- or two-digit days ("2" reads both), with or without seconds, with
// a zone's abbreviation or a numeric offset; RFC 850 dates, with or
// without a weekday; ANSI C's. They are tried in this order.
var dateLayouts = makeDateLayouts()

func makeDateLayouts() []dateLayout {
	ls := []dateLayout{
		{time.RFC3339, 0, startYear},
		{"2006-01-02T15:04Z07:00", 0, startYear},
		{"2006-01-02T15:04:05", 0, startYear},
		{"2006-01-02T15:04", 0, startYear},
		{"2006-01-02 15:04:05Z07:00", 1, startYear},
		{"2006-01-02 15:04:05 MST", 2, startYear},
		{"2006-01-02 15:04:05 -0700", 2, startYear},
		{"2006-01-02 15:04:05", 1, startYear},
		{"2006-01-02", 0, startYear},
	}
	// RFC 822 and RFC 1123: [weekday,] day month year time zone.
	for _, weekday := range []string{"Mon, ", ""} {
		start, spaces := startDay, 4
		if weekday != "" {
			start, spaces = startWeekdayComma, 5
		}
		for _, year := range []string{"2006", "06"} {
			for _, clock := range []string{"15:04:05", "15:04"} {
				for _, zone := range []string{"MST", "-0700"} {
					ls = append(ls, dateLayout{weekday + "2 Jan " + year + " " + clock + " " + zone, spaces, start})
				}
			}
		}
	}
	// RFC 850: [weekday,] day-month-year time zone.
	for _, year := range []string{"2006", "06"} {
		for _, zone := range []string{"MST", "-0700"} {
			ls = append(ls,
				dateLayout{"Monday, 2-Jan-" + year + " 15:04:05 " + zone, 3, startWeekdayComma},
				dateLayout{"Mon, 2-Jan-" + year + " 15:04:05 " + zone, 3, startWeekdayComma},
				dateLayout{"2-Jan-" + year + " 15:04:05 " + zone, 2, startDayDash})
		}
	}
	return append(ls,
		dateLayout{"2 Jan 2006", 2, startDay},
		dateLayout{"2-Jan-2006", 0, startDayDash},
		dateLayout{"January 2, 2006", 2, startMonth},
		dateLayout{time.ANSIC, 4, startWeekdayMonth},
	)
}

// parseLayout parses s with layout as an instant that does not depend on
// the machine's zone: time.Parse reads a zone abbreviation with the
// offset it has in time.Local, so "PST" came out 8 hours off on a UTC
// machine. The date is read in UTC, and the US zones' abbreviations that
// Google's examples use get their offsets (usZoneOffset); another
// abbreviation is read as UTC, as time.Parse reads one it does not know.
func parseLayout(layout, s string) (time.Time, error) {
	t, err := time.ParseInLocation(layout, s, time.UTC)
	if err != nil {
		return t, err
	}
	if name, off := t.Zone(); off == 0 {
		if off, ok := usZoneOffset(name); ok {
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.FixedZone(name, off))
		}
	}
	return t, nil
}

// usZoneOffset returns the offset from UTC, in seconds, of the US zone
// abbreviations RFC 822 section 5.1 defines, which Google's examples of
// unavailable_after use ("25 Jun 2010 15:00:00 PST").
func usZoneOffset(abbr string) (int, bool) {
	hours := 0
	switch abbr {
	case "EDT":
		hours = -4
	case "EST", "CDT":
		hours = -5
	case "CST", "MDT":
		hours = -6
	case "MST", "PDT":
		hours = -7
	case "PST":
		hours = -8
	default:
		return 0, false
	}
	return hours * 3600, true
}

// parseDate parses an unavailable_after date. A date without a zone is
// read as UTC, and none depends on the machine's zone (see parseLayout).
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
		if t, err := parseLayout(l.layout, s); err == nil {
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
	case startDayDash:
		n := 0
		for n < len(s) && n < 2 && isDigits(s[n:n+1]) {
			n++
		}
		return n > 0 && n < len(s) && s[n] == '-' && startsWithMonth(s[n+1:])
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
