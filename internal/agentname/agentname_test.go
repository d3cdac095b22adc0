package agentname

import (
	"strconv"
	"strings"
	"testing"
)

const (
	google = "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers"
	bing   = "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0"
	yandex = "https://yandex.com/support/webmaster/en/robot-workings/user-agent"
	apple  = "https://support.apple.com/en-us/119829"
	openai = "https://platform.openai.com/docs/bots"
)

func TestLeading(t *testing.T) {
	tests := []struct{ source, in, want string }{
		{"a name", "Googlebot", "Googlebot"},
		{google + ": a name with its version", "Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot"},
		{"en.wikipedia.org's robots.txt: digits", "MJ12bot/1.4", "MJ12bot"},
		{"ai.robots.txt: a dot", "panscient.com", "panscient.com"},
		{"protego: letters of any script", "UnicödeBöt/1.0", "UnicödeBöt"},
		{"no name", "/bot", ""},
		{"invalid UTF-8 ends a name", "Bot\xffx", "Bot"},
	}
	for _, tt := range tests {
		if got := Leading(tt.in); got != tt.want {
			t.Errorf("Leading(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.source)
		}
	}
}

func TestCaller(t *testing.T) {
	tests := []struct{ source, agent, want string }{
		{google + ": Googlebot smartphone", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{google + ": Googlebot desktop", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36", "Googlebot"},
		{google + ": a name with no version", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)", "GoogleOther"},
		{bing, "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{yandex, "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"},
		{apple + ": a name that opens a comment", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "Applebot"},
		{openai + ": compatible after the comments", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot", "GPTBot"},
		{"http://archive.org/details/archive.org_bot: no version", "Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)", "archive.org_bot"},
		{"Mozilla in any case, compatible in any case", "mozilla/5.0 (COMPATIBLE; ExampleBot/1.0)", "ExampleBot"},
		{"compatible, then a comma and a tab", "Mozilla/5.0 (compatible ,\tExampleBot/1.0)", "ExampleBot"},
		{"compatible followed by no name", "Mozilla/5.0 (compatible; +https://example.com/bot) Chrome/1.0", ""},
		{"compatible without its ';' is a word", "Mozilla/5.0 (compatible) Chrome/1.0", "Mozilla"},
		{"a browser", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Mozilla"},
		{"a browser's comment names no crawler", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Mozilla"},
		{"the words of a URL are no names", "Mozilla/5.0 (+https://example.com/compatible;x/ExampleBot/1.0)", "Mozilla"},
		{"a crawler that names itself first", "ExampleBot/1.0 (compatible; Googlebot/2.1)", "ExampleBot"},
		{"a longer leading name is not Mozilla", "Mozillabot/1.0 (compatible; Googlebot/2.1)", "Mozillabot"},
		{"no name", "", ""},
	}
	for _, tt := range tests {
		if got := Caller(tt.agent); got != tt.want {
			t.Errorf("Caller(%q) = %q, want %q (%s)", tt.agent, got, tt.want, tt.source)
		}
	}
}

func TestCommented(t *testing.T) {
	tests := []struct {
		source, ua, want string
		ok               bool
	}{
		{"https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers: not led by Mozilla", "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "Mediapartners-Google", true},
		{"compatible at the start", "compatible; ExampleBot/1.0", "ExampleBot", true},
		{"compatible with nothing after it", "Mozilla/5.0 (compatible;)", "", true},
		{"neither shape", "ExampleBot/1.0 (+https://example.com/bot)", "", false},
		{"a comment that opens with a word and no version", "Mozilla/5.0 (X11; Linux x86_64)", "", false},
		{"the first shape in the header", "Mozilla/5.0 (Applebot/0.1) (compatible; ExampleBot/1.0)", "Applebot", true},
	}
	for _, tt := range tests {
		if got, ok := Commented(tt.ua); got != tt.want || ok != tt.ok {
			t.Errorf("Commented(%q) = %q, %v, want %q, %v (%s)", tt.ua, got, ok, tt.want, tt.ok, tt.source)
		}
	}
}

func TestCallerAllocs(t *testing.T) {
	ua := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36"
	if n := testing.AllocsPerRun(100, func() { Caller(ua) }); n != 0 {
		t.Errorf("Caller(%q) allocates %v times, want 0", ua, n)
	}
}

// FuzzCaller checks what holds for any agent: the name is a part of it,
// is a name as Leading reads one, and is the leading name unless the
// agent is led by "Mozilla".
func FuzzCaller(f *testing.F) {
	f.Add("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	f.Add("Mozilla/5.0 (Macintosh) Safari/605.1.15 (Applebot/0.1; +url)")
	f.Add("MJ12bot/1.4")
	f.Add("Mozilla (compatible ;\t;")
	f.Fuzz(func(t *testing.T, agent string) {
		name := Caller(agent)
		if !strings.Contains(agent, name) || Leading(name) != name {
			t.Fatalf("Caller(%q) = %q: not a name in the agent", agent, name)
		}
		if lead := Leading(agent); !strings.EqualFold(lead, "mozilla") && name != lead {
			t.Fatalf("Caller(%q) = %q, want its leading name %q", agent, name, lead)
		}
	})
}

// BenchmarkCaller times reading the crawler's name out of documented
// headers: a bare product, and browser-style headers that name the
// crawler early, late and not at all.
func BenchmarkCaller(b *testing.B) {
	for _, ua := range []string{
		"Googlebot/2.1 (+http://www.google.com/bot.html)",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36",
		"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
	} {
		b.Run(Caller(ua)+"/len="+strconv.Itoa(len(ua)), func(b *testing.B) {
			b.SetBytes(int64(len(ua)))
			b.ReportAllocs()
			for b.Loop() {
				Caller(ua)
			}
		})
	}
}

func TestNoCrawler(t *testing.T) {
	tests := []struct {
		source, agent string
		want          bool
	}{
		{"temoto/robotstxt's TestAgent(path, agent) order: a path", "/admin/x", true},
		{"a path: the root", "/", true},
		{"a path: a network-path reference", "//example.com/x", true},
		{"a URL", "https://example.com/admin", true},
		{"a URL of another scheme", "ftp://example.com/", true},
		{"a URL whose scheme starts with m", "mms://example.com/x", true},
		{"a name led by Mozilla is not Mozilla", "Mozillabot/1.0 (compatible;)", false},
		{"a name that starts with m", "mj12bot", false},
		{"a blank before the name", " Googlebot", true},
		{"a comment without a name", "(compatible)", true},
		{"compatible followed by no name", "Mozilla/5.0 (compatible;)", true},
		{"compatible followed by a URL only", "Mozilla/5.0 (compatible; +https://example.com/bot) Chrome/1.0", true},
		{"RFC 9309 section 2.2.1: the global group", "*", false},
		{"no name: the global group, as Google's library answers", "", false},
		{"a name", "Googlebot", false},
		{"a name with its version", "MJ12bot/1.4", false},
		{"a whole header that holds a URL later", "MyCrawler/1.0 (+https://example.com/bot)", false},
		{"a host name is a name", "panscient.com", false},
		{"a name followed by a colon is no URL", "Bot:1", false},
		{google + ": a header that names its crawler in a comment only", "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", false},
		{bing, "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", false},
		{"a browser's header is the crawler Mozilla", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", false},
		{"letters of any script", "UnicödeBöt", false},
	}
	for _, tt := range tests {
		if got := NoCrawler(tt.agent); got != tt.want {
			t.Errorf("NoCrawler(%q) = %v, want %v (%s)", tt.agent, got, tt.want, tt.source)
		}
	}
}

func TestGoogle(t *testing.T) {
	tests := []struct{ source, in, want string }{
		{"Google's ExtractUserAgent: letters, '-' and '_'", "Googlebot-Image_x", "Googlebot-Image_x"},
		{"Google's ExtractUserAgent: a version ends it", "Googlebot/2.1", "Googlebot"},
		{"a digit ends it", "MJ12bot", "MJ"},
		{"a dot ends it", "archive.org_bot", "archive"},
		{"a blank ends it", "Screaming Frog SEO Spider", "Screaming"},
		{"a leading digit leaves nothing", "360Spider", ""},
		{"no ASCII letter beyond ASCII", "Bötbot", "B"},
	}
	for _, tt := range tests {
		if got := Google(tt.in); got != tt.want {
			t.Errorf("Google(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.source)
		}
	}
}

func TestIsURL(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"https://example.com/x", true},
		{"http://", true},
		{"https", false},
		{"MyCrawler/1.0 (+https://example.com/bot)", false},
		{"://x", false},
		{"Mozilla/5.0 (compatible; +https://example.com/bot)", false},
	} {
		if got := IsURL(tt.in); got != tt.want {
			t.Errorf("IsURL(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestQuoted(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/admin/x", `"/admin/x"`},
		{"https://example.com/x", `"https://example.com/x"`},
		{"https://user:pw@example.com/x", `"https:…@example.com/x"`},
		{"http://user:pa/ss@host/", `"http:…@host/"`},
		{`http:\\user:pass@host`, `"http:…@host"`},
		{"user@host", `"user@host"`}, // no ':' before the '@': no password
		{"/a@b:c", `"/a@b:c"`},       // the ':' after the last '@'
		{strings.Repeat("a", 70), `"` + strings.Repeat("a", 64) + `..."`},
	} {
		if got := Quoted(tt.in); got != tt.want {
			t.Errorf("Quoted(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
