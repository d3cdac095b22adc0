// Command crawler is a small polite crawler: it reads a site's robots.txt
// through a cache, starts from the sitemaps it lists, skips what the file
// disallows (logging the rule), waits out the Crawl-delay between requests,
// and honours each page's robots meta tags. It crawls a site it serves
// itself on loopback, so it runs as is:
//
//	go run ./examples/crawler
package main

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt/metarobots"
	"github.com/rfc9309/robotstxt/robotshttp"
	"golang.org/x/net/html"
)

const token = "ExampleBot"

func main() {
	site := startSite()
	defer site.Close()

	fetcher := &robotshttp.Fetcher{UserAgent: token + "/1.0"}
	cache := robotshttp.NewCache(fetcher, 1000)
	client := &http.Client{
		Transport: &robotshttp.Transport{Cache: cache, Agents: []string{token}, CrawlDelay: true},
		Timeout:   10 * time.Second,
	}
	ctx := context.Background()

	lookup, err := cache.Get(ctx, site.URL)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("robots.txt: %s\n", lookup.Fetch.Access)
	if d, ok := lookup.Group(token).CrawlDelay(); ok {
		fmt.Printf("crawl-delay: %v\n", d)
	}

	queue := sitemapURLs(ctx, client, lookup.Robots.Sitemaps())
	seen := make(map[string]bool)
	start := time.Now()
	for len(queue) > 0 && len(seen) < 50 { // a bounded crawl
		u := queue[0]
		queue = queue[1:]
		if seen[u] {
			continue
		}
		seen[u] = true
		links, err := crawl(ctx, client, u)
		var denied *robotshttp.DisallowedError
		switch {
		case errors.As(err, &denied) && denied.Unreachable:
			fmt.Printf("skip  %s (robots.txt unreachable)\n", strings.TrimPrefix(u, site.URL))
		case errors.As(err, &denied):
			fmt.Printf("skip  %s (robots.txt line %d: Disallow: %s)\n", strings.TrimPrefix(u, site.URL), denied.Decision.Rule.Line, denied.Decision.Rule.Pattern)
		case err != nil:
			fmt.Printf("error %s: %v\n", u, err)
		default:
			queue = append(queue, links...)
		}
	}
	fmt.Printf("visited %d URLs in %v\n", len(seen), time.Since(start).Round(100*time.Millisecond))
}

// crawl fetches one page and returns the links it lets the crawler follow.
func crawl(ctx context.Context, client *http.Client, u string) ([]string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	req.Header.Set("User-Agent", token+"/1.0")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	page, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	d, err := metarobots.FromHTML(strings.NewReader(string(page)), token)
	if err != nil {
		return nil, err
	}
	d = d.Merge(metarobots.FromHeader(resp.Header, token))
	fmt.Printf("fetch %s [%s]\n", resp.Request.URL.Path, d)
	if d.NoFollow {
		return nil, nil
	}
	return links(resp.Request.URL.String(), string(page)), nil
}

// links returns the absolute URLs of the page's links, leaving out those
// marked rel="nofollow" (or ugc, sponsored).
func links(base, page string) []string {
	var out []string
	z := html.NewTokenizer(strings.NewReader(page))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		t := z.Token()
		if t.Data != "a" || tt != html.StartTagToken {
			continue
		}
		var href, rel string
		for _, a := range t.Attr {
			switch a.Key {
			case "href":
				href = a.Val
			case "rel":
				rel = a.Val
			}
		}
		if href != "" && !metarobots.IsNoFollow(rel) {
			out = append(out, resolve(base, href))
		}
	}
	return out
}

func resolve(base, href string) string {
	if strings.HasPrefix(href, "/") {
		i := strings.Index(base[len("http://"):], "/")
		return base[:len("http://")+i] + href
	}
	return href
}

// sitemapURLs reads the <loc> entries of the sitemaps.
func sitemapURLs(ctx context.Context, client *http.Client, sitemaps []string) []string {
	var urls []string
	for _, s := range sitemaps {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s, nil)
		req.Header.Set("User-Agent", token+"/1.0")
		resp, err := client.Do(req)
		if err != nil {
			fmt.Printf("sitemap %s: %v\n", s, err)
			continue
		}
		var set struct {
			URLs []struct {
				Loc string `xml:"loc"`
			} `xml:"url"`
		}
		err = xml.NewDecoder(io.LimitReader(resp.Body, 10<<20)).Decode(&set)
		resp.Body.Close()
		if err != nil {
			fmt.Printf("sitemap %s: %v\n", s, err)
			continue
		}
		for _, u := range set.URLs {
			urls = append(urls, u.Loc)
		}
	}
	return urls
}

// startSite serves a small site with a robots.txt file, a sitemap and
// pages that link to each other.
func startSite() *httptest.Server {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /\n\nUser-agent: %s\nDisallow: /private/\nDisallow: /*.pdf$\nCrawl-delay: 0.2\n\nSitemap: %s/sitemap.xml\n", token, srv.URL)
		case "/sitemap.xml":
			fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%[1]s/</loc></url><url><loc>%[1]s/about</loc></url></urlset>`, srv.URL)
		case "/":
			fmt.Fprint(w, `<html><head><title>Home</title></head><body><a href="/about">About</a> <a href="/private/plans">Plans</a> <a href="/report.pdf">Report</a> <a href="/ads" rel="sponsored">Ad</a> <a href="/draft">Draft</a></body></html>`)
		case "/about":
			fmt.Fprint(w, `<html><head><meta name="robots" content="max-snippet:50"></head><body><a href="/">Home</a></body></html>`)
		case "/draft":
			fmt.Fprint(w, `<html><head><meta name="examplebot" content="noindex, nofollow"></head><body><a href="/draft/2">Next</a></body></html>`)
		default:
			http.NotFound(w, r)
		}
	}))
	return srv
}
