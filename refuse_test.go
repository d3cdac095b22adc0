package robotstxt_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// refuseFile disallows /admin to every crawler, so that a query whose
// arguments are swapped, which reads the URL "Googlebot" as the path "/",
// was allowed.
const refuseFile = "User-agent: *\nDisallow: /admin\n\nUser-agent: Googlebot\nDisallow: /private\n"

// TestRefusedAgents checks that a crawler name that reads as no crawler
// at all fails closed, with an error that says so, on every path a query
// takes (a small file's first query, its tables, a Group of one name or
// of several, a nil or zero Robots), in both modes; and that "" and "*",
// which name no crawler by RFC 9309 section 2.2.1 and Google's library,
// and whole User-Agent headers that hold a URL, are still answered.
func TestRefusedAgents(t *testing.T) {
	const temoto = "temoto/robotstxt's TestAgent(path, agent) order"
	tests := []struct {
		source, agent, target string
		refused               bool
	}{
		{temoto, "/admin/x", "Googlebot", true},
		{temoto + ", a URL", "https://example.com/admin/x", "Googlebot", true},
		{temoto + ", a URL with a port", "http://example.com:8080/admin", "FooBot", true},
		{temoto + ", the root", "/", "Googlebot", true},
		{temoto + ", a network-path reference", "//example.com/admin", "Googlebot", true},
		{"a name after a blank gives no name", " Googlebot", "/x", true},
		{"a comment gives no name", "(compatible)", "/x", true},
		{"compatible followed by no name", "Mozilla/5.0 (compatible;)", "/x", true},
		{"compatible followed by a URL only", "Mozilla/5.0 (compatible; +https://example.com/bot) Chrome/1.0", "/x", true},
		{"RFC 9309 section 2.2.1: \"*\" names the global group", "*", "/admin/x", false},
		{"Google's GoogleOnly_SystemTest: \"\" names no crawler", "", "/admin/x", false},
		{"a name", "Googlebot", "/private/x", false},
		{"a whole header that holds a URL later", "ExampleBot/1.0 (+https://example.com/bot)", "/admin/x", false},
		{"a browser's header is the crawler Mozilla", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "/admin/x", false},
		{"a name that is a host name", "panscient.com", "/admin/x", false},
		{"a header that names its crawler in a comment only", "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "/admin/x", false},
	}
	for _, mode := range []robotstxt.Mode{robotstxt.RFC, robotstxt.Google} {
		o := robotstxt.Options{Mode: mode}
		for _, tt := range tests {
			ref := o.Parse([]byte(refuseFile))
			want := ref.Group().Decide(tt.target) // the "*" group's answer
			if tt.agent == "Googlebot" {
				want = ref.Group("Googlebot").Decide(tt.target)
			}
			if tt.refused {
				checkRefusal(t, mode, tt.source, tt.agent, want)
				want = robotstxt.Decision{}
			}
			r := o.Parse([]byte(refuseFile))
			first := r.Decide(tt.agent, tt.target) // a small file's pass
			second := r.Decide(tt.agent, tt.target)
			for _, got := range []robotstxt.Decision{first, second} {
				if got.Allowed != want.Allowed || got.Rule != want.Rule {
					t.Errorf("%v: Decide(%q, %q) = %+v, want %+v (%s)", mode, tt.agent, tt.target, got, want, tt.source)
				}
				if got.Err != nil != tt.refused {
					t.Errorf("%v: Decide(%q, %q).Err = %v, want an error %v (%s)", mode, tt.agent, tt.target, got.Err, tt.refused, tt.source)
				}
			}
			if first != second {
				t.Errorf("%v: Decide(%q, %q): first %+v, second %+v; want them equal", mode, tt.agent, tt.target, first, second)
			}
			if got := o.Parse([]byte(refuseFile)).Allowed(tt.agent, tt.target); got != want.Allowed {
				t.Errorf("%v: first Allowed(%q, %q) = %v, want %v (%s)", mode, tt.agent, tt.target, got, want.Allowed, tt.source)
			}
			if got := r.Allowed(tt.agent, tt.target); got != want.Allowed {
				t.Errorf("%v: Allowed(%q, %q) = %v, want %v (%s)", mode, tt.agent, tt.target, got, want.Allowed, tt.source)
			}
			for _, names := range [][]string{{tt.agent}, {"Googlebot", tt.agent}, {tt.agent, "FooBot"}} {
				g := r.Group(names...)
				if tt.refused && (g == nil || g.Allowed("/") || g.Decide("/").Err == nil || g.Agents() != nil) {
					t.Errorf("%v: Group(%q) allows / or has no error or names agents; want it to fail closed (%s)", mode, names, tt.source)
				}
			}
		}
	}
}

// checkRefusal checks a refused query's Decision on every kind of Robots:
// not allowed where the file would answer want, no rule, and an error
// that errors.Is finds ErrInvalidAgent in and that quotes the agent.
func checkRefusal(t *testing.T, mode robotstxt.Mode, source, agent string, want robotstxt.Decision) {
	t.Helper()
	if !want.Allowed {
		t.Fatalf("%s: the file disallows the target anyway, which shows nothing", source)
	}
	var nilRobots *robotstxt.Robots
	for _, r := range []*robotstxt.Robots{nilRobots, new(robotstxt.Robots), robotstxt.Options{Mode: mode}.Parse(nil)} {
		d := r.Decide(agent, "/")
		if d.Allowed || d.Rule != (robotstxt.Rule{}) || !errors.Is(d.Err, robotstxt.ErrInvalidAgent) {
			t.Errorf("%v: Decide(%q, \"/\") = %+v, want not allowed, no rule, ErrInvalidAgent (%s)", mode, agent, d, source)
			continue
		}
		msg := d.Err.Error()
		if !strings.HasPrefix(msg, "robotstxt: ") || !strings.Contains(msg, strconv.Quote(agent)) {
			t.Errorf("%v: Decide(%q).Err = %q, want it prefixed and quoting the agent", mode, agent, msg)
		}
		if r.Allowed(agent, "/") || r.Group(agent).Allowed("/") {
			t.Errorf("%v: Allowed(%q, \"/\") = true on an empty file, want false (%s)", mode, agent, source)
		}
	}
}

// TestRefusedAgentMessage checks that the error of a long agent quotes
// only its start: a caller may pass a URL of any length.
func TestRefusedAgentMessage(t *testing.T) {
	agent := "https://example.com/" + strings.Repeat("a", 10000)
	d := robotstxt.Parse(nil).Decide(agent, "/")
	if d.Err == nil {
		t.Fatalf("Decide(%.40q...) has no error", agent)
	}
	if msg := d.Err.Error(); len(msg) > 200 || !strings.Contains(msg, agent[:64]) {
		t.Errorf("Decide(%.40q...).Err = %q: want the agent's first 64 bytes, in at most 200 bytes", agent, msg)
	}
}

// TestRefusedURLNamedByGroup checks a URL whose scheme a group names: RFC
// mode reads "https://example.com/x" as the name "https", which finds
// that group, and the query must still fail closed, on a small file's
// pass and on its tables.
func TestRefusedURLNamedByGroup(t *testing.T) {
	file := []byte("User-agent: https\nAllow: /\n\nUser-agent: *\nDisallow: /\n")
	agent := "https://example.com/x"
	r := robotstxt.Parse(file)
	for _, which := range []string{"first", "second"} {
		if d := r.Decide(agent, "/x"); d.Allowed || !errors.Is(d.Err, robotstxt.ErrInvalidAgent) {
			t.Errorf("%s Decide(%q, \"/x\") = %+v, want not allowed, with ErrInvalidAgent", which, agent, d)
		}
	}
	if g := r.Group("https", agent); g.Allowed("/x") {
		t.Errorf("Group(%q, %q).Allowed(\"/x\") = true, want false", "https", agent)
	}
	if !r.Allowed("https", "/x") {
		t.Errorf("Allowed(%q, \"/x\") = false, want true: the name alone is a crawler's", "https")
	}
}

// TestRefusedAgentHidesPassword checks that a URL passed as the crawler's
// name, password and all, is quoted without its password in every shape
// a URL parser may fail on (the redaction rule of robotshttp, issue of
// passwords in malformed URLs).
func TestRefusedAgentHidesPassword(t *testing.T) {
	for _, agent := range []string{
		"https://user:s3cret@example.com/page",
		"http://user:s3cret/x@example.com/",
		"http://user:s3cret?x@example.com/",
		"http://user:s3cret#x@example.com/",
		"//user:s3cret@example.com/",
	} {
		for _, r := range []*robotstxt.Robots{robotstxt.Parse(nil), robotstxt.Options{Mode: robotstxt.Google}.Parse([]byte("User-agent: *\nAllow: /\n"))} {
			d := r.Decide(agent, "/")
			if d.Err == nil {
				t.Fatalf("Decide(%q, \"/\") has no error", agent)
			}
			if msg := d.Err.Error(); strings.Contains(msg, "s3cret") || !strings.Contains(msg, "example.com") {
				t.Errorf("Decide(%q, \"/\").Err = %q: want the host without the password", agent, msg)
			}
		}
	}
}
