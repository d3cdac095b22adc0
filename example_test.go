package robotstxt_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/rfc9309/robotstxt"
)

const exampleFile = `User-agent: *
Disallow: /search
Allow: /search/about

User-agent: ExampleBot
Disallow: /private/
Allow: /private/press/
`

func ExampleParse() {
	r := robotstxt.Parse([]byte(exampleFile))
	fmt.Println(r.Allowed("ExampleBot", "https://example.com/private/notes"))
	fmt.Println(r.Allowed("ExampleBot", "https://example.com/private/press/"))
	fmt.Println(r.Allowed("OtherBot", "/search?q=x"))
	// Output:
	// false
	// true
	// false
}

func ExampleParseReader() {
	r, err := robotstxt.ParseReader(strings.NewReader(exampleFile))
	if err != nil {
		fmt.Println(err) // only read errors: content never fails
		return
	}
	fmt.Println(r.Allowed("OtherBot", "/search/about"))
	// Output: true
}

func ExampleRobots_Group() {
	r := robotstxt.Parse([]byte(exampleFile))
	// Select the group once per file, then decide each URL.
	g := r.Group("ExampleBot")
	for _, u := range []string{"/", "/private/a", "/search"} {
		fmt.Println(u, g.Allowed(u))
	}
	// Output:
	// / true
	// /private/a false
	// /search true
}

func ExampleRobots_Decide() {
	r := robotstxt.Parse([]byte(exampleFile))
	d := r.Decide("ExampleBot", "/private/notes")
	fmt.Printf("allowed=%v rule=%+v\n", d.Allowed, d.Rule)
	d = r.Decide("ExampleBot", "/public")
	fmt.Printf("allowed=%v no rule=%v\n", d.Allowed, d.Rule == robotstxt.Rule{})
	// Output:
	// allowed=false rule={Allow:false Pattern:/private/ Line:6}
	// allowed=true no rule=true
}

func ExampleOptions_Parse() {
	file := []byte("User-agent: *\nDisallow: /\nAllow: /caf%C3%A9\n")
	rfc := robotstxt.Options{Mode: robotstxt.RFC}.Parse(file)
	google := robotstxt.Options{Mode: robotstxt.Google}.Parse(file)
	// RFC mode normalises the URL's encoding; Google's library does not.
	fmt.Println(rfc.Allowed("bot", "/café"), google.Allowed("bot", "/café"))
	// RFC 9309 always allows /robots.txt; Google's library does not.
	fmt.Println(rfc.Allowed("bot", "/robots.txt"), google.Allowed("bot", "/robots.txt"))
	// Output:
	// true false
	// true false
}

func ExampleRobots_Diagnostics() {
	r := robotstxt.Parse([]byte("Disallow: /tmp\nUser-agent: *\nDissallow: /private\n"))
	for _, d := range r.Diagnostics() {
		fmt.Printf("%d: %s: %s [%s]\n", d.Line, d.Severity, d.Message, d.Code)
	}
	// Output:
	// 1: error: this rule comes before any user-agent line, so it applies to no crawler (RFC 9309 section 2.1) [rule-outside-group]
	// 3: warning: "Dissallow" is read as "disallow" [key-typo]
}

func ExampleProductToken() {
	fmt.Println(robotstxt.ProductToken("Googlebot/2.1 (+http://www.google.com/bot.html)"))
	fmt.Println(robotstxt.ProductToken("MJ12bot/1.4"))
	// Output:
	// Googlebot
	// MJ12bot
}

// A crawler may pass its whole User-Agent header: RFC mode reads the name
// at its start, as it reads user-agent lines, and a browser-style header
// as the crawler it names in a comment.
func ExampleRobots_Allowed() {
	r := robotstxt.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: MJ12bot\nDisallow: /\n"))
	fmt.Println(r.Allowed("MJ12bot/1.4 (+http://mj12bot.com/)", "/page"))
	fmt.Println(r.Allowed("Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "/page"))
	fmt.Println(r.Allowed("MJ12", "/page"))
	// Output:
	// false
	// false
	// true
}

// Several names make the union of their groups, for a crawler that obeys
// every group naming one of its names. A real crawler with several
// tokens obeys one group, by its operator's precedence: Googlebot-Image
// obeys its own group here, which package crawlers' Group chooses.
func ExampleRobots_Group_severalNames() {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nAllow: /photos/\n\nUser-agent: Googlebot-Image\nDisallow: /photos\n"))
	fmt.Println(r.Group("Googlebot-Image", "Googlebot").Allowed("/photos/cat.jpg"))
	fmt.Println(r.Group("Googlebot-Image").Allowed("/photos/cat.jpg"))
	// Output:
	// true
	// false
}

func ExampleGroup_CrawlDelay() {
	r := robotstxt.Parse([]byte("User-agent: ExampleBot\nCrawl-delay: 2.5\nRequest-rate: 1/10s 0600-0845\nDisallow: /tmp\n"))
	g := r.Group("ExampleBot")
	delay, _ := g.CrawlDelay()
	rate, _ := g.RequestRate()
	fmt.Println(delay, rate, rate.Requests, rate.Per)
	// Output: 2.5s 1/10s 0600-0845 1 10s
}

func ExampleRobots_WriteTo() {
	r := robotstxt.Parse([]byte("# two groups for one crawler\nuser-agent: a\ndisallow: /x\n\nuser-agent: b\ndisallow: /\n\nuser-agent: A\nallow: /x/y\nsitemap: https://example.com/s.xml\n"))
	if _, err := r.WriteTo(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// User-agent: a
	// Disallow: /x
	// Allow: /x/y
	//
	// User-agent: b
	// Disallow: /
	//
	// Sitemap: https://example.com/s.xml
}

func ExampleRobots_Sitemaps() {
	r := robotstxt.Parse([]byte("Sitemap: https://example.com/a.xml\nUser-agent: *\nDisallow: /x\nSitemap: /relative.xml\nSitemap: https://example.com/a.xml\n"))
	fmt.Println(r.Sitemaps())
	for _, d := range r.Diagnostics() {
		fmt.Println(d.Code)
	}
	// Output:
	// [https://example.com/a.xml]
	// bad-value
	// duplicate
}

// A tool with one question per file decides it without keeping the
// parsed file.
func ExampleDecideOnce() {
	body := []byte("User-agent: *\nDisallow: /cart\nAllow: /cart/help\n")
	d := robotstxt.DecideOnce(body, "ExampleBot", "https://example.com/cart/checkout")
	fmt.Println(d.Allowed, d.Rule.Line, d.Rule.Pattern)
	// Output: false 2 /cart
}
