package robotstxt

import (
	"slices"
	"testing"
)

// Documented User-Agent headers of crawlers that send a browser's header
// with their name in a comment.
const (
	googleCrawlers = "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers"
	bingCrawlers   = "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0"
	yandexRobots   = "https://yandex.com/support/webmaster/en/robot-workings/user-agent"
	appleBot       = "https://support.apple.com/en-us/119829"
)

// callerFile gives each crawler of the rows a group of its own, a
// "Mozilla" group and a "*" group, so that the group a caller's name finds
// tells how the name was read.
const callerFile = `User-agent: *
Disallow: /star
User-agent: Mozilla
Disallow: /mozilla
User-agent: Googlebot
Disallow: /googlebot
User-agent: bingbot
Disallow: /bingbot
User-agent: YandexBot
Disallow: /yandexbot
User-agent: Applebot
Disallow: /applebot
User-agent: ExampleBot
Disallow: /examplebot
`

// TestCallerHeaders checks which group a whole User-Agent header finds:
// in RFC mode a browser-style header, led by "Mozilla", is read as the
// crawler it names in a comment, never as the crawler "Mozilla"; Google
// mode takes the header as given, as Google's library does.
func TestCallerHeaders(t *testing.T) {
	tests := []struct {
		source, agent string
		mode          Mode
		want          string // the name of the group found
	}{
		{googleCrawlers + " (Googlebot smartphone)", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", RFC, "Googlebot"},
		{googleCrawlers + " (Googlebot desktop)", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36", RFC, "Googlebot"},
		{googleCrawlers + " (Googlebot desktop, rarely)", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", RFC, "Googlebot"},
		{googleCrawlers + " (Googlebot, its own header)", "Googlebot/2.1 (+http://www.google.com/bot.html)", RFC, "Googlebot"},
		{bingCrawlers + " (bingbot)", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", RFC, "bingbot"},
		{bingCrawlers + " (bingbot desktop)", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/W.X.Y.Z Safari/537.36 Edg/W.X.Y.Z", RFC, "bingbot"},
		{bingCrawlers + " (bingbot mobile)", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 Edg/W.X.Y.Z (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", RFC, "bingbot"},
		{yandexRobots + " (YandexBot)", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", RFC, "YandexBot"},
		{yandexRobots + " (YandexBot, Chrome-based)", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268", RFC, "YandexBot"},
		{appleBot + " (a product opening a comment)", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", RFC, "Applebot"},
		{"an unknown crawler in the compatible shape", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", RFC, "ExampleBot"},
		{"Mozilla in any case", "MOZILLA/5.0 (Compatible; examplebot/1.0)", RFC, "ExampleBot"},
		{"a crawler the file does not name: the * group, not Mozilla's", "Mozilla/5.0 (compatible; OtherBot/1.0; +https://example.com/bot)", RFC, "*"},
		{"a browser names no crawler in a comment: its leading name", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", RFC, "Mozilla"},
		{"a header not led by Mozilla: its leading name", "ExampleBot/1.0 (compatible; Googlebot/2.1)", RFC, "ExampleBot"},
		{"Mozilla as a name", "Mozilla", RFC, "Mozilla"},
		{"Google's library takes a caller's name as given", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", Google, "*"},
		{"Google's library takes a caller's name as given", "Googlebot", Google, "Googlebot"},
	}
	for _, tt := range tests {
		r := Options{Mode: tt.mode}.Parse([]byte(callerFile))
		if got := r.Group(tt.agent).Agents(); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("%v: Group(%q).Agents() = %q, want [%q] (%s)", tt.mode, tt.agent, got, tt.want, tt.source)
		}
	}
}

// TestCallerHeaderDecides is the case that shows the header's reading
// matters: a browser-style header read as "Mozilla" fell back to the "*"
// group, which allows what the crawler's own group disallows.
func TestCallerHeaderDecides(t *testing.T) {
	r := Parse([]byte("User-agent: Googlebot\nDisallow: /\n\nUser-agent: ExampleBot\nDisallow: /\n"))
	agent := "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://e.com/bot)"
	if got := r.Allowed(agent, "/page"); got {
		t.Errorf("Allowed(%q, %q) = %v, want %v", agent, "/page", got, false)
	}
	if got := r.Decide(agent, "/page").Rule.Line; got != 5 {
		t.Errorf("Decide(%q, %q).Rule.Line = %d, want 5", agent, "/page", got)
	}
}

// TestCallerHeaderAllocs checks that reading a browser-style header
// allocates nothing.
func TestCallerHeaderAllocs(t *testing.T) {
	r := Parse([]byte(callerFile))
	agent := "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	r.Allowed(agent, "/") // builds the group
	if n := testing.AllocsPerRun(100, func() { r.Allowed(agent, "/googlebot") }); n != 0 {
		t.Errorf("Allowed(%q, %q) allocates %v times, want 0", agent, "/googlebot", n)
	}
}
