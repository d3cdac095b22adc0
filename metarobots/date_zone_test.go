package metarobots

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// zoneDates are unavailable_after values in the shapes Google accepts
// (RFC 822, RFC 850, ISO 8601) and the US zone abbreviations its examples
// use, with the instant each names, in UTC.
var zoneDates = []struct {
	value, source string
	want          string // RFC 3339, UTC
}{
	{"25 Jun 2010 15:00:00 PST", "Google's X-Robots-Tag example; PST is UTC-8", "2010-06-25T23:00:00Z"},
	{"25 Jun 2010 15:00:00 PDT", "PDT is UTC-7", "2010-06-25T22:00:00Z"},
	{"23-Jul-2007 18:00:00 EST", "Google's 2007 announcement of unavailable_after; EST is UTC-5", "2007-07-23T23:00:00Z"},
	{"23-Jul-2007 18:00:00 EDT", "EDT is UTC-4", "2007-07-23T22:00:00Z"},
	{"Monday, 23-Jul-07 18:00:00 CST", "RFC 850, two-digit year; CST is UTC-6", "2007-07-24T00:00:00Z"},
	{"Mon, 23 Jul 2007 18:00:00 CDT", "RFC 1123; CDT is UTC-5", "2007-07-23T23:00:00Z"},
	{"Mon, 23 Jul 07 18:00 MST", "RFC 822 with a weekday, two-digit year, no seconds; MST is UTC-7", "2007-07-24T01:00:00Z"},
	{"23 Jul 07 18:00 MDT", "RFC 822 as time.RFC822 writes it; MDT is UTC-6", "2007-07-24T00:00:00Z"},
	{"3 Jul 2007 18:00 GMT", "RFC 822, a one-digit day, no seconds", "2007-07-03T18:00:00Z"},
	{"3 Jul 2007 18:00:00 -0800", "RFC 822 with a numeric zone", "2007-07-04T02:00:00Z"},
	{"Tue, 3 Jul 2007 18:00:00 +0200", "RFC 1123 with a numeric zone, a one-digit day", "2007-07-03T16:00:00Z"},
	{"Tuesday, 03-Jul-2007 18:00:00 PST", "RFC 850 with a four-digit year", "2007-07-04T02:00:00Z"},
	{"2007-07-23T18:00:00-05:00", "ISO 8601 with an offset", "2007-07-23T23:00:00Z"},
	{"2007-07-23T18:00Z", "ISO 8601 without seconds, in UTC", "2007-07-23T18:00:00Z"},
	{"2007-07-23T18:00:00.250Z", "ISO 8601 with a fraction", "2007-07-23T18:00:00.25Z"},
	{"2007-07-23 18:00:00 EST", "ISO 8601 date and time with an abbreviation", "2007-07-23T23:00:00Z"},
	{"2007-07-23", "ISO 8601 date: midnight UTC", "2007-07-23T00:00:00Z"},
	{"2007-07-23T18:00:00", "ISO 8601 without a zone: UTC", "2007-07-23T18:00:00Z"},
}

// zonesTried are the machine zones the dates are read in: each of the
// US zones, one east of UTC, and UTC. On a UTC machine PST came out 8
// hours off, and EST was wrong everywhere.
var zonesTried = []string{"UTC", "America/Los_Angeles", "America/New_York", "America/Chicago", "America/Denver", "Asia/Tokyo"}

// TestUnavailableAfterZones reads zoneDates in each of zonesTried: the
// test binary runs itself once per zone with TZ set, since a process
// reads its zone once.
func TestUnavailableAfterZones(t *testing.T) {
	if tz := os.Getenv("METAROBOTS_TEST_TZ"); tz != "" {
		checkZoneDates(t, tz)
		return
	}
	for _, tz := range zonesTried {
		cmd := exec.Command(os.Args[0], "-test.run=^TestUnavailableAfterZones$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TZ="+tz, "METAROBOTS_TEST_TZ="+tz)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("with TZ=%s: %v\n%s", tz, err, out)
		}
	}
}

func checkZoneDates(t *testing.T, tz string) {
	if got := time.Local.String(); got != tz && !(tz == "UTC" && got == "UTC") {
		t.Fatalf("time.Local is %s, want %s: TZ was not read", got, tz)
	}
	for _, tt := range zoneDates {
		var d Directives
		d.parseList("unavailable_after: " + tt.value)
		got := d.UnavailableAfter.UTC().Format(time.RFC3339Nano)
		if got != tt.want || len(d.Unknown) > 0 {
			t.Errorf("TZ=%s: parseList(%q): UnavailableAfter = %s (unknown %q), want %s (%s)", tz, "unavailable_after: "+tt.value, got, strings.Join(d.Unknown, ", "), tt.want, tt.source)
		}
	}
}
