package metarobots

import (
	"net/http"
	"strings"
	"testing"
)

const (
	googleMeta     = "https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag"
	googleCrawlers = "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers"
	bingCrawlers   = "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0"
)

// TestAgentNames checks that a tag or header addressed to a crawler
// applies when the crawler is given as its name in any case, with a
// version or as its whole User-Agent header, as the root package reads a
// crawler's name in RFC mode: Google's robots meta tag documentation says
// the name attribute is case-insensitive, and a crawler knows itself by
// the header it sends.
func TestAgentNames(t *testing.T) {
	tests := []struct {
		source, name, agent string
		want                bool
	}{
		{googleMeta + ": names are case-insensitive", "googlebot", "Googlebot", true},
		{googleMeta + ": names are case-insensitive", "GOOGLEBOT", "googlebot", true},
		{googleCrawlers + ": a name with its version", "googlebot", "Googlebot/2.1", true},
		{googleCrawlers + ": Googlebot's own header", "googlebot", "Googlebot/2.1 (+http://www.google.com/bot.html)", true},
		{googleCrawlers + ": Googlebot desktop", "googlebot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36", true},
		{googleCrawlers + ": Googlebot smartphone", "googlebot", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{bingCrawlers + ": bingbot", "bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true},
		{"a longer name is another crawler", "googlebot", "Googlebot-News", false},
		{"another crawler's header", "googlebot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", false},
		{"a browser's header names the crawler Mozilla, not the one in its comment", "googlebot", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", false},
		{"an empty agent names no crawler", "googlebot", "", false},
	}
	for _, tt := range tests {
		h := http.Header{"X-Robots-Tag": {tt.name + ": noindex"}}
		if got := FromHeader(h, tt.agent).NoIndex; got != tt.want {
			t.Errorf("FromHeader(%q, %q).NoIndex = %v, want %v (%s)", h.Get("X-Robots-Tag"), tt.agent, got, tt.want, tt.source)
		}
		page := `<head><meta name="` + tt.name + `" content="noindex"></head>`
		d, err := FromHTML(strings.NewReader(page), tt.agent)
		if err != nil || d.NoIndex != tt.want {
			t.Errorf("FromHTML(%q, %q).NoIndex = %v, %v, want %v (%s)", page, tt.agent, d.NoIndex, err, tt.want, tt.source)
		}
	}
}
