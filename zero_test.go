package robotstxt_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

// TestZeroValues calls every method of every exported type on its zero
// value, and on a nil pointer where the method takes one, and checks that
// each answers as the package doc says ("their zero values and nil
// pointers allow everything"): nothing panics, nothing is disallowed,
// nothing is found. A method added to the package without a row here
// fails the test, so the promise is checked for the whole API.
func TestZeroValues(t *testing.T) {
	type result []any
	var nilRobots *robotstxt.Robots
	var nilGroup *robotstxt.Group
	allowed := robotstxt.Decision{Allowed: true}
	rfc := robotstxt.Options{}.Parse([]byte("User-agent: *\nDisallow: /a%7eb\n"))
	rows := []struct {
		method string // Type.Method, as the package's doc lists it
		value  string // "zero" or "nil"
		call   func() result
		want   result
	}{
		{"Robots.Mode", "nil", func() result { return result{nilRobots.Mode()} }, result{robotstxt.RFC}},
		{"Robots.Mode", "zero", func() result { return result{new(robotstxt.Robots).Mode()} }, result{robotstxt.RFC}},
		{"Robots.Group", "nil", func() result { return result{nilRobots.Group("Googlebot") == nil, nilRobots.Group() == nil} }, result{true, true}},
		{"Robots.Group", "zero", func() result {
			r := new(robotstxt.Robots)
			return result{r.Group("Googlebot") == nil, r.Group() == nil, r.Group("a", "b") == nil}
		}, result{true, true, true}},
		{"Robots.Allowed", "nil", func() result { return result{nilRobots.Allowed("Googlebot", "/x")} }, result{true}},
		{"Robots.Allowed", "zero", func() result { return result{new(robotstxt.Robots).Allowed("Googlebot", "/x")} }, result{true}},
		{"Robots.Decide", "nil", func() result { return result{nilRobots.Decide("Googlebot", "/x")} }, result{allowed}},
		{"Robots.Decide", "zero", func() result { return result{new(robotstxt.Robots).Decide("Googlebot", "/x")} }, result{allowed}},
		{"Robots.Sitemaps", "nil", func() result { return result{len(nilRobots.Sitemaps())} }, result{0}},
		{"Robots.Sitemaps", "zero", func() result { return result{len(new(robotstxt.Robots).Sitemaps())} }, result{0}},
		{"Robots.Diagnostics", "nil", func() result { return result{len(nilRobots.Diagnostics())} }, result{0}},
		{"Robots.Diagnostics", "zero", func() result { return result{len(new(robotstxt.Robots).Diagnostics())} }, result{0}},
		{"Robots.Footprint", "nil", func() result { return result{nilRobots.Footprint()} }, result{int64(0)}},
		{"Robots.Footprint", "zero", func() result { return result{new(robotstxt.Robots).Footprint() > 0} }, result{true}},
		{"Robots.Host", "nil", func() result { h, ok := nilRobots.Host(); return result{h, ok} }, result{"", false}},
		{"Robots.Host", "zero", func() result { h, ok := new(robotstxt.Robots).Host(); return result{h, ok} }, result{"", false}},
		{"Robots.ContentSignals", "nil", func() result { return result{len(nilRobots.ContentSignals())} }, result{0}},
		{"Robots.ContentSignals", "zero", func() result { return result{len(new(robotstxt.Robots).ContentSignals())} }, result{0}},
		{"Robots.Records", "nil", func() result { return result{len(nilRobots.Records())} }, result{0}},
		{"Robots.Records", "zero", func() result { return result{len(new(robotstxt.Robots).Records())} }, result{0}},
		{"Robots.WriteTo", "nil", func() result {
			var b bytes.Buffer
			n, err := nilRobots.WriteTo(&b)
			return result{n, err, b.String()}
		}, result{int64(0), nil, ""}},
		{"Robots.WriteTo", "zero", func() result {
			var b bytes.Buffer
			n, err := new(robotstxt.Robots).WriteTo(&b)
			return result{n, err, b.String()}
		}, result{int64(0), nil, ""}},
		{"Robots.FileGroups", "nil", func() result { return result{len(nilRobots.FileGroups())} }, result{0}},
		{"Robots.FileGroups", "zero", func() result { return result{len(new(robotstxt.Robots).FileGroups())} }, result{0}},
		{"Robots.Groups", "nil", func() result { return result{len(nilRobots.Groups())} }, result{0}},
		{"Robots.Groups", "zero", func() result { return result{len(new(robotstxt.Robots).Groups())} }, result{0}},

		{"Group.Agents", "nil", func() result { return result{len(nilGroup.Agents())} }, result{0}},
		{"Group.Agents", "zero", func() result { return result{len(new(robotstxt.Group).Agents())} }, result{0}},
		{"Group.Rules", "nil", func() result { return result{len(nilGroup.Rules())} }, result{0}},
		{"Group.Rules", "zero", func() result { return result{len(new(robotstxt.Group).Rules())} }, result{0}},
		{"Group.Allowed", "nil", func() result { return result{nilGroup.Allowed("/x"), nilGroup.Allowed("https://example.com/")} }, result{true, true}},
		{"Group.Allowed", "zero", func() result {
			g := new(robotstxt.Group)
			return result{g.Allowed("/x"), g.Allowed("https://example.com/"), g.Allowed("")}
		}, result{true, true, true}},
		{"Group.Decide", "nil", func() result { return result{nilGroup.Decide("/x")} }, result{allowed}},
		{"Group.Decide", "zero", func() result { return result{new(robotstxt.Group).Decide("/x")} }, result{allowed}},
		{"Group.CrawlDelay", "nil", func() result { d, ok := nilGroup.CrawlDelay(); return result{d, ok} }, result{time.Duration(0), false}},
		{"Group.CrawlDelay", "zero", func() result { d, ok := new(robotstxt.Group).CrawlDelay(); return result{d, ok} }, result{time.Duration(0), false}},
		{"Group.RequestRate", "nil", func() result { r, ok := nilGroup.RequestRate(); return result{r, ok} }, result{robotstxt.RequestRate{}, false}},
		{"Group.RequestRate", "zero", func() result { r, ok := new(robotstxt.Group).RequestRate(); return result{r, ok} }, result{robotstxt.RequestRate{}, false}},
		{"Group.VisitTime", "nil", func() result { w, ok := nilGroup.VisitTime(); return result{w, ok} }, result{robotstxt.Window{}, false}},
		{"Group.VisitTime", "zero", func() result { w, ok := new(robotstxt.Group).VisitTime(); return result{w, ok} }, result{robotstxt.Window{}, false}},
		{"Group.Footprint", "nil", func() result { return result{nilGroup.Footprint()} }, result{int64(0)}},
		{"Group.Footprint", "zero", func() result { return result{new(robotstxt.Group).Footprint()} }, result{int64(0)}},
		{"Group.ContentSignals", "nil", func() result { return result{len(nilGroup.ContentSignals())} }, result{0}},
		{"Group.ContentSignals", "zero", func() result { return result{len(new(robotstxt.Group).ContentSignals())} }, result{0}},

		// The zero Options are RFC mode with the default limit: the
		// escape of '~' matches it, as RFC 9309 section 2.2.2 reads both.
		{"Options.Parse", "zero", func() result {
			r := robotstxt.Options{}.Parse([]byte("User-agent: *\nDisallow: /a%7eb\n"))
			return result{r.Mode(), r.Allowed("FooBot", "/a~b"), rfc.Allowed("FooBot", "/a~b")}
		}, result{robotstxt.RFC, false, false}},
		{"Options.ParseReader", "zero", func() result {
			r, err := robotstxt.Options{}.ParseReader(strings.NewReader("User-agent: *\nDisallow: /a%7eb\n"))
			return result{err, r.Mode(), r.Allowed("FooBot", "/a~b")}
		}, result{nil, robotstxt.RFC, false}},
		{"Options.DecideOnce", "zero", func() result {
			d := robotstxt.Options{}.DecideOnce([]byte("User-agent: *\nDisallow: /a%7eb\n"), "FooBot", "/a~b")
			return result{d.Allowed, d.Rule.Line}
		}, result{false, 2}},
		{"Mode.String", "zero", func() result { return result{robotstxt.Mode(0).String()} }, result{"rfc"}},
		{"Severity.String", "zero", func() result { return result{robotstxt.Severity(0).String()} }, result{"info"}},
		// The zero RequestRate and Window are what a group without the
		// record holds: printed as they read, and a window of no length
		// contains no time of day.
		{"RequestRate.String", "zero", func() result { return result{robotstxt.RequestRate{}.String()} }, result{"0/0d"}},
		{"Window.Contains", "zero", func() result {
			w := robotstxt.Window{}
			return result{w.Contains(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)), w.Contains(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))}
		}, result{false, false}},
		{"Window.String", "zero", func() result { return result{robotstxt.Window{}.String()} }, result{"0000-0000"}},
	}
	covered := make(map[string]bool)
	for _, row := range rows {
		covered[row.method+" "+row.value] = true
		var got result
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s on the %s value panics: %v", row.method, row.value, p)
				}
			}()
			got = row.call()
		}()
		if got == nil {
			continue
		}
		if diff := cmp.Diff(row.want, got); diff != "" {
			t.Errorf("%s on the %s value (-want +got):\n%s", row.method, row.value, diff)
		}
	}
	// Every method of the package's doc has a row for its type's zero
	// value, and one for a nil pointer when it takes one.
	pointers := map[string]bool{"Robots": true, "Group": true}
	for name := range api(t) {
		typ, _, ok := strings.Cut(name, ".")
		if !ok {
			continue // a function or a type
		}
		if !covered[name+" zero"] {
			t.Errorf("%s: no row calls it on the zero value", name)
		}
		if pointers[typ] && !covered[name+" nil"] {
			t.Errorf("%s: no row calls it on a nil pointer", name)
		}
	}
}
