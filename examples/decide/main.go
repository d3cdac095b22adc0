// Command decide shows the library's core loop: fetch a robots.txt file
// and read the response by the status rules of RFC 9309 section 2.3.1,
// select the crawler's group once, then decide each URL and log the rule
// behind every URL that is skipped, and print package lint's notes on
// the file. It serves the file
// itself on loopback, so it runs as is:
//
//	go run ./examples/decide
package main

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/lint"
	"github.com/rfc9309/robotstxt/robotshttp"
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
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, robotsTxt)
	}))
	defer srv.Close()

	// FromResponse reads the response as RFC 9309 section 2.3.1 asks: a
	// 2xx body is parsed (up to 500 KiB), a 4xx allows everything, and a
	// 5xx or no response disallows everything. Parsing the body of a 503
	// page instead would read it as a file without rules.
	resp, err := http.Get(srv.URL + "/robots.txt")
	if err != nil {
		log.Printf("fetch robots.txt: %v", err) // no response: everything is disallowed
	}
	r, access := robotshttp.FromResponse(resp, robotstxt.Options{})
	fmt.Println("robots.txt:", access)
	g := r.Group("ExampleBot")
	for _, path := range []string{
		"/",
		"/private/notes.html",
		"/private/press/launch.html",
		"/docs/manual.pdf",
		"/docs/manual.pdf?download=1",
		"/search?q=robots",
	} {
		u := srv.URL + path
		d := g.Decide(u)
		switch {
		case !d.Allowed:
			fmt.Printf("skip  %s (line %d: Disallow: %s)\n", path, d.Rule.Line, d.Rule.Pattern)
		default:
			fmt.Printf("fetch %s\n", path)
		}
	}
	for _, d := range lint.Check(r) {
		fmt.Printf("note: line %d: %s: %s [%s]\n", d.Line, d.Severity, d.Message, d.Code)
	}
	fmt.Println("sitemaps:", r.Sitemaps())
}
