package crawlers

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

const (
	apple     = "https://support.apple.com/en-us/119829"
	yandexUA  = "https://yandex.com/support/webmaster/en/robot-workings/user-agent"
	googleBot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// precedenceTests are the documented precedence rules, each file asked
// about "/x" by one crawler.
var precedenceTests = []struct {
	source, robots, agent string
	allowed               bool
	token                 string // whose group decided: a token, "*" or ""
	reason                string
}{
	{googleCommon + " (several tokens: the most specific group decides)",
		"User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "Googlebot-Image",
		false, "Googlebot", "Googlebot-Image: no group names it, follows Googlebot's"},
	{googleCommon, "User-agent: Googlebot\nDisallow: /x\n\nUser-agent: Googlebot-Image\nAllow: /x\n", "Googlebot-Image",
		true, "Googlebot-Image", "Googlebot-Image: a group names it"},
	{googleCommon, "User-agent: Googlebot-Image\nDisallow: /x\n\nUser-agent: Googlebot\nAllow: /\n", "Googlebot-Image/1.0",
		false, "Googlebot-Image", "Googlebot-Image: a group names it"},
	{googleCommon, "User-agent: *\nDisallow: /x\n", "Googlebot-News",
		false, "*", "Googlebot-News: no group names it or Googlebot, follows the * group"},
	{googleCommon, "User-agent: Googlebot\nDisallow: /x\n", googleBot,
		false, "Googlebot", "Googlebot: a group names it"},
	{googleSpecial + " (AdsBot ignores *)", "User-agent: *\nDisallow: /\n", "AdsBot-Google",
		true, "", "AdsBot-Google: no group names it, and it ignores the * group: nothing is disallowed"},
	{googleSpecial, "User-agent: *\nDisallow: /\n", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
		true, "", "AdsBot-Google-Mobile: no group names it, and it ignores the * group: nothing is disallowed"},
	{googleSpecial, "User-agent: AdsBot-Google\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "AdsBot-Google",
		false, "AdsBot-Google", "AdsBot-Google: a group names it"},
	{googleSpecial + " (a group naming * and the crawler names it)", "User-agent: *\nUser-agent: APIs-Google\nDisallow: /x\n", "APIs-Google",
		false, "APIs-Google", "APIs-Google: a group names it"},
	{googleSpecial, "User-agent: *\nDisallow: /\n", "Mediapartners-Google", true, "", "Mediapartners-Google: no group names it, and it ignores the * group: nothing is disallowed"},
	{apple + " (Applebot follows Googlebot's group)", "User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "Applebot",
		false, "Googlebot", "Applebot: no group names it, follows Googlebot's"},
	{apple, "User-agent: Googlebot\nDisallow: /x\n\nUser-agent: Applebot\nAllow: /\n", "Applebot",
		true, "Applebot", "Applebot: a group names it"},
	{apple + " (Applebot-Extended is its own token)", "User-agent: Googlebot\nDisallow: /x\n", "Applebot-Extended",
		true, "", "Applebot-Extended: no group names it and there is no * group: nothing is disallowed"},
	{yandexUA + " (a Yandex group: * is ignored)", "User-agent: Yandex\nAllow: /\n\nUser-agent: *\nDisallow: /x\n", "YandexBot",
		true, "Yandex", "YandexBot: no group names it, follows Yandex's"},
	{yandexUA + " (YandexBot's own group before Yandex's)", "User-agent: YandexBot\nDisallow: /x\n\nUser-agent: Yandex\nAllow: /\n", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		false, "YandexBot", "YandexBot: a group names it"},
	{yandexUA + " (all Yandex robots read a Yandex group, YandexAdditional too)", "User-agent: Yandex\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "YandexAdditional",
		false, "Yandex", "YandexAdditional: no group names it, follows Yandex's"},
	{yandexUA, "User-agent: Yandex\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "Mozilla/5.0 (compatible; YandexAdditionalBot/1.0; +http://yandex.com/bots)",
		false, "Yandex", "YandexAdditionalBot: no group names it, follows Yandex's"},
	{"ai.robots.txt list: a name it writes with a version is the crawler's", "User-agent: iaskspider\nDisallow: /x\n", "Mozilla/5.0 (compatible; iaskspider/2.1; +https://iask.ai)",
		false, "iaskspider", "iaskspider: a group names it"},
	{yandexUA + " (no Yandex group: *)", "User-agent: *\nDisallow: /x\n", "YandexImages",
		false, "*", "YandexImages: no group names it or Yandex, follows the * group"},
	{yandexUA + " (neither: allowed)", "User-agent: Googlebot\nDisallow: /\n", "YandexBot",
		true, "", "YandexBot: no group names it or Yandex and there is no * group: nothing is disallowed"},
	{"RFC 9309 section 2.2.1 (one token: its group, else *)", "User-agent: bingbot\nDisallow: /x\n\nUser-agent: Googlebot\nAllow: /\n", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
		false, "bingbot", "bingbot: a group names it"},
	{"an unknown crawler: the name its header gives", "User-agent: ExampleBot\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)",
		false, "ExampleBot", "ExampleBot: a group names it"},
	{"an unknown crawler without a group: *", "User-agent: *\nDisallow: /x\n", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)",
		false, "*", "ExampleBot: no group names it, follows the * group"},
	{googleCommon + " (a group naming * and Googlebot-Image names it)", "User-agent: *\nUser-agent: Googlebot-Image\nDisallow: /x\n\nUser-agent: Googlebot\nAllow: /\n", "Googlebot-Image",
		false, "Googlebot-Image", "Googlebot-Image: a group names it"},
	{googleCommon + " (a group naming * and Googlebot)", "User-agent: *\nUser-agent: Googlebot\nDisallow: /x\n", "Googlebot-Image",
		false, "Googlebot", "Googlebot-Image: no group names it, follows Googlebot's"},
	{"an unknown crawler by name", "User-agent: examplebot\nDisallow: /x\n", "ExampleBot",
		false, "ExampleBot", "ExampleBot: a group names it"},
}

func TestDecide(t *testing.T) {
	for _, mode := range []robotstxt.Mode{robotstxt.RFC, robotstxt.Google} {
		for _, tt := range precedenceTests {
			r := robotstxt.Options{Mode: mode}.Parse([]byte(tt.robots))
			if got := Decide(r, tt.agent, "/x"); got.Allowed != tt.allowed {
				t.Errorf("%v: Decide(%q, %q) = %v, want %v (%s)", mode, tt.agent, "/x", got.Allowed, tt.allowed, tt.source)
			}
			e := Explain(r, tt.agent, "/x")
			if e.Decision != Decide(r, tt.agent, "/x") || e.Token != tt.token || e.Reason != tt.reason {
				t.Errorf("%v: Explain(%q): token %q, reason %q, want %q, %q (%s)", mode, tt.agent, e.Token, e.Reason, tt.token, tt.reason, tt.source)
			}
			if got := Group(r, tt.agent); got.Allowed("/x") != tt.allowed {
				t.Errorf("%v: Group(%q).Allowed(%q) = %v, want %v", mode, tt.agent, "/x", got.Allowed("/x"), tt.allowed)
			}
		}
	}
}

// TestDecideIsNotRFC records where this layer answers differently from
// the root package's exact reading, which stays as it is.
func TestDecideIsNotRFC(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nAllow: /\n"))
	if !r.Allowed("Googlebot-Image", "/x") {
		t.Errorf("robotstxt: Allowed(%q, %q) = false, want true: RFC 9309 reads one token", "Googlebot-Image", "/x")
	}
	if Decide(r, "Googlebot-Image", "/x").Allowed {
		t.Errorf("Decide(%q, %q) = true, want false: Google documents the fallback", "Googlebot-Image", "/x")
	}
}

func TestExplainCrawler(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /x\n"))
	e := Explain(r, "Googlebot-Image/1.0", "/x")
	want := Explanation{
		Decision: robotstxt.Decision{Allowed: false, Rule: robotstxt.Rule{Pattern: "/x", Line: 2}},
		Crawler:  e.Crawler, Known: true, Name: "Googlebot-Image", Token: "Googlebot",
		Agents: []string{"Googlebot"}, Reason: "Googlebot-Image: no group names it, follows Googlebot's",
	}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("Explain (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Googlebot-Image", "Googlebot"}, e.Crawler.Tokens); diff != "" {
		t.Errorf("Tokens (-want +got):\n%s", diff)
	}
}

func TestDecideAllocs(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n"))
	for _, agent := range []string{headerTests[0].header, "Googlebot-Image", "Applebot", "Mozilla/5.0 (compatible; ExampleBot/1.0; +url)"} {
		Decide(r, agent, "/x")
		if n := testing.AllocsPerRun(100, func() { Decide(r, agent, "/x") }); n != 0 && !raceEnabled {
			t.Errorf("Decide(%q) allocates %v times, want 0", agent, n)
		}
	}
}

func BenchmarkDecide(b *testing.B) {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n"))
	for _, bc := range []struct{ name, agent string }{
		{"googlebot-header", headerTests[0].header},
		{"googlebot-image-token", "Googlebot-Image"},
		{"unknown-header", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			Decide(r, bc.agent, "/x")
			b.ReportAllocs()
			for b.Loop() {
				Decide(r, bc.agent, "/x/page")
			}
		})
	}
	// The root package's plain answer, for comparison.
	b.Run("plain-robots-decide", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.Decide("Googlebot", "/x/page")
		}
	})
}

// TestEveryCrawlerFindsItsGroup asks, for every token of every crawler of
// the registry and in both modes, a file whose one named group names
// exactly that token and disallows everything, beside a "*" group that
// allows everything: Decide, Group, Explain and Audit must follow the
// named group, as the crawler's operator means it. Google mode reads a
// line naming "MJ12bot" as the group of "MJ", and asking by the token as
// written found no group there.
func TestEveryCrawlerFindsItsGroup(t *testing.T) {
	checked := 0
	for _, mode := range []robotstxt.Mode{robotstxt.RFC, robotstxt.Google} {
		for _, c := range List() {
			for k, tok := range c.Tokens {
				r := robotstxt.Options{Mode: mode}.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: " + tok + "\nDisallow: /\n"))
				name := c.Name()
				if d := Decide(r, name, "/x"); d.Allowed || d.Rule.Line != 5 {
					t.Errorf("%v: Decide(%q, \"/x\") under a group naming %q = %+v, want disallowed by line 5", mode, name, tok, d)
				}
				if Group(r, name).Allowed("/x") {
					t.Errorf("%v: Group(%q).Allowed(\"/x\") under a group naming %q = true, want false", mode, name, tok)
				}
				e := Explain(r, name, "/x")
				if e.Decision.Allowed || !strings.EqualFold(e.Token, tok) || (k == 0) != strings.HasSuffix(e.Reason, ": a group names it") {
					t.Errorf("%v: Explain(%q) under a group naming %q: allowed %v, token %q, reason %q; want disallowed by %q's group", mode, name, tok, e.Decision.Allowed, e.Token, e.Reason, tok)
				}
				for _, ua := range c.UserAgents {
					if Decide(r, ua, "/x").Allowed {
						t.Errorf("%v: Decide(%q, \"/x\") under a group naming %q = allowed, want disallowed", mode, ua, tok)
					}
				}
				if c.AI {
					for _, v := range Audit(r).Verdicts {
						if v.Name() == name && v.Access != Disallowed {
							t.Errorf("%v: Audit under a group naming %q: %s is %v, want disallowed", mode, tok, name, v.Access)
						}
					}
				}
				checked++
			}
		}
	}
	if checked < 2*len(List()) {
		t.Errorf("checked %d tokens in two modes, want at least one per crawler and mode", checked)
	}
}

// TestDecideRefusedAgents checks that an agent that reads as no crawler
// fails closed in this layer too, in both modes: a URL and a name passed
// in each other's place (temoto/robotstxt's TestAgent(path, agent) order)
// would otherwise find the "*" group.
func TestDecideRefusedAgents(t *testing.T) {
	for _, mode := range []robotstxt.Mode{robotstxt.RFC, robotstxt.Google} {
		r := robotstxt.Options{Mode: mode}.Parse([]byte("User-agent: *\nDisallow: /admin\n"))
		for _, agent := range []string{"/admin/x", "https://example.com/admin/x", "Mozilla/5.0 (compatible;)"} {
			d := Decide(r, agent, "Googlebot")
			if d.Allowed || !errors.Is(d.Err, robotstxt.ErrInvalidAgent) {
				t.Errorf("%v: Decide(%q, \"Googlebot\") = %+v, want not allowed, with ErrInvalidAgent", mode, agent, d)
			}
			if Group(r, agent).Allowed("/") {
				t.Errorf("%v: Group(%q).Allowed(\"/\") = true, want false", mode, agent)
			}
			e := Explain(r, agent, "Googlebot")
			if e.Decision != d || e.Known || e.Token != "" || e.Agents != nil || !strings.Contains(e.Reason, "names no crawler") {
				t.Errorf("%v: Explain(%q) = %+v, want the refusal, no crawler, no group, a reason that says so", mode, agent, e)
			}
		}
		for _, agent := range []string{"", "*", "Googlebot"} {
			if d := Decide(r, agent, "/x"); !d.Allowed || d.Err != nil {
				t.Errorf("%v: Decide(%q, \"/x\") = %+v, want allowed, no error", mode, agent, d)
			}
		}
		// A header that names its crawler in a comment only is a
		// crawler's: Mediapartners-Google ignores the "*" group.
		const mediapartners = "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)"
		if d := Decide(r, mediapartners, "/admin"); !d.Allowed || d.Err != nil {
			t.Errorf("%v: Decide(%q, \"/admin\") = %+v, want allowed, no error (%s)", mode, mediapartners, d, googleSpecial)
		}
	}
}

// TestExplainHidesPassword checks that Explain's Reason for a URL passed
// as the crawler's name quotes it without its password.
func TestExplainHidesPassword(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: *\nAllow: /\n"))
	e := Explain(r, "https://user:s3cret@example.com/page", "/")
	if e.Decision.Allowed || strings.Contains(e.Reason, "s3cret") || !strings.Contains(e.Reason, "example.com") {
		t.Errorf("Explain(URL with password).Reason = %q, Allowed %v: want refused, the host without the password", e.Reason, e.Decision.Allowed)
	}
}
