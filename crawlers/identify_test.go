package crawlers

import (
	"strings"
	"testing"
)

const (
	googleCommon  = "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers"
	googleSpecial = "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers"
	bing          = "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0"
	yandex        = "https://yandex.ru/support/webmaster/robot-workings/check-yandex-robots.html"
	openai        = "https://platform.openai.com/docs/bots"
	perplexity    = "https://docs.perplexity.ai/guides/bots"
)

// headerTests are the User-Agent headers the operators document, each
// with the crawler it names.
var headerTests = []struct {
	source, header, want string
}{
	{googleCommon, "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
	{googleCommon, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36", "Googlebot"},
	{googleCommon, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
	{googleCommon, "Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot"},
	{googleCommon, "Googlebot-Image/1.0", "Googlebot-Image"},
	{googleCommon, "Googlebot-Video/1.0", "Googlebot-Video"},
	{googleCommon, "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36", "Storebot-Google"},
	{googleCommon, "Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Mobile Safari/537.36", "Storebot-Google"},
	{googleCommon, "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)", "Google-InspectionTool"},
	{googleCommon, "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)", "GoogleOther"},
	{googleCommon, "GoogleOther-Image/1.0", "GoogleOther-Image"},
	{googleCommon, "GoogleOther-Video/1.0", "GoogleOther-Video"},
	{googleCommon, "Google-CloudVertexBot", "Google-CloudVertexBot"},
	{googleSpecial, "APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)", "APIs-Google"},
	{googleSpecial, "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"},
	{googleSpecial, "Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"},
	{googleSpecial, "AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot-Google"},
	{googleSpecial, "Mediapartners-Google", "Mediapartners-Google"},
	{googleSpecial, "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "Mediapartners-Google"},
	{bing, "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
	{bing, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/W.X.Y.Z Safari/537.36 Edg/W.X.Y.Z", "bingbot"},
	{bing, "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 Edg/W.X.Y.Z (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
	{bing, "Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)", "adidxbot"},
	{bing, "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b", "BingPreview"},
	{yandex, "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"},
	{yandex, "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268", "YandexBot"},
	{yandex, "Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)", "YandexImages"},
	{"https://www.baidu.com/search/spider.html", "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"},
	{"https://support.apple.com/en-us/119829", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "Applebot"},
	{"https://support.apple.com/en-us/119829", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)", "Applebot"},
	{"https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot", "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "DuckDuckBot"},
	{"https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot", "DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)", "DuckAssistBot"},
	{"https://searchadvisor.naver.com/guide/seo-basic-robots", "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)", "Yeti"},
	{"https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/", "Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)", "SeznamBot"},
	{"https://ahrefs.com/robot", "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "AhrefsBot"},
	{"https://ahrefs.com/robot", "Mozilla/5.0 (compatible; AhrefsSiteAudit/6.1; +http://ahrefs.com/robot/site-audit)", "AhrefsSiteAudit"},
	{"https://www.semrush.com/bot/", "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "SemrushBot"},
	{"https://mj12bot.com/", "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "MJ12bot"},
	{"https://moz.com/help/moz-procedures/crawlers/dotbot", "Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)", "DotBot"},
	{"https://moz.com/help/guides/moz-procedures/what-is-rogerbot", "rogerbot/1.2 (https://moz.com/help/guides/moz-procedures/what-is-rogerbot, rogerbot-crawler+aardwolf-production-crawler-01@moz.com)", "rogerbot"},
	{"https://www.screamingfrog.co.uk/seo-spider/user-guide/configuration/", "Screaming Frog SEO Spider/21.0", "Screaming Frog SEO Spider"},
	{"https://commoncrawl.org/ccbot", "CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot"},
	{"http://archive.org/details/archive.org_bot", "Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)", "archive.org_bot"},
	{openai, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot", "GPTBot"},
	{openai, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot"},
	{openai, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot", "OAI-SearchBot"},
	{openai, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ChatGPT-User"},
	{"https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"},
	{perplexity, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "PerplexityBot"},
	{perplexity, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "Perplexity-User"},
	{"a crawler's name as a header", "Google-Extended", "Google-Extended"},
	{"a crawler's name in another case", "GOOGLEBOT-IMAGE", "Googlebot-Image"},
}

func TestIdentify(t *testing.T) {
	for _, tt := range headerTests {
		c, ok := Identify(tt.header)
		if !ok || c.Name() != tt.want {
			t.Errorf("Identify(%q) = %q, %v, want %q (%s)", tt.header, c.Name(), ok, tt.want, tt.source)
		}
	}
}

// TestIdentifyNone checks that browsers, HTTP libraries and the words of
// a header that only mention a crawler identify none.
func TestIdentifyNone(t *testing.T) {
	for _, h := range []string{
		"",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)",
		"curl/8.5.0",
		"Go-http-client/1.1",
		"python-requests/2.32.3",
		"Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/googlebot)",
		"Mozilla/5.0 (compatible; Sogou web spider/4.0; +http://www.sogou.com/docs/help/webmasters.htm#07)",
		"NotGooglebot/1.0",
		"Googlebot2/1.0",
	} {
		if c, ok := Identify(h); ok {
			t.Errorf("Identify(%q) = %q, want none", h, c.Name())
		}
	}
}

// TestIdentifyCopy checks that a caller cannot change the registry
// through the crawler Identify returns.
func TestIdentifyCopy(t *testing.T) {
	c, _ := Identify("Googlebot-Image/1.0")
	c.Tokens[0] = "changed"
	_ = append(c.Tokens, "more")
	if d, _ := Identify("Googlebot-Image/1.0"); d.Name() != "Googlebot-Image" || len(d.Tokens) != 2 {
		t.Errorf("after a change to a copy, Identify gives %q", d.Tokens)
	}
}

func TestName(t *testing.T) {
	tests := []struct {
		source, header, want string
	}{
		{"a known crawler: its name", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{"the compatible shape", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", "ExampleBot"},
		{"compatible after the comments", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ExampleBot/1.2; +https://example.com/bot", "ExampleBot"},
		{"compatible inside a comment", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ExampleBot/1.2; +url) Chrome/1.2.3.4 Safari/537.36", "ExampleBot"},
		{"a product opening a comment", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (ExampleBot/0.1; +url)", "ExampleBot"},
		{"a bare product, as RFC mode reads it", "ExampleBot/1.0 (+https://example.com/bot)", "ExampleBot"},
		{"a browser: its leading name", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Mozilla"},
		{"compatible with nothing after it", "Mozilla/5.0 (compatible;)", ""},
		{"compatible followed by no name: not a later word", "Mozilla/5.0 (compatible; +https://example.com/bot) Chrome/1.0", ""},
		{"compatible and a name of any script, as RFC mode reads names", "Mozilla/5.0 (compatible; Ünibot/1.0)", "Ünibot"},
		{"a comment's name in a header not led by Mozilla", "Foo/1.0 (compatible; Bar/2.0)", "Bar"},
		{"of the two shapes, the first in the header", "Foo/1.0 (Bar/2.0) (compatible; Baz/1.0)", "Bar"},
		{"a known crawler: the registry's name, as it spells it", "mozilla/5.0 (compatible; GOOGLEBOT/2.1)", "Googlebot"},
	}
	for _, tt := range tests {
		if got := Name(tt.header); got != tt.want {
			t.Errorf("Name(%q) = %q, want %q (%s)", tt.header, got, tt.want, tt.source)
		}
	}
}

// TestIdentifyLinear counts the bytes scan looks up and the positions
// it reads for hostile headers of n and 2n units: the work per byte of
// header stays bounded.
func TestIdentifyLinear(t *testing.T) {
	for _, unit := range []string{"a ", "(a;", "Googlebot-", strings.Repeat("x", 100) + " ", "a b c d e f ", "\xff(;", "Screaming Frog SEO ", "A-b C-d "} {
		n1 := work(strings.Repeat(unit, 1000))
		n2 := work(strings.Repeat(unit, 2000))
		if n2 > 2*n1+maxNameLen*maxNameWords || n1 > maxWorkPerByte*len(unit)*1000 {
			t.Errorf("%q: work %d for 1000 units, %d for 2000", unit, n1, n2)
		}
	}
}

// maxWorkPerByte bounds the bytes looked up per byte of header: at most
// maxNameWords keys of at most maxNameLen bytes at a position, and a
// position takes at least two bytes (a word and its delimiter) but at
// the header's start.
const maxWorkPerByte = maxNameWords * maxNameLen

// work returns the bytes scan looks up for ua.
func work(ua string) int {
	_, _, n := theRegistry().scan(ua)
	return n
}

func TestIdentifyAllocs(t *testing.T) {
	h := headerTests[0].header
	if n := testing.AllocsPerRun(100, func() { Identify(h) }); n > 1 {
		t.Errorf("Identify(Googlebot smartphone) allocates %v times, want at most 1 (the copy)", n)
	}
	if n := testing.AllocsPerRun(100, func() { Name(h) }); n != 0 {
		t.Errorf("Name(Googlebot smartphone) allocates %v times, want 0", n)
	}
}

func FuzzIdentify(f *testing.F) {
	for _, tt := range headerTests {
		f.Add(tt.header)
	}
	f.Add("Mozilla/5.0 (compatible; ExampleBot/1.0; +url)")
	f.Add("\xff\x00(;compatible;")
	f.Fuzz(func(t *testing.T, ua string) {
		c1, ok1 := Identify(ua)
		c2, ok2 := Identify(ua)
		if ok1 != ok2 || c1.Name() != c2.Name() {
			t.Fatalf("Identify(%q) is not deterministic", ua)
		}
		name := Name(ua)
		if ok1 && name != c1.Name() {
			t.Fatalf("Name(%q) = %q, Identify %q", ua, name, c1.Name())
		}
		if !ok1 && !strings.Contains(ua, name) {
			t.Fatalf("Name(%q) = %q, not a part of the header", ua, name)
		}
		if n := work(ua); n > maxWorkPerByte*len(ua) {
			t.Fatalf("Identify(%q) looks up %d bytes, more than %d per byte", ua, n, maxWorkPerByte)
		}
	})
}

func BenchmarkIdentify(b *testing.B) {
	for _, bc := range []struct{ name, ua string }{
		{"googlebot-smartphone", headerTests[0].header},
		{"ccbot", "CCBot/2.0 (https://commoncrawl.org/faq/)"},
		{"browser", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
		{"hostile-64KiB", strings.Repeat("(a b c d;", 64<<10/9)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			theRegistry()
			b.SetBytes(int64(len(bc.ua)))
			b.ReportAllocs()
			for b.Loop() {
				Identify(bc.ua)
			}
		})
	}
}
