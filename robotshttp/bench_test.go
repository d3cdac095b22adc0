package robotshttp_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// BenchmarkCacheDecide is a call answered from the cache: a look-up in
// the store and in the parsed files, then a decision. Its time should not
// grow with the size of the file, which it compares with the one parsed,
// except from a store that hands back a new copy on each Get, whose
// transfer of the body the comparison costs no more than.
func BenchmarkCacheDecide(b *testing.B) {
	stores := []struct {
		name  string
		cache func() *robotshttp.Cache
	}{
		{"no Store", func() *robotshttp.Cache { return robotshttp.NewCache(&robotshttp.Fetcher{}, 0) }},
		{"given store", func() *robotshttp.Cache {
			return &robotshttp.Cache{Store: newMapStore()}
		}},
		{"copying store", func() *robotshttp.Cache {
			return &robotshttp.Cache{Store: copyingStore{newMapStore()}}
		}},
	}
	for _, store := range stores {
		for _, bench := range []struct {
			name  string
			rules int
		}{
			{"1 rule", 1},
			{"20000 rules", 20000}, // about 400 KB
		} {
			b.Run(store.name+"/"+bench.name, func(b *testing.B) {
				file := "User-agent: *\n" + strings.Repeat("Disallow: /private\n", bench.rules)
				s := newSite(b, 200, file)
				c := store.cache()
				ctx := context.Background()
				target := s.URL + "/public/page"
				if _, _, err := c.Decide(ctx, "bot", target); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					c.Decide(ctx, "bot", target)
				}
			})
		}
	}
}

// BenchmarkTransportAgents is a request that a cached file allows, sent
// through a Transport with two Agents, each named by a group of 2,000
// rules, apart in the file, whose union the crawler obeys. Its Base
// fetches robots.txt from the server and answers the page itself, so
// that the time is the Transport's.
func BenchmarkTransportAgents(b *testing.B) {
	var file strings.Builder
	for _, agent := range []string{"AlphaBot", "BetaBot"} {
		fmt.Fprintf(&file, "User-agent: %s\n", agent)
		for i := range 2000 {
			fmt.Fprintf(&file, "Disallow: /%s/%d/\n", agent, i)
		}
		file.WriteString("\nUser-agent: OtherBot\nDisallow: /\n\n")
	}
	s := newSite(b, 200, file.String())
	tr := &robotshttp.Transport{Base: pageTransport{}, Agents: []string{"AlphaBot", "BetaBot"}}
	req, err := http.NewRequest(http.MethodGet, s.URL+"/BetaBot/1999", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		resp, err := tr.RoundTrip(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
}

// pageTransport fetches robots.txt files through http.DefaultTransport
// and answers every other request with an empty page.
type pageTransport struct{}

func (pageTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Path == "/robots.txt" {
		return http.DefaultTransport.RoundTrip(req)
	}
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: req}, nil
}
