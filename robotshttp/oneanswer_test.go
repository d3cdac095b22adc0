package robotshttp_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestOneAnswerPerCrawler asks one crawler about one URL through every
// route of the package that decides for it, and through package
// crawlers, and wants one answer: the group its operator documents for a
// crawler of the registry (Googlebot-Image follows Googlebot's group when
// no group names it), RFC 9309's merge for several names, and the
// unreachable verdict for every crawler, even one that ignores "*".
func TestOneAnswerPerCrawler(t *testing.T) {
	const file = "User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nDisallow: /private/\n"
	google := "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers"
	tests := []struct {
		name    string
		status  int      // of robots.txt
		agents  []string // the crawler's names; the header is the first
		header  string   // the request's User-Agent header
		allowed map[string]bool
		source  string
	}{
		{"Googlebot-Image: Googlebot's group", 200, []string{"Googlebot-Image"}, "Googlebot-Image/1.0",
			map[string]bool{"/photos/a.jpg": false, "/private/x": true}, google},
		{"Googlebot-Image as a whole header", 200, []string{"Googlebot-Image/1.0"}, "Googlebot-Image/1.0",
			map[string]bool{"/photos/a.jpg": false, "/private/x": true}, google},
		{"an unknown crawler: its group, else *", 200, []string{"ExampleBot"}, "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)",
			map[string]bool{"/photos/a.jpg": true, "/private/x": false}, "RFC 9309 section 2.2.1"},
		{"several names: their groups merged", 200, []string{"Googlebot-Image", "Googlebot-News"}, "Googlebot-Image/1.0",
			map[string]bool{"/photos/a.jpg": true, "/private/x": false}, "RFC 9309 section 2.2.1"},
		{"* is the * group", 200, []string{"*"}, "*",
			map[string]bool{"/photos/a.jpg": true, "/private/x": false}, "RFC 9309 section 2.2.1"},
		{"unreachable: AdsBot-Google, which ignores *, is disallowed too", 503, []string{"AdsBot-Google"}, "AdsBot-Google (+http://www.google.com/adsbot.html)",
			map[string]bool{"/photos/a.jpg": false, "/": false}, "RFC 9309 section 2.3.1.4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, tt.status, file)
			ctx := context.Background()
			cache := robotshttp.NewCache(nil, 0)
			withAgents := &http.Client{Transport: &robotshttp.Transport{Cache: cache, Agents: tt.agents}}
			withHeader := &http.Client{Transport: &robotshttp.Transport{Cache: cache}}
			for path, want := range tt.allowed {
				answers := map[string]bool{}
				if len(tt.agents) == 1 {
					d, _, err := cache.Decide(ctx, tt.agents[0], s.URL+path)
					if err != nil {
						t.Fatal(err)
					}
					answers["Cache.Decide"] = d.Allowed
					answers["Transport with the header"] = sent(t, withHeader, s.URL+path, tt.header)
					if tt.status == 200 && tt.agents[0] != "*" {
						answers["crawlers.Decide"] = crawlers.Decide(robotstxt.Parse([]byte(file)), tt.agents[0], path).Allowed
					}
				}
				l, err := cache.Get(ctx, s.URL+path)
				if err != nil {
					t.Fatal(err)
				}
				answers["Lookup.Group"] = l.Group(tt.agents...).Allowed(path)
				answers["Transport with Agents"] = sent(t, withAgents, s.URL+path, tt.header)
				for route, got := range answers {
					if got != want {
						t.Errorf("%s: %v for %q at %s, want %v (%s)", route, got, strings.Join(tt.agents, ", "), path, want, tt.source)
					}
				}
			}
		})
	}
}

// sent reports whether a GET of url with the User-Agent header ua went
// through client, failing the test on any error but a refusal.
func sent(t *testing.T, client *http.Client, url, ua string) bool {
	t.Helper()
	err := get(client, context.Background(), url, ua)
	if err != nil && !errors.Is(err, robotshttp.ErrDisallowed) {
		t.Fatalf("GET %s: %v", url, err)
	}
	return err == nil
}
