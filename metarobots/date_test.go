package metarobots

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// hostileDates are directive lists that make a reader try hard to find
// unavailable_after dates: values that start as dates do and are none,
// empty values, and one huge value.
var hostileDates = []struct {
	name string
	unit string // repeated to fill the input
}{
	{"empty values", "unavailable_after:,"},
	{"near-miss dates", "unavailable_after: Mon Jan 2 2006 x y,"},
	{"near-miss numbers", "unavailable_after: 1 1 1 1 1 1,"},
	{"one huge value", "unavailable_after: 1"},
}

// fill repeats unit to n bytes; a unit ending in "1" grows its last
// value instead, so that the list is one huge value.
func fill(unit string, n int) string {
	if strings.HasSuffix(unit, " 1") {
		return unit + strings.Repeat("1", n-len(unit))
	}
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

// BenchmarkUnavailableAfter reads hostile unavailable_after values in a
// page of the default read limit (1 MiB) and in a 10 MB X-Robots-Tag
// header. The time per byte should be that of a page of ordinary
// directives (BenchmarkFromHTMLUnknown); when every value was tried
// against every date layout, joined to up to five following words, the
// page took 0.8 to 3.4 s and the header 6 to 25 s.
func BenchmarkUnavailableAfter(b *testing.B) {
	for _, h := range hostileDates {
		prefix, suffix := `<html><head><meta name="robots" content="`, `"></head>`
		page := prefix + fill(h.unit, DefaultMaxBytes-len(prefix)-len(suffix)) + suffix
		b.Run(fmt.Sprintf("page 1 MiB/%s", h.name), func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				FromHTML(strings.NewReader(page))
			}
		})
		header := http.Header{"X-Robots-Tag": {fill(h.unit, 10e6)}}
		b.Run(fmt.Sprintf("header 10 MB/%s", h.name), func(b *testing.B) {
			b.SetBytes(10e6)
			b.ReportAllocs()
			for b.Loop() {
				FromHeader(header)
			}
		})
	}
}

// slowDateWords is the reading of unavailable_after that parseDateWords
// must keep, written plainly: every run of first and up to five following
// words, joined by spaces and trimmed, is tried with every layout, and
// again with a comma after a leading weekday; the longest run that
// parses wins. It differs only in having no length bound.
func slowDateWords(first string, next []string) (time.Time, int, bool) {
	var best time.Time
	used, ok := 0, false
	text := first
	for j := 0; ; j++ {
		s := strings.TrimSpace(text)
		candidates := []string{s}
		if day, rest, found := strings.Cut(s, " "); found && !strings.HasSuffix(day, ",") && isWeekday(day) {
			candidates = append(candidates, day+", "+rest)
		}
	try:
		for _, c := range candidates {
			for _, l := range dateLayouts {
				if t, err := parseLayout(l.layout, c); err == nil {
					best, used, ok = t, j, true
					break try
				}
			}
		}
		if j == len(next) || j == 5 {
			return best, used, ok
		}
		text += " " + next[j]
	}
}

// joinedLen is the length of the longest text slowDateWords tries.
func joinedLen(first string, next []string) int {
	words := append([]string{first}, next[:min(len(next), maxDateWords)]...)
	return len(strings.TrimSpace(strings.Join(words, " ")))
}

func TestParseDateWords(t *testing.T) {
	tests := []struct {
		source string
		words  string // first, then the next words
	}{
		{"ISO 8601 date", "2025-12-25 noindex"},
		{"RFC 3339", "2025-12-25T15:00:00+01:00"},
		{"RFC 3339, fractional seconds", "2025-12-25T15:00:00.123456789Z x"},
		{"ISO 8601 without a zone", "2025-12-25T15:00"},
		{"ISO 8601 with a space and a zone", "2025-12-25 15:00:00 UTC nofollow"},
		{"ISO 8601 with a space", "2025-12-25 15:00:00 nofollow"},
		{"RFC 1123, comma removed by the split", "Thu 25 Dec 2025 15:00:00 GMT noindex"},
		{"RFC 1123, lower case", "thu 25 dec 2025 15:00:00 gmt"},
		{"RFC 1123Z", "Thu 25 Dec 2025 15:00:00 +0100"},
		{"RFC 850", "Thursday 25-Dec-25 15:00:00 UTC"},
		{"RFC 850, four-digit year", "Friday 25-Jun-2010 15:00:00 GMT"},
		{"RFC 822", "25 Dec 25 15:00 UTC"},
		{"RFC 822Z", "25 Dec 25 15:00 -0700 x"},
		{"day month year time zone", "25 Dec 2025 15:00:00 UTC"},
		{"one-digit day", "5 Dec 2025 15:00:00 UTC"},
		{"day month year", "05 Dec 2025 x y z"},
		{"day month year, spaces in the first word's place", "  5 Dec 2025"},
		{"ANSIC", "Thu Dec 25 15:00:00 2025"},
		{"a month name first, without its comma", "December 25 2025"},
		{"a shorter run parses, the longer does not", "2025-12-25 15:00:00 x y z w v"},
		{"empty first word", " 2025-12-25"},
		{"no date", "someday"},
		{"numbers", "1 1 1 1 1 1"},
		{"near miss", "Mon Jan 2 2006 x y"},
		{"three-digit day", "123 Jan 2006"},
		{"weekday with a comma of its own", "Thu, 25 Dec 2025 15:00:00 GMT"},
		{"a year too short", "202-12-25"},
		{"unicode space trimmed", "\u00a02025-12-25"},
	}
	for _, tt := range tests {
		first, rest, _ := strings.Cut(tt.words, " ")
		next := strings.Fields(rest)
		wantT, wantN, wantOK := slowDateWords(first, next)
		gotT, gotN, gotOK := parseDateWords(first, next)
		if !gotT.Equal(wantT) || gotT.Location().String() != wantT.Location().String() || gotN != wantN || gotOK != wantOK {
			t.Errorf("parseDateWords(%q, %q) = %v, %d, %v, want %v, %d, %v (%s)", first, next, gotT, gotN, gotOK, wantT, wantN, wantOK, tt.source)
		}
	}
}

// FuzzDateWords compares parseDateWords with slowDateWords on texts
// within MaxDateBytes.
func FuzzDateWords(f *testing.F) {
	f.Add("Thu 25 Dec 2025 15:00:00 GMT noindex")
	f.Add("2025-12-25T15:00:00.5+01:00")
	f.Add("Friday 25-Jun-2010 15:00:00 GMT")
	f.Add("5  Dec 2025")
	f.Add("Thu Dec 25 15:00:00 2025")
	f.Fuzz(func(t *testing.T, words string) {
		list := splitWords(words)
		if len(list) == 0 {
			return
		}
		first, next := list[0], list[1:]
		if joinedLen(first, next) > MaxDateBytes {
			return
		}
		wantT, wantN, wantOK := slowDateWords(first, next)
		gotT, gotN, gotOK := parseDateWords(first, next)
		if !gotT.Equal(wantT) || gotT.Location().String() != wantT.Location().String() || gotN != wantN || gotOK != wantOK {
			t.Errorf("parseDateWords(%q, %q) = %v, %d, %v, want %v, %d, %v", first, next, gotT, gotN, gotOK, wantT, wantN, wantOK)
		}
	})
}

func TestDateLayouts(t *testing.T) {
	ref := time.Date(2025, time.September, 3, 15, 4, 5, 0, time.UTC)
	for _, l := range dateLayouts {
		s := ref.Format(l.layout)
		if got := strings.Count(l.layout, " "); got != l.spaces || strings.Contains(l.layout, "  ") {
			t.Errorf("layout %q has %d single spaces, the table says %d", l.layout, got, l.spaces)
		}
		if !l.start.fits(s) {
			t.Errorf("layout %q: its own date %q does not fit its start", l.layout, s)
		}
		if len(s) > MaxDateBytes {
			t.Errorf("layout %q writes %d bytes, more than MaxDateBytes", l.layout, len(s))
		}
	}
}

// TestUnavailableAfterCost bounds the work of hostile unavailable_after
// values by counting allocations, which every attempt with time.Parse
// makes when it fails: a list of such values, in a header and in a page,
// must cost a few allocations per value, and as many for twice the list.
// Trying every layout on every run of words made over a hundred per value.
func TestUnavailableAfterCost(t *testing.T) {
	const perValue = 16 // allocations allowed per value of up to seven words
	for _, h := range hostileDates[:3] {
		for _, n := range []int{200, 400} {
			list := strings.Repeat(h.unit, n)
			header := http.Header{"X-Robots-Tag": {list}}
			page := `<head><meta name="robots" content="` + list + `">`
			got := testing.AllocsPerRun(3, func() { FromHeader(header) })
			if got > perValue*float64(n) {
				t.Errorf("FromHeader of %d values %q made %.0f allocations, want at most %d per value", n, h.unit, got, perValue)
			}
			got = testing.AllocsPerRun(3, func() { FromHTML(strings.NewReader(page)) })
			if got > perValue*float64(n)+100 {
				t.Errorf("FromHTML of %d values %q made %.0f allocations, want at most %d per value", n, h.unit, got, perValue)
			}
		}
	}
}

// TestUnavailableAfterHugeValue bounds the bytes allocated to read one
// huge unavailable_after value: a few copies of the input, not one per
// date layout.
func TestUnavailableAfterHugeValue(t *testing.T) {
	const size = 4 << 20
	v := fill("unavailable_after: 1", size)
	header := http.Header{"X-Robots-Tag": {v}}
	page := `<head><meta name="robots" content="` + v + `">`
	for _, tt := range []struct {
		name string
		read func() Directives
	}{
		{"FromHeader", func() Directives { return FromHeader(header) }},
		{"FromHTML", func() Directives { d, _ := Options{MaxBytes: -1}.FromHTML(strings.NewReader(page)); return d }},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d := tt.read()
		runtime.ReadMemStats(&after)
		if !d.UnavailableAfter.IsZero() || d.Unknown == nil {
			t.Errorf("%s read %d bytes of digits as a date: %v", tt.name, size, d.UnavailableAfter)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 8*size {
			t.Errorf("%s allocated %d bytes for a %d-byte value, want at most %d", tt.name, got, size, 8*size)
		}
	}
}

func TestMaxDateBytes(t *testing.T) {
	// RFC 3339 with fractional seconds, which time.Parse reads to any
	// length: one of MaxDateBytes bytes, and one byte longer.
	long := func(n int) string {
		return "2025-12-25T15:00:00." + strings.Repeat("0", n-len("2025-12-25T15:00:00.Z")) + "Z"
	}
	tests := []struct {
		in   string
		want Directives
	}{
		{"unavailable_after: " + long(MaxDateBytes), Directives{UnavailableAfter: date("2025-12-25T15:00:00Z")}},
		{"unavailable_after: " + long(MaxDateBytes+1), Directives{Unknown: []string{strings.ToLower("unavailable_after: " + long(MaxDateBytes+1))}}},
	}
	for _, tt := range tests {
		var d Directives
		d.parseList(tt.in)
		if diff := cmp.Diff(tt.want, d); diff != "" {
			t.Errorf("parseList(%q) mismatch (-want +got) (MaxDateBytes):\n%s", tt.in, diff)
		}
	}
}
