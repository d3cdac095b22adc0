// Command decide shows the library's core loop: parse a robots.txt file
// once, select the crawler's group once, then decide each URL and log the
// rule behind every URL that is skipped.
//
//	go run ./examples/decide
package main

import (
	"fmt"
	"log"
	"strings"

	"github.com/rfc9309/robotstxt"
)

const robotsTxt = `# robots.txt of www.example.com
User-agent: *
Disallow: /search
Allow: /search/about

User-agent: ExampleBot
Disallow: /private/
Disallow: /*.pdf$
Allow: /private/press/

Sitemap: https://www.example.com/sitemap.xml
`

func main() {
	r, err := robotstxt.ParseReader(strings.NewReader(robotsTxt))
	if err != nil {
		log.Fatal(err)
	}
	g := r.Group("ExampleBot")
	for _, u := range []string{
		"https://www.example.com/",
		"https://www.example.com/private/notes.html",
		"https://www.example.com/private/press/launch.html",
		"https://www.example.com/docs/manual.pdf",
		"https://www.example.com/docs/manual.pdf?download=1",
		"https://www.example.com/search?q=robots",
	} {
		d := g.Decide(u)
		switch {
		case !d.Allowed:
			fmt.Printf("skip  %s (line %d: Disallow: %s)\n", u, d.Rule.Line, d.Rule.Pattern)
		default:
			fmt.Printf("fetch %s\n", u)
		}
	}
	for _, d := range r.Diagnostics() {
		fmt.Println("note:", d)
	}
	fmt.Println("sitemaps:", r.Sitemaps())
}
