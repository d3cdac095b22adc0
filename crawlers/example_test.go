package crawlers_test

import (
	"fmt"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

func ExampleIdentify() {
	ua := "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	c, ok := crawlers.Identify(ua)
	fmt.Println(ok, c.Name(), c.Operator, c.Purpose, c.CrawlDelay)
	// Output: true Googlebot Google search no
}

func ExampleDecide() {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n"))
	// RFC 9309 reads the one name: Googlebot-Image has no group, so "*".
	fmt.Println(r.Allowed("Googlebot-Image", "/photo.jpg"))
	// Google documents that Googlebot-Image then obeys Googlebot's group.
	fmt.Println(crawlers.Decide(r, "Googlebot-Image", "/photo.jpg").Allowed)
	// Output:
	// false
	// true
}

func ExampleExplain() {
	r := robotstxt.Parse([]byte("User-agent: ExampleBot\nDisallow: /drafts/\n\nUser-agent: *\nDisallow: /\n"))
	for _, agent := range []string{
		"Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)",
		"Googlebot-Image/1.0",
		"AdsBot-Google (+http://www.google.com/adsbot.html)",
	} {
		e := crawlers.Explain(r, agent, "/drafts/a")
		fmt.Println(e.Decision.Allowed, e.Reason)
	}
	// Output:
	// false ExampleBot: a group names it
	// false Googlebot-Image: no group names it or Googlebot, follows the * group
	// true AdsBot-Google: no group names it, and it ignores the * group: nothing is disallowed
}

func ExampleAudit() {
	r := robotstxt.Parse([]byte("User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n"))
	rep := crawlers.Audit(r)
	for _, v := range rep.Verdicts {
		if v.Name() == "GPTBot" || v.Name() == "OAI-SearchBot" {
			fmt.Println(v.Name(), v.Purpose, v.Access)
		}
	}
	fmt.Println(rep.Summaries[0])
	// Output:
	// GPTBot AI training disallowed
	// OAI-SearchBot AI search allowed
	// blocks 2 of 61 AI training crawlers
}
