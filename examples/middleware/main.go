// Command middleware shows robots.txt enforcement as net/http middleware:
// a scraping client whose Transport refuses what each site's robots.txt
// disallows, before any request is sent. It serves two sites itself on
// loopback, so it runs as is:
//
//	go run ./examples/middleware
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

func site(robots string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			if robots == "" {
				w.WriteHeader(http.StatusServiceUnavailable) // unreachable: nothing allowed
				return
			}
			fmt.Fprint(w, robots)
			return
		}
		fmt.Fprintf(w, "content of %s", r.URL.Path)
	}))
}

func main() {
	shop := site("User-agent: *\nDisallow: /cart\nDisallow: /*?sessionid=\n")
	defer shop.Close()
	down := site("")
	defer down.Close()

	client := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &robotshttp.Transport{
			Cache:  robotshttp.NewCache(&robotshttp.Fetcher{UserAgent: "ExampleScraper/2.0"}, 100),
			Agents: []string{"ExampleScraper"},
		},
	}
	for _, u := range []string{
		shop.URL + "/products/42",
		shop.URL + "/cart",
		shop.URL + "/products/42?sessionid=abc",
		down.URL + "/anything",
	} {
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		req.Header.Set("User-Agent", "ExampleScraper/2.0 (+https://example.com/bot)")
		resp, err := client.Do(req)
		var denied *robotshttp.DisallowedError
		switch {
		case errors.As(err, &denied):
			fmt.Printf("refused %s\n        %v\n", u, denied)
		case err != nil:
			fmt.Printf("error   %s: %v\n", u, err)
		default:
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Printf("got     %s: %q\n", u, body)
		}
	}
}
