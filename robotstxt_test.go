package robotstxt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestRules has one row per behaviour of the tokenizer, the group builder
// and the matcher, each naming its source. Rows run in both modes unless
// a mode is given.
func TestRules(t *testing.T) {
	type row struct {
		source string
		robots string
		agents []string
		target string
		want   bool
		line   int // deciding line, 0 for none
		mode   *Mode
	}
	rfc, google := RFC, Google
	fb := []string{"FooBot"}
	tests := []row{
		// Line syntax.
		{"LF line ends", "User-agent: FooBot\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"CR line ends", "User-agent: FooBot\rDisallow: /\r", fb, "/x", false, 2, nil},
		{"CRLF line ends", "User-agent: FooBot\r\nDisallow: /\r\n", fb, "/x", false, 2, nil},
		{"mixed line ends count like Google's parser", "User-agent: FooBot\r\n\r\rAllow: /x\n\r\nDisallow: /", fb, "/y", false, 6, nil},
		{"last line without newline", "User-agent: FooBot\nDisallow: /", fb, "/x", false, 2, nil},
		{"BOM skipped at the start", "\ufeffUser-agent: FooBot\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"partial BOM skipped at the start", "\xef\xbbUser-agent: FooBot\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"BOM elsewhere is content", "User-agent: FooBot\n\ufeffDisallow: /\n", fb, "/x", true, 0, nil},
		{"comment line", "User-agent: FooBot\n# Disallow: /\nDisallow: /a\n", fb, "/x", true, 0, nil},
		{"comment after a value", "User-agent: FooBot # me\nDisallow: /a#b\n", fb, "/a", false, 2, nil},
		{"keys are case-insensitive", "USER-AGENT: FooBot\nDISALLOW: /\n", fb, "/x", false, 2, nil},
		{"whitespace around key, colon and value", "  User-agent :\tFooBot  \n\tDisallow :  /a  \n", fb, "/a", false, 2, nil},
		{"missing colon, two words", "User-agent FooBot\nDisallow /\n", fb, "/x", false, 2, nil},
		{"missing colon, three words: ignored", "User-agent: FooBot\nDisallow / x\n", fb, "/x", true, 0, nil},
		{"typo useragent", "useragent: FooBot\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"typo user agent", "user agent: FooBot\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"typo dissallow", "User-agent: FooBot\ndissallow: /\n", fb, "/x", false, 2, nil},
		{"typo disalow", "User-agent: FooBot\ndisalow: /\n", fb, "/x", false, 2, nil},
		{"key read by prefix", "User-agent: FooBot\nDisallowed: /\n", fb, "/x", false, 2, nil},
		{"no typo tolerance for allow", "User-agent: FooBot\nDisallow: /\nalow: /x\n", fb, "/x", false, 2, nil},
		{"NUL ends a line", "User-agent: FooBot\nDisallow: /a\x00bc\n", fb, "/a", false, 2, nil},
		{"NUL ends a line (rest ignored)", "User-agent: FooBot\nDisallow: /a\x00bc\n", fb, "/b", true, 0, nil},
		// Groups.
		{"RFC 9309 section 2.1: rules before any user-agent are ignored", "Disallow: /\nUser-agent: FooBot\nAllow: /x\n", fb, "/y", true, 0, nil},
		{"consecutive user-agent lines share a group", "User-agent: BarBot\nUser-agent: FooBot\nDisallow: /\n", fb, "/x", false, 3, nil},
		{"blank line does not end a group", "User-agent: FooBot\n\nDisallow: /\n", fb, "/x", false, 3, nil},
		{"sitemap does not end a group", "User-agent: FooBot\nSitemap: http://a/s\nUser-agent: *\nDisallow: /\n", fb, "/x", false, 4, nil},
		{"unknown line does not end a group", "User-agent: FooBot\nX: y\nUser-agent: *\nDisallow: /\n", fb, "/x", false, 4, nil},
		{"a user-agent after a rule starts a group", "User-agent: FooBot\nDisallow: /\nUser-agent: BarBot\nAllow: /x\n", fb, "/x", false, 2, nil},
		{"same-token groups merge", "User-agent: FooBot\nDisallow: /a\nUser-agent: BarBot\nDisallow: /\nUser-agent: foobot\nDisallow: /b\n", fb, "/b", false, 6, nil},
		{"global groups merge", "User-agent: *\nDisallow: /a\nUser-agent: BarBot\nDisallow: /\nUser-agent: *\nDisallow: /b\n", fb, "/b", false, 6, nil},
		{"RFC 9309 section 2.2.1: a specific group replaces the global one", "User-agent: *\nDisallow: /\nUser-agent: FooBot\nDisallow: /a\n", fb, "/x", true, 0, nil},
		{"a matching group with no rules allows everything", "User-agent: *\nDisallow: /\nUser-agent: FooBot\n", fb, "/x", true, 0, nil},
		{"no group, no global: allowed", "User-agent: BarBot\nDisallow: /\n", fb, "/x", true, 0, nil},
		{"token compared exactly: foo is not foobot", "User-agent: Foo\nDisallow: /\n", fb, "/x", true, 0, nil},
		{"token compared case-insensitively", "User-agent: FOOBOT\nDisallow: /\n", []string{"foobot"}, "/x", false, 2, nil},
		{"value cut to its product token", "User-agent: FooBot/1.0\nDisallow: /\n", fb, "/x", false, 2, nil},
		{"Google: a caller's name is taken as given", "User-agent: FooBot\nDisallow: /\n", []string{"FooBot/1.0"}, "/x", true, 0, &google},
		// Crawler names as files and callers write them (issue: names
		// with versions, digits and dots; whole User-Agent strings).
		{"RFC: a caller's name is read up to its version", "User-agent: FooBot\nDisallow: /\n", []string{"FooBot/1.0"}, "/x", false, 2, &rfc},
		{"RFC: a whole User-Agent header finds its group", "User-agent: *\nAllow: /\nUser-agent: MyCrawler\nDisallow: /\n", []string{"MyCrawler/1.0 (+https://example.com/bot)"}, "/x", false, 4, &rfc},
		{"RFC: a longer name is another crawler", "User-agent: *\nAllow: /\nUser-agent: MyCrawler\nDisallow: /\n", []string{"MyCrawlerPro"}, "/x", true, 2, &rfc},
		{"en.wikipedia.org: MJ12bot", "User-agent: MJ12bot\nDisallow: /\n", []string{"MJ12bot"}, "/x", false, 2, &rfc},
		{"MJ12bot, case-insensitive", "User-agent: MJ12bot\nDisallow: /\n", []string{"mj12BOT"}, "/x", false, 2, &rfc},
		{"MJ12bot with a version", "User-agent: MJ12bot\nDisallow: /\n", []string{"MJ12bot/1.4"}, "/x", false, 2, &rfc},
		{"a prefix of a name is another crawler", "User-agent: MJ12bot\nDisallow: /\n", []string{"MJ12"}, "/x", true, 0, &rfc},
		{"Google reads MJ12bot as MJ", "User-agent: MJ12bot\nDisallow: /\n", []string{"MJ"}, "/x", false, 2, &google},
		{"ai-crawlers: AI2Bot", "User-agent: AI2Bot\nDisallow: /\n", []string{"AI2Bot"}, "/x", false, 2, &rfc},
		{"ai-crawlers: 360Spider", "User-agent: 360Spider\nDisallow: /\n", []string{"360Spider"}, "/x", false, 2, &rfc},
		{"ai-crawlers: img2dataset", "User-agent: img2dataset\nDisallow: /\n", []string{"img2dataset"}, "/x", false, 2, &rfc},
		{"ai-crawlers: Mail.RU_Bot", "User-agent: Mail.RU_Bot\nDisallow: /\n", []string{"Mail.RU_Bot/2.0"}, "/x", false, 2, &rfc},
		{"ai-crawlers: panscient.com", "User-agent: panscient.com\nDisallow: /\n", []string{"panscient.com"}, "/x", false, 2, &rfc},
		{"ai-crawlers: iaskspider/2.0", "User-agent: iaskspider/2.0\nDisallow: /\n", []string{"iaskspider"}, "/x", false, 2, &rfc},
		{"ai-crawlers: Brightbot 1.0", "User-agent: Brightbot 1.0\nDisallow: /\n", []string{"Brightbot"}, "/x", false, 2, &rfc},
		{"ai-crawlers: MistralAI-User/1.0", "User-agent: MistralAI-User/1.0\nDisallow: /\n", []string{"MistralAI-User/1.0"}, "/x", false, 2, &rfc},
		{"protego: letters of any script", "User-agent: UnicödeBöt\nDisallow: /\n", []string{"UnicödeBöt"}, "/x", false, 2, &rfc},
		{"a line without a name applies to none", "User-agent: /bot\nDisallow: /\n", []string{""}, "/x", true, 0, &rfc},
		{"'* text' is global", "User-agent: * FooBot\nDisallow: /\n", []string{"BarBot"}, "/x", false, 2, nil},
		{"'*FooBot' is not global", "User-agent: *FooBot\nDisallow: /\n", []string{"BarBot"}, "/x", true, 0, nil},
		{"several tokens: their groups combine", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\nUser-agent: *\nDisallow: /\n", []string{"a", "b"}, "/b", false, 4, nil},
		{"several tokens: global ignored when one matches", "User-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /\n", []string{"zz", "a"}, "/b", true, 0, nil},
		{"several tokens: global when none matches", "User-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /\n", []string{"zz", "yy"}, "/b", false, 4, nil},
		// Matching.
		{"RFC 9309 section 2.2.2: longest match wins", "User-agent: *\nAllow: /a\nDisallow: /a/b\n", fb, "/a/b/c", false, 3, nil},
		{"RFC 9309 section 2.2.2: allow wins a tie", "User-agent: *\nDisallow: /a\nAllow: /a\n", fb, "/a", true, 3, nil},
		{"length counts '*' octets (Allow / vs Disallow /*)", "User-agent: *\nAllow: /\nDisallow: /*\n", fb, "/a", false, 3, nil},
		{"matching is case-sensitive", "User-agent: *\nDisallow: /A\n", fb, "/a", true, 0, nil},
		{"the query is part of the path", "User-agent: *\nDisallow: /a?b\n", fb, "/a?b=1", false, 2, nil},
		{"the fragment is not", "User-agent: *\nDisallow: /a$\n", fb, "http://x/a#f", false, 2, nil},
		{"absolute URL", "User-agent: *\nDisallow: /a\n", fb, "https://example.com:8080/a/b", false, 2, nil},
		{"pattern without leading slash never matches", "User-agent: *\nDisallow: a\n", fb, "/a", true, 0, nil},
		{"'$' inside a pattern is literal", "User-agent: *\nDisallow: /a$b\n", fb, "/a$b", false, 2, nil},
		{"empty target is /", "User-agent: *\nDisallow: /\n", fb, "", false, 2, nil},
		{"empty disallow allows (RFC)", "User-agent: *\nDisallow:\n", fb, "/x", true, 0, &rfc},
		{"empty disallow allows, with its line (Google)", "User-agent: *\nDisallow:\n", fb, "/x", true, 2, &google},
		// Where the modes differ.
		{"RFC 9309 section 2.2.2: /robots.txt always allowed", "User-agent: *\nDisallow: /\n", fb, "/robots.txt", true, 0, &rfc},
		{"Google: /robots.txt not special", "User-agent: *\nDisallow: /\n", fb, "/robots.txt", false, 2, &google},
		{"RFC: URL normalised", "User-agent: *\nDisallow: /%7Ea\n", fb, "/~a", false, 2, &rfc},
		{"Google: URL as given", "User-agent: *\nDisallow: /%7Ea\n", fb, "/~a", true, 0, &google},
		{"RFC 9309 section 2.2.3: %2A matches a literal '*'", "User-agent: *\nDisallow: /a%2A\n", fb, "/a*", false, 2, &rfc},
		{"RFC: %2A is not a wildcard", "User-agent: *\nDisallow: /a%2A\n", fb, "/ab", true, 0, &rfc},
		{"RFC 9309 section 2.2.3: %24 matches a literal '$'", "User-agent: *\nDisallow: /a%24\n", fb, "/a$", false, 2, &rfc},
		{"RFC 9309 section 2.2.2: a '$' inside counts one octet, %24 three", "User-agent: *\nDisallow: /a$bc\nAllow: /a%24b\n", fb, "/a$bc", true, 3, &rfc},
		{"RFC 9309 section 2.2.2: two '$' inside count two octets", "User-agent: *\nAllow: /a$$b\nDisallow: /a%24%24\n", fb, "/a$$b", false, 3, &rfc},
		{"RFC 9309 section 2.2.2: each '$'-inside rule counts its own written octets", "User-agent: *\nDisallow: /a$b\nAllow: /a$bcdef\nDisallow: /a%24bcd\n", fb, "/a$bcdef", true, 3, &rfc},
		{"Google: index.html allows its directory", "User-agent: *\nDisallow: /\nAllow: /d/index.html\n", fb, "/d/", true, 3, &google},
		{"RFC: no index.html rule", "User-agent: *\nDisallow: /\nAllow: /d/index.html\n", fb, "/d/", false, 2, &rfc},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			for _, mode := range []Mode{RFC, Google} {
				if tt.mode != nil && *tt.mode != mode {
					continue
				}
				t.Run(mode.String(), func(t *testing.T) {
					r := Options{Mode: mode}.Parse([]byte(tt.robots))
					d := r.Group(tt.agents...).Decide(tt.target)
					if d.Allowed != tt.want || d.Rule.Line != tt.line {
						t.Errorf("Decide(%q, %q) = %v line %d, want %v line %d", tt.agents, tt.target, d.Allowed, d.Rule.Line, tt.want, tt.line)
					}
					if got := r.Group(tt.agents...).Allowed(tt.target); got != tt.want {
						t.Errorf("Allowed(%q, %q) = %v, want %v", tt.agents, tt.target, got, tt.want)
					}
				})
			}
		})
	}
}

// TestRFCSection5 checks the examples of RFC 9309 section 5.
func TestRFCSection5(t *testing.T) {
	const file = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`
	r := Parse([]byte(file))
	tests := []struct {
		agent, target string
		want          bool
	}{
		{"foobot", "/example/page.html", true},
		{"foobot", "/example/allowed.gif", true},
		{"foobot", "/example/other.gif", false},
		{"foobot", "/publications/", false},
		{"barbot", "/example/page.html", false},
		{"bazbot", "/example/page.html", false},
		{"barbot", "/example/other.gif", true},
		{"quxbot", "/example/page.html", true},
		{"otherbot", "/a.gif", false},
		{"otherbot", "/a.gif?x", true},
		{"otherbot", "/example/", false},
		{"otherbot", "/publications/", true},
	}
	for _, tt := range tests {
		t.Run(tt.agent+" "+tt.target, func(t *testing.T) {
			if got := r.Allowed(tt.agent, tt.target); got != tt.want {
				t.Errorf("Allowed(%q, %q) = %v, want %v", tt.agent, tt.target, got, tt.want)
			}
		})
	}
	// Section 5.2: the longest match.
	r = Parse([]byte("User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n"))
	if got := r.Allowed("foobot", "/example/page/disallowed.gif"); got {
		t.Errorf("Allowed(%q, %q) = %v, want %v", "foobot", "/example/page/disallowed.gif", got, false)
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct {
		source string
		robots string
		mode   Mode
		want   []Diagnostic // Message is not compared
	}{
		{"BOM", "\ufeffUser-agent: *\n", RFC, []Diagnostic{{1, Info, CodeBOM, ""}}},
		{"typo", "useragent: *\ndisalow: /\n", RFC, []Diagnostic{{1, Warning, CodeKeyTypo, ""}, {2, Warning, CodeKeyTypo, ""}}},
		{"missing colon", "User-agent *\nDisallow /\n", RFC, []Diagnostic{{1, Warning, CodeMissingColon, ""}, {2, Warning, CodeMissingColon, ""}}},
		{"not key value", "User-agent: *\nthis is prose\n: /x\n", RFC, []Diagnostic{{2, Warning, CodeNotKeyValue, ""}, {3, Warning, CodeNotKeyValue, ""}}},
		{"rule outside group", "Disallow: /\nUser-agent: *\n", RFC, []Diagnostic{{1, Error, CodeRuleOutsideGroup, ""}}},
		{"unknown key", "User-agent: *\nFoo: bar\n", RFC, []Diagnostic{{2, Info, CodeUnknownKey, ""}}},
		{"agent name with a version: info", "User-agent: FooBot/1.0\n", RFC, []Diagnostic{{1, Info, CodeAgentToken, ""}}},
		{"agent name with digits: no note", "User-agent: MJ12bot\n", RFC, nil},
		{"Google cuts an agent name at a digit", "User-agent: MJ12bot\n", Google, []Diagnostic{{1, Warning, CodeAgentToken, ""}}},
		{"Google, agent name with a version: info", "User-agent: FooBot/1.0\n", Google, []Diagnostic{{1, Info, CodeAgentToken, ""}}},
		{"agent without a name", "User-agent: (compatible)\n", RFC, []Diagnostic{{1, Warning, CodeAgentNoName, ""}}},
		{"NUL", "User-agent: *\nDisallow: /a\x00b\n", RFC, []Diagnostic{{2, Warning, CodeNUL, ""}}},
		{"long line, Google", "User-agent: *\nDisallow: /" + strings.Repeat("a", 20000) + "\n", Google, []Diagnostic{{2, Warning, CodeLineTooLong, ""}}},
		{"long line, RFC", "User-agent: *\nDisallow: /" + strings.Repeat("a", 20000) + "\n", RFC, nil},
		{"UTF-16", "\xff\xfeU\x00:\x00", RFC, []Diagnostic{{1, Warning, CodeUTF16, ""}, {1, Info, CodeUnknownKey, ""}, {1, Error, CodeNotRobotsTxt, ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			got := Options{Mode: tt.mode}.Parse([]byte(tt.robots)).Diagnostics()
			for i := range got {
				if got[i].Message == "" {
					t.Errorf("diagnostic %v has no message", got[i])
				}
				got[i].Message = ""
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Diagnostics() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSizeLimit(t *testing.T) {
	head := "User-agent: *\nDisallow: /a\n" // 27 bytes
	tail := "Disallow: /b\n"
	data := []byte(head + tail)
	tests := []struct {
		source   string
		max      int
		wantB    bool // is /b allowed?
		wantA    bool
		truncate bool
	}{
		{"no limit", -1, false, false, false},
		{"default limit", 0, false, false, false},
		{"limit at the file size", len(data), false, false, false},
		{"limit at a line end", len(head), true, false, true},
		{"limit inside a line drops the whole line", len(head) + 11, true, false, true},
		{"limit inside the first rule line", len(head) - 3, true, true, true},
		{"the largest limit: no byte is past it, and the whole file is read", math.MaxInt, false, false, false},
		{"the largest limit but one", math.MaxInt - 1, false, false, false},
	}
	for _, tt := range tests {
		o := Options{MaxBytes: tt.max}
		for _, via := range []string{"Parse", "ParseReader"} {
			t.Run(tt.source+"/"+via, func(t *testing.T) {
				r := o.Parse(data)
				if via == "ParseReader" {
					var err error
					if r, err = o.ParseReader(bytes.NewReader(data)); err != nil {
						t.Fatal(err)
					}
				}
				if got := r.Allowed("x", "/b"); got != tt.wantB {
					t.Errorf("Allowed(%q, %q) = %v, want %v", "x", "/b", got, tt.wantB)
				}
				if got := r.Allowed("x", "/a"); got != tt.wantA {
					t.Errorf("Allowed(%q, %q) = %v, want %v", "x", "/a", got, tt.wantA)
				}
				if got := hasCode(r, CodeTruncated); got != tt.truncate {
					t.Errorf("truncated diagnostic = %v, want %v", got, tt.truncate)
				}
			})
		}
	}
}

// codeLines returns the lines of r's diagnostics with the given code.
func codeLines(r *Robots, code Code) []int {
	var lines []int
	for _, d := range r.Diagnostics() {
		if d.Code == code {
			lines = append(lines, d.Line)
		}
	}
	return lines
}

func hasCode(r *Robots, code Code) bool {
	for _, d := range r.Diagnostics() {
		if d.Code == code {
			return true
		}
	}
	return false
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// ruleLines yields "Disallow: /x\n" until it has given n bytes: far more
// than the limit under test, so that a reader that ignores the limit fails
// the test rather than reading until the test times out.
type ruleLines struct{ off, n int }

func (e *ruleLines) Read(p []byte) (int, error) {
	const line = "Disallow: /x\n"
	if e.off >= e.n {
		return 0, io.EOF
	}
	p = p[:min(len(p), e.n-e.off)]
	for i := range p {
		p[i] = line[e.off%len(line)]
		e.off++
	}
	return len(p), nil
}

func TestParseReaderReadsNoMoreThanTheLimit(t *testing.T) {
	c := &countingReader{r: io.MultiReader(strings.NewReader("User-agent: *\n"), &ruleLines{n: 16 << 20})}
	r, err := Options{MaxBytes: 1 << 20}.ParseReader(c)
	if err != nil {
		t.Fatal(err)
	}
	if c.n != 1<<20+1 {
		t.Errorf("read %d bytes, want %d", c.n, 1<<20+1)
	}
	if !hasCode(r, CodeTruncated) || r.Allowed("x", "/x") {
		t.Errorf("file past the limit: truncated = %v, /x allowed = %v; want true, false", hasCode(r, CodeTruncated), r.Allowed("x", "/x"))
	}
}

func TestParseReaderError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ParseReader(iotest.ErrReader(boom))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "robotstxt: ") {
		t.Errorf("ParseReader error = %v, want a robotstxt: error wrapping %v", err, boom)
	}
	// Data read before the error is not parsed into a half file.
	r, err := ParseReader(iotest.TimeoutReader(strings.NewReader("User-agent: *\nDisallow: /\n")))
	if err == nil || r != nil {
		t.Errorf("ParseReader(TimeoutReader) = %v, %v; want nil and an error", r, err)
	}
}

func TestZeroAndNil(t *testing.T) {
	var zero Robots
	var nilRobots *Robots
	var nilGroup *Group
	for name, allowed := range map[string]bool{
		"zero Robots":       zero.Allowed("x", "/a"),
		"nil Robots":        nilRobots.Allowed("x", "/a"),
		"nil Group":         nilGroup.Allowed("/a"),
		"nil Group.Decide":  nilGroup.Decide("/a").Allowed,
		"nil Robots.Decide": nilRobots.Decide("x", "/a").Allowed,
		// The allow-everything value the Robots doc names, in each mode
		// (RFC 9309 section 2.3.1.3).
		"Parse(nil)":                       Parse(nil).Allowed("x", "/a"),
		"Options{Mode: Google}.Parse(nil)": Options{Mode: Google}.Parse(nil).Decide("x", "/a") == Decision{Allowed: true},
	} {
		t.Run(name, func(t *testing.T) {
			if !allowed {
				t.Errorf("allowed = false, want true")
			}
		})
	}
	if nilRobots.Diagnostics() != nil || nilRobots.Sitemaps() != nil || nilGroup.Rules() != nil || nilGroup.Agents() != nil {
		t.Error("nil receivers should return nil slices")
	}
}

func TestGroupAccessors(t *testing.T) {
	r := Parse([]byte("User-agent: FooBot\nUser-agent: *\nDisallow: /b\nAllow: /a\nUser-agent: foobot\nDisallow: /c\n"))
	g := r.Group("foobot")
	if diff := cmp.Diff([]string{"FooBot"}, g.Agents()); diff != "" {
		t.Errorf("Agents() mismatch (-want +got):\n%s", diff)
	}
	want := []Rule{{false, "/b", 3}, {true, "/a", 4}, {false, "/c", 6}}
	if diff := cmp.Diff(want, g.Rules()); diff != "" {
		t.Errorf("Rules() mismatch (-want +got):\n%s", diff)
	}
	// The returned slices are copies.
	g.Rules()[0].Pattern = "changed"
	g.Agents()[0] = "changed"
	if diff := cmp.Diff(want, g.Rules()); diff != "" {
		t.Errorf("Rules() changed by a caller (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"FooBot"}, g.Agents()); diff != "" {
		t.Errorf("Agents() changed by a caller (-want +got):\n%s", diff)
	}
	if d := r.Decide("FooBot", "/c"); d.Rule != (Rule{false, "/c", 6}) {
		t.Errorf("Decide(/c).Rule = %v, want line 6", d.Rule)
	}
	// A Decision's Rule is the caller's own: changing it, even once the
	// group's index is built, changes no later answer.
	for range indexAfter + 2 {
		d := r.Decide("FooBot", "/c")
		d.Rule.Allow, d.Rule.Pattern, d.Rule.Line = true, "changed", 99
	}
	if d := r.Decide("FooBot", "/c"); d.Allowed || d.Rule != (Rule{false, "/c", 6}) {
		t.Errorf("Decide(/c) after a caller changed its Rule = %+v, want disallowed by line 6", d)
	}
	// "*" given as a token names no crawler: it neither adds the global
	// group to a named one nor hides it when nothing else matches.
	r2 := Parse([]byte("User-agent: *\nDisallow: /g\n\nUser-agent: FooBot\nDisallow: /f\n"))
	if !r2.Group("*", "FooBot").Decide("/g").Allowed || r2.Group("*", "FooBot").Decide("/f").Allowed {
		t.Error(`Decide(…, "*", "FooBot"): want FooBot's group alone`)
	}
	if r2.Allowed("*", "/g") || !r2.Allowed("*", "/f") {
		t.Error(`Allowed("*", …): want the global group`)
	}
}

// TestAllowedDoesNotAllocate queries github.com's file, whose global group
// has one rule, Disallow: /, and whose Googlebot group has 56, most with
// '*' and some with '$'.
func TestAllowedDoesNotAllocate(t *testing.T) {
	data := corpusFile(t, "024_github.com.txt")
	for _, mode := range []Mode{RFC, Google} {
		r := Options{Mode: mode}.Parse(data)
		for _, agent := range []string{"FooBot", "Googlebot", "Googlebot/2.1 (+http://www.google.com/bot.html)"} {
			// Warm: the index a group builds once its queries pay for it
			// is an allocation of its first queries, not of each.
			g := r.Group(agent)
			for range indexAfter + 1 {
				g.Allowed("/")
			}
			for _, target := range []string{"/", "/a/b/c?d=e", "https://github.com/foo/bar/commits/main", "/%E3%83%84/x"} {
				if n := testing.AllocsPerRun(100, func() { g.Allowed(target) }); n != 0 {
					t.Errorf("%v: Group(%q).Allowed(%q) allocates %v times, want 0", mode, agent, target, n)
				}
				if n := testing.AllocsPerRun(100, func() { r.Allowed(agent, target) }); n != 0 {
					t.Errorf("%v: Robots.Allowed(%q, %q) allocates %v times, want 0", mode, agent, target, n)
				}
				// Decide on a warm group: past indexAfter queries, with the
				// deciding rule's Rule kept.
				if n := testing.AllocsPerRun(indexAfter+100, func() { r.Decide(agent, target) }); n != 0 {
					t.Errorf("%v: Robots.Decide(%q, %q) allocates %v times, want 0", mode, agent, target, n)
				}
			}
		}
	}
}

// TestParseAllocations checks that parsing allocates per file, not per
// line: neither rules, nor groups, nor the diagnostics of odd user-agent
// lines cost an allocation each.
func TestParseAllocations(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "User-agent: Bot%c%c%c/1.0\nDisallow: /p/%d\nAllow: /p/%d/q\n\n", 'a'+i%26, 'a'+i/26%26, 'a'+i/676, i, i)
	}
	data := []byte(b.String())
	r := Parse(data)
	if n := len(codeLines(r, CodeAgentToken)); n != 1000 {
		t.Fatalf("%d agent-token diagnostics, want 1000", n)
	}
	n := testing.AllocsPerRun(5, func() { Parse(data) })
	t.Logf("%v allocations", n)
	// The race detector makes the buffer pool drop some of what it is
	// given, so the bound leaves room for a parse that grows its own.
	if n > 100 {
		t.Errorf("parsing 1000 groups, 2000 rules and 1000 diagnostics allocates %v times, want at most 100", n)
	}
}

// TestPatternNoteText checks the messages of the notes on a rule's
// pattern, which refer to the text the rule keeps (its canonical pattern,
// or its written form when that differs) or, for a rule that is not kept,
// a copy of it.
func TestPatternNoteText(t *testing.T) {
	file := "Disallow: bar\nUser-agent: *\nDisallow: foo\nDisallow: /a b\nAllow: /é x\n"
	noSlash := func(v string) string {
		return fmt.Sprintf("the pattern %q does not start with '/' or '*', so it never matches (RFC 9309 section 2.2.2)", v)
	}
	several := func(v string) string {
		return fmt.Sprintf("the value %q holds several words; it is one pattern, with the spaces in it, not several paths", v)
	}
	for _, mode := range []Mode{RFC, Google} {
		r := Options{Mode: mode}.Parse([]byte(file))
		var got []string
		for _, d := range r.Diagnostics() {
			if d.Code == CodeNoSlash || d.Code == CodeSeveralPaths {
				got = append(got, fmt.Sprintf("%d %s", d.Line, d.Message))
			}
		}
		want := []string{"1 " + noSlash("bar"), "3 " + noSlash("foo"), "4 " + several("/a b"), "5 " + several("/é x")}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%v: pattern notes (-want +got):\n%s", mode, diff)
		}
	}
}

// takesPlain reports whether the shortcut for plain rule lines
// (nextPlain) takes the next line of t, leaving t as it is.
func takesPlain(t tokenizer) bool {
	_, _, ok := t.nextPlain()
	return ok
}

// checkPlainLines fails when the tokenizer's shortcut for plain rule
// lines (nextPlain) reads a line of src otherwise than its general path
// does, or when such a line's value is not its own pattern in d.
func checkPlainLines(t testing.TB, src string, d *dialect) {
	t.Helper()
	tok := newTokenizer(src, d.lineCut, defaultLimits.lines, false)
	var f lineFact
	for {
		at := tok // the tokenizer as it stands before the line
		if !tok.next(&f) {
			return
		}
		if !takesPlain(at) {
			continue
		}
		var general lineFact
		pl, gen := at, at
		var plain lineFact
		ok := pl.next(&plain)
		gen.nextOther(&general)
		line := src[at.i:min(gen.i, len(src))]
		// Where each leaves the tokenizer (the general path also caches
		// where the next '\n' and '#' are).
		type place struct {
			I, Start, Num int
			Done, Over    bool
		}
		placeOf := func(t tokenizer) place { return place{t.i, t.start, t.num, t.done, t.over} }
		// Compared with == and diffed only on failure: FuzzParse checks
		// every line it makes, and cmp.Diff of equal values would be
		// most of its cost.
		if pg, pp := placeOf(gen), placeOf(pl); !ok || pg != pp {
			t.Fatalf("line %d %q: the shortcut (%v) leaves the tokenizer elsewhere (-general +shortcut):\n%s", f.num, line, ok, cmp.Diff(pg, pp))
		}
		// Facts compare by their text: empty spans may stand anywhere.
		type read struct {
			Num        int
			Kind       keyKind
			Flags      lineFlags
			Key, Value string
		}
		readOf := func(f lineFact) read { return read{f.num, f.kind, f.flags, tok.text(f.key), tok.text(f.value)} }
		if rg, rp := readOf(general), readOf(plain); rg != rp {
			t.Fatalf("line %d %q: the shortcut read it otherwise (-general +shortcut):\n%s", f.num, line, cmp.Diff(rg, rp))
		}
		if f.kind == keyUserAgent {
			continue // its value is a name, read as the general path reads it
		}
		value := tok.text(f.value)
		p, prio, changed, _ := d.pattern(nil, value)
		if p != value || prio != len(value) || changed || strings.ContainsAny(value, " \t") {
			t.Fatalf("line %d: plain value %q, read as its own pattern, compiles to %q %d %v", f.num, value, p, prio, changed)
		}
	}
}

// TestPlainRuleLines checks that nextPlain's shortcut reads every line as
// the general path does: the corpus, and lines at each edge of what it
// takes.
func TestPlainRuleLines(t *testing.T) {
	edges := "User-agent: *\nDisallow:\nDisallow: \t/a \t\nAllow:/b\r\nDisallow: /c\rAllow: /d#x\nDisallow: /e # x\n" +
		"Disallow: /f$\nDisallow: $\nDisallow: /a$b\nDisallow: /a$$\nDisallow: /a$ \nDisallow: /a$#c\nAllow: /x$\r\nDisallow: /*.gif$\t\nDisallow: /g h\nDisallow: /%41\nDisallow: /é\nDisallow: foo\nAllow: /x/index.html\n" +
		"Disallow: /n\x00m\nDisallow: /v\vw\nDisallow: /*.gif\nDisallow:/\n  Disallow: /i\nDisallow: /last\n" +
		"Disallow: /" + strings.Repeat("a", googleMaxLineLen) + "\nAllow: /" + strings.Repeat("b", googleMaxLineLen-len("Allow: /")) + "\n"
	// Lines 1-5, 8, 11 and 12 are plain user-agent lines; the others end
	// their value with a comment, an octet outside ASCII or a control, or
	// spell their key otherwise.
	agents := "User-agent: *\nUser-agent: Googlebot/2.1\nUser-agent:  bot \t\r\nUser-agent:\nUser-agent: *x\n" +
		"User-agent: * # c\nUser-agent: a#b\nUser-agent: Mozilla/5.0 (compatible)\nUser-agent: b\xc3\xb8t\nUser-Agent: x\n" +
		"User-agent: *\tfoo\nUser-agent: $%2f\nUser-agent: a\vb\nuser-agent: y\n"
	files := []string{edges, agents, "Disallow: /before\nUser-agent: a\nAllow: /x\n"}
	for _, cf := range corpus(t) {
		files = append(files, string(cf.data))
	}
	for _, src := range files {
		for _, mode := range []Mode{RFC, Google} {
			checkPlainLines(t, src, mode.dialect())
		}
	}
	// The shortcut takes the edge lines it should, and only those: a
	// shortcut that took no line would pass the checks above.
	for _, tt := range []struct {
		mode  Mode
		src   string
		lines []int
	}{
		{RFC, edges, []int{1, 2, 3, 4, 5, 8, 9, 12, 14, 15, 19, 20, 23, 24, 26, 27, 28}},
		{Google, edges, []int{1, 2, 3, 4, 5, 8, 9, 12, 14, 15, 19, 20, 23, 24, 26, 28}}, // 27 is cut
		{RFC, agents, []int{1, 2, 3, 4, 5, 8, 11, 12}},
		{Google, agents, []int{1, 2, 3, 4, 5, 8, 11, 12}},
	} {
		tok := newTokenizer(tt.src, tt.mode.dialect().lineCut, defaultLimits.lines, false)
		var f lineFact
		var got []int
		for plain := takesPlain(tok); tok.next(&f); plain = takesPlain(tok) {
			if plain {
				got = append(got, f.num)
			}
		}
		if diff := cmp.Diff(tt.lines, got); diff != "" {
			t.Errorf("%v: lines the shortcut takes (-want +got):\n%s", tt.mode, diff)
		}
	}
	// The edge cases hold lines each side of Google's cut: the shortcut
	// takes the one within it only.
	tok := newTokenizer(edges, googleDialect.lineCut, defaultLimits.lines, false)
	var f lineFact
	var cut []int
	for tok.next(&f) {
		if f.flags&flagCut != 0 {
			cut = append(cut, f.num)
		}
	}
	const long = 27 // "Disallow: /aaa…", the only line past the cut
	if diff := cmp.Diff([]int{long}, cut); diff != "" {
		t.Errorf("lines cut in Google mode (-want +got):\n%s", diff)
	}
}

// TestTokenLookup checks that each token finds its own group among tokens
// that share long prefixes and differ in case.
func TestTokenLookup(t *testing.T) {
	tokens := []string{"Googlebot-Image", "googlebot-news", "GOOGLEBOT", "Googlebot-Imagex", "googlebot-", "Googlebot-Image-Extra", "a", "A-", "_"}
	var b strings.Builder
	for i, tok := range tokens {
		fmt.Fprintf(&b, "User-agent: %s\nDisallow: /%d\n\n", tok, i)
	}
	r := Parse([]byte(b.String()))
	for i, tok := range tokens {
		for _, spelling := range []string{tok, strings.ToUpper(tok), strings.ToLower(tok)} {
			g := r.Group(spelling)
			if g == nil || g.Agents()[0] != tok || g.Allowed(fmt.Sprintf("/%d", i)) {
				t.Errorf("Group(%q) = %v, want the group of %q", spelling, g.Agents(), tok)
			}
		}
	}
	for _, missing := range []string{"googlebot-imag", "Googlebot-Images", "b", "", "*"} {
		if g := r.Group(missing); g != nil {
			t.Errorf("Group(%q) = %v, want none", missing, g.Agents())
		}
	}
}

// TestConcurrentUse asks one parsed file from many goroutines at once,
// each starting with another crawler, so that groups are built on first
// use while other goroutines read them, and compares every answer with a
// pass by one goroutine over another parse of the file. In reddit.com's
// file the named groups answer unlike the global group and unlike one
// another, so the answers pinned below fail a matcher that allows
// everything and one that ignores the crawler.
func TestConcurrentUse(t *testing.T) {
	data := corpusFile(t, "011_reddit.com.txt")
	ref := Parse(data)
	for _, tt := range []struct {
		source, agent, target string
		want                  bool
	}{
		{"line 7, voltron's Disallow: /", "voltron", "/earth", false},
		{"bender's own group, not the global Disallow: /api", "bender", "/api", true},
		{"line 10, bender's Disallow: /my_shiny_metal_ass", "bender", "/my_shiny_metal_ass", false},
		{"line 13, Gort's Disallow: /earth", "Gort", "/earth", false},
		{"line 37, the global Disallow: /api", "googlebot", "/api", false},
		{"line 27, the global Allow: /r/*.rss", "googlebot", "/r/golang/.rss", true},
		{"line 28, the global Disallow: /r/*/comments/*.rss, longer than line 27", "googlebot", "/r/golang/comments/x.rss", false},
	} {
		t.Run(tt.source, func(t *testing.T) {
			if got := ref.Allowed(tt.agent, tt.target); got != tt.want {
				t.Errorf("Allowed(%q, %q) = %v, want %v", tt.agent, tt.target, got, tt.want)
			}
		})
	}
	agents := [][]string{{"voltron"}, {"bender"}, {"Gort"}, {"googlebot"}, {"bender", "Gort"}}
	paths := []string{"/", "/earth", "/my_shiny_metal_ass", "/api", "/r/golang/.rss", "/r/golang/comments/x.rss", "/r/ツ/submit", "/gold?x=1", "https://www.reddit.com/sitemaps/a.xml"}
	// The answers of one goroutine: the verdict and the deciding rule.
	type answer struct {
		allowed bool
		rule    string
	}
	answerOf := func(d Decision) answer { return answer{d.Allowed, fmt.Sprint(d.Rule)} }
	want := make([][]answer, len(agents))
	for i, a := range agents {
		for _, p := range paths {
			want[i] = append(want[i], answerOf(ref.Group(a...).Decide(p)))
		}
	}
	for range 10 { // a new parse each time, none of its groups built yet
		r := Parse(data)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				<-start
				for k := range 2 * len(agents) {
					i := (w + k) % len(agents)
					a, g := agents[i], r.Group(agents[i]...)
					for j, p := range paths {
						want := want[i][j]
						if got := answerOf(r.Group(a...).Decide(p)); got != want {
							t.Errorf("concurrent Decide(%q, %q) = %+v, want %+v", a, p, got, want)
							return // one report per goroutine
						}
						if got := g.Allowed(p); got != want.allowed {
							t.Errorf("concurrent Allowed(%q, %q) = %v, want %v", a, p, got, want.allowed)
							return
						}
						if len(a) > 1 {
							continue
						}
						if got := r.Allowed(a[0], p); got != want.allowed {
							t.Errorf("concurrent Allowed(%q, %q) = %v, want %v", a[0], p, got, want.allowed)
							return
						}
					}
				}
			})
		}
		close(start)
		wg.Wait()
	}
}

// TestConcurrentFirstUse starts every kind of reader of a parsed file at
// once (Footprint among them, which a cache calls while others query), before any group was asked for, so that the groups are built, and
// their rules ordered, while others read them. The answers must be those
// of a file used by one goroutine; the race detector checks the rest.
func TestConcurrentFirstUse(t *testing.T) {
	// Merged groups (FooBot, BarBot), groups that share their rules with a
	// merge (the first one), and many groups of one rule.
	var b strings.Builder
	b.WriteString("User-agent: FooBot\nUser-agent: BazBot\nDisallow: /a\nAllow: /a/b\n\nUser-agent: *\nDisallow: /x\n\n")
	b.WriteString("User-agent: BarBot\nUser-agent: FooBot\nDisallow: /c\nDisallow: /c\n\n")
	// Groups that always merge and follow one another share one window.
	b.WriteString("User-agent: QuxBot\nDisallow: /q\n\nUser-agent: quxbot\nAllow: /q/r\nDisallow: /q\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "User-agent: Bot%c%c\nDisallow: /%d/\nDisallow: /%d/\n\n", 'a'+i%26, 'a'+i/26, i, i)
	}
	data := []byte(b.String())
	agents := []string{"FooBot", "bazbot", "BARBOT", "QuxBot", "Botaa", "Botnb", "other", "*"}
	paths := []string{"/a", "/a/b", "/c", "/x", "/3/", "/39/y", "/q", "/q/r"}
	answers := func(r *Robots) string {
		var out strings.Builder
		for _, a := range agents {
			for _, p := range paths {
				fmt.Fprintf(&out, "%s %s %v\n", a, p, r.Group(a, "BarBot").Decide(p).Rule)
			}
		}
		return out.String()
	}
	ref := Parse(data)
	want, wantDiags, wantText := answers(ref), ref.Diagnostics(), canonical(ref)
	for range 20 {
		r := Parse(data)
		var wg sync.WaitGroup
		for k := range 8 {
			wg.Go(func() {
				switch k % 4 {
				case 0:
					if got := answers(r); got != want {
						t.Errorf("concurrent answers:\n%s\nwant:\n%s", got, want)
					}
				case 1:
					if diff := cmp.Diff(wantDiags, r.Diagnostics()); diff != "" {
						t.Errorf("concurrent diagnostics (-want +got):\n%s", diff)
					}
				case 2:
					if got := canonical(r); got != wantText {
						t.Errorf("concurrent String:\n%s\nwant:\n%s", got, wantText)
					}
				case 3:
					// A cache counts a file while others use it.
					if n := r.Footprint(); n <= int64(len(data)) {
						t.Errorf("concurrent Footprint = %d, want more than the file's %d bytes", n, len(data))
					}
				}
			})
		}
		wg.Wait()
	}
}

// TestMergedGroups checks groups that merge for every crawler that obeys
// any of them: their Group holds their rules, a window of Robots.rules
// when the groups follow one another and a copy when they do not, each
// group's own window of Robots.rules keeps its rules (see Robots.rules),
// and a rule of one that repeats a rule of another is reported.
func TestMergedGroups(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/b\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n"))
	g := r.Group("other")
	if r.Allowed("other", "/a") || !r.Allowed("other", "/a/b") || !r.Allowed("other", "/f") || r.Allowed("FooBot", "/f") {
		t.Fatal("wrong verdicts for the merged global groups")
	}
	if len(g.rules) != 3 || &g.rules[0] != &r.rules[0] || g.copied {
		t.Error("the merged groups' Group is not the window of their three rules")
	}
	apart := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n\nUser-agent: *\nAllow: /a/b\n"))
	if g := apart.Group("other"); len(g.rules) != 2 || &g.rules[0] == &apart.rules[0] || !g.copied || g.Allowed("/a") || !g.Allowed("/a/b") {
		t.Error("the groups apart do not have a Group of their own copy of their two rules")
	}
	// Each group's window holds its own rules, whatever order matching
	// put them in.
	for id, want := range [][]int32{{2}, {5, 6}, {9}} {
		var lines []int32
		for _, rl := range r.groupRules(id) {
			lines = append(lines, rl.line())
		}
		slices.Sort(lines)
		if diff := cmp.Diff(want, lines); diff != "" {
			t.Errorf("group %d's window (-want +got):\n%s", id, diff)
		}
	}
	want := []Rule{{false, "/a", 2}, {true, "/a/b", 5}, {false, "/a", 6}}
	if diff := cmp.Diff(want, g.Rules()); diff != "" {
		t.Errorf("Rules() (-want +got):\n%s", diff)
	}
	if d := r.Diagnostics(); d != nil {
		t.Errorf("Diagnostics() = %v, want none: the file's lines are all well formed", d)
	}
	// Adjacent but not exclusive: Alpha obeys the first group alone, Beta
	// both, so Beta's Group must not order the first group's window.
	r = Parse([]byte("User-agent: Alpha\nUser-agent: Beta\nDisallow: /a\n\nUser-agent: Beta\nDisallow: /bbbb\n"))
	if r.Allowed("Beta", "/a") || r.Allowed("Beta", "/bbbb") {
		t.Error("Beta: want /a and /bbbb disallowed")
	}
	if r.Allowed("Alpha", "/a") || !r.Allowed("Alpha", "/bbbb") {
		t.Error("Alpha: want /a disallowed and /bbbb allowed")
	}
	if diff := cmp.Diff([]Rule{{false, "/a", 3}}, r.Group("Alpha").Rules()); diff != "" {
		t.Errorf("Alpha's Rules() (-want +got):\n%s", diff)
	}
}

// TestConcurrentParses parses the corpus files in several goroutines at
// once, each in its own order, so that parses borrow the pooled buffers
// from one another (see parseBuffers), and checks every result against a
// parse made alone: a parse must never see, or leave, another's lines.
func TestConcurrentParses(t *testing.T) {
	files := corpus(t)
	summary := func(data []byte) string { return parseSummary(Options{MaxBytes: -1}.Parse(data)) }
	want := make([]string, len(files))
	for i, f := range files {
		want[i] = summary(f.data)
	}
	const workers = 4
	var wg sync.WaitGroup
	errs := make(chan string, workers*len(files))
	for w := range workers {
		wg.Go(func() {
			for k := range files {
				i := (k*(w+1) + w) % len(files) // a different order in each worker
				if got := summary(files[i].data); got != want[i] {
					errs <- files[i].name
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for name := range errs {
		t.Errorf("%s: a parse beside others differs from one alone", name)
	}
}

// TestPooledBuffersBound checks that the room of a parse's buffers, which
// returnBuffers compares with maxPooled, counts their lists: buffers
// within maxPooled bytes go back to the pool, larger ones do not.
func TestPooledBuffersBound(t *testing.T) {
	for _, c := range []struct {
		rules int
		want  bool
	}{{100, true}, {maxPooled / 12, true}, {maxPooled/12 + 1, false}} {
		t.Run(fmt.Sprintf("%d rules", c.rules), func(t *testing.T) {
			b := &parseBuffers{build: buildLists{rules: make([]rule, 0, c.rules)}}
			if got := b.reset() <= maxPooled; got != c.want {
				t.Errorf("buffers with room for %d rules within maxPooled = %v, want %v", c.rules, got, c.want)
			}
		})
	}
}

// TestParseBuffersReuse parses the corpus files one after another with
// one parseBuffers, resetting it between parses as returnBuffers does, and
// overwrites all of its room after each parse, as the next parse that
// borrows it would: each parsed file must answer as one parsed alone. A
// parsed file that still shares a list with the buffers, or a reset that
// leaves a list's content to the next parse, fails here; so does a reset
// that leaves any field of the buffers, however deep, not empty (a list
// or map with elements, any other value not zero), which finds a field
// added to a part and not emptied by its reset.
func TestParseBuffersReuse(t *testing.T) {
	var b parseBuffers
	for _, f := range corpus(t) {
		for _, o := range []Options{{MaxBytes: -1}, {Mode: Google, MaxBytes: -1}} {
			want := parseSummary(o.Parse(f.data))
			b.reset()
			if field := leftover(reflect.ValueOf(&b).Elem(), "parseBuffers"); field != "" {
				t.Fatalf("before parsing %s: %s holds what the last parse left", f.name, field)
			}
			r := o.parseWith(&b, string(f.data), false, -1, defaultLimits, false)
			overwrite(reflect.ValueOf(&b).Elem())
			if got := parseSummary(r); got != want {
				t.Errorf("%s, mode %v: a parse with reused buffers differs from one alone:\n%s", f.name, o.Mode, cmp.Diff(want, got))
			}
		}
	}
}

// leftover returns the first field of v, however deep, that is not
// empty: a list or map with elements, or any other value not zero, by its
// path from name; "" when every field is empty.
func leftover(v reflect.Value, name string) string {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := leftover(v.Field(i), name+"."+v.Type().Field(i).Name); f != "" {
				return f
			}
		}
		return ""
	case reflect.Slice, reflect.Map:
		if v.Len() > 0 {
			return name
		}
		return ""
	}
	if !v.IsZero() {
		return name
	}
	return ""
}

// overwrite sets every byte of the room of every list v holds, however
// deep, to 0xff, a value no element of a fresh list has. In lists whose
// elements hold pointers (maps, in extension records) only the plain
// fields are overwritten, so that the garbage collector never reads these
// bytes as pointers.
func overwrite(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			overwrite(v.Field(i))
		}
	case reflect.Slice:
		room := v.Slice3(0, v.Cap(), v.Cap())
		if room.Len() > 0 {
			size := int(v.Type().Elem().Size())
			bytes := unsafe.Slice((*byte)(room.Index(0).Addr().UnsafePointer()), room.Len()*size)
			for i := range room.Len() {
				overwritePlain(bytes[i*size:(i+1)*size], v.Type().Elem())
			}
		}
	}
}

// overwritePlain sets to 0xff the bytes of b, a value of type t, that are
// not pointers: all of them when t holds none.
func overwritePlain(b []byte, t reflect.Type) {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		for i := range b {
			b[i] = 0xff
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			overwritePlain(b[f.Offset:f.Offset+f.Type.Size()], f.Type)
		}
	case reflect.Array:
		size := int(t.Elem().Size())
		for i := range t.Len() {
			overwritePlain(b[i*size:(i+1)*size], t.Elem())
		}
	}
}

// parseSummary is what a caller reads of r, as text.
func parseSummary(r *Robots) string {
	return fmt.Sprint(canonical(r), r.Diagnostics(), r.Sitemaps(), r.Records(), r.Allowed("googlebot", "/a/b"))
}

// TestCorpus parses every corpus file in both modes, by both entry points,
// and checks that the parse is deterministic and that RFC mode allows
// /robots.txt.
func TestCorpus(t *testing.T) {
	for _, cf := range corpus(t) {
		t.Run(cf.name, func(t *testing.T) {
			for _, mode := range []Mode{RFC, Google} {
				o := Options{Mode: mode}
				a := o.Parse(cf.data)
				b, err := o.ParseReader(iotest.OneByteReader(bytes.NewReader(cf.data)))
				if err != nil {
					t.Fatal(err)
				}
				for _, agent := range []string{"googlebot", "bingbot", "*", "FooBot"} {
					ga, gb := a.Group(agent), b.Group(agent)
					if diff := cmp.Diff(ga.Rules(), gb.Rules()); diff != "" {
						t.Errorf("%v: Parse and ParseReader differ (-Parse +ParseReader):\n%s", mode, diff)
					}
					if mode == RFC && !ga.Allowed("/robots.txt") {
						t.Errorf("Allowed(%q, %q) = false, want true in RFC mode", agent, "/robots.txt")
					}
				}
				// Only Parse has the part past the limit, to count its rules.
				ignoreLost := cmp.Transformer("lost", func(d Diagnostic) Diagnostic {
					if d.Code == CodeTruncated {
						d.Message = ""
					}
					return d
				})
				if diff := cmp.Diff(a.Diagnostics(), b.Diagnostics(), ignoreLost); diff != "" {
					t.Errorf("%v: diagnostics differ (-Parse +ParseReader):\n%s", mode, diff)
				}
			}
		})
	}
}

func TestLargeFileLimit(t *testing.T) {
	data := corpusFile(t, "074_www.xuexi.cn.txt")
	r := Parse(data)
	if !r.Allowed("FooBot", "/anything-not-listed") {
		t.Error("default limit: the final Disallow: / past 500 KiB applied")
	}
	var trunc *Diagnostic
	for _, d := range r.Diagnostics() {
		if d.Code == CodeTruncated {
			trunc = &d
		}
	}
	if trunc == nil || !strings.Contains(trunc.Message, fmt.Sprint(DefaultMaxBytes)) || !strings.Contains(trunc.Message, "40584 allow and disallow rules are lost") {
		t.Errorf("default limit: truncated diagnostic = %v, want one naming the limit", trunc)
	}
	r = Options{MaxBytes: -1}.Parse(data)
	if r.Allowed("FooBot", "/anything-not-listed") {
		t.Error("no limit: the final Disallow: / did not apply")
	}
	if hasCode(r, CodeTruncated) {
		t.Error("no limit: truncated diagnostic reported")
	}
	if n := len(r.Group("FooBot").Rules()); n != 47064 {
		t.Errorf("no limit: %d rules, want 47064", n)
	}
}

// parseWithin parses src in RFC mode within lim.
func parseWithin(lim limits, src string) *Robots {
	return Options{}.parse(src, true, lim)
}

// TestTokenTextLimit checks the bound on the user-agent tokens of one
// file, which groups address with 32-bit offsets like patterns: past it
// the file stops, with an error, and no rule joins the wrong group.
func TestTokenTextLimit(t *testing.T) {
	r := parseWithin(limits{text: 11, lines: defaultLimits.lines}, "User-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nDisallow: /b\nSitemap: https://example.com/s.xml\n")
	if r.Allowed("FooBot", "/a") || !r.Allowed("FooBot", "/b") {
		t.Error("FooBot: want /a disallowed and /b allowed")
	}
	if !r.Allowed("BarBot", "/b") || len(r.Sitemaps()) != 0 {
		t.Error("the lines after the limit applied")
	}
	if diff := cmp.Diff([]int{4}, codeLines(r, CodeTooLarge)); diff != "" {
		t.Errorf("too-large diagnostics (-want +got):\n%s", diff)
	}
}

// TestRecordTextLimit checks the bound on the text of a file's records
// (sitemaps, Clean-param values, unknown lines), which they address with
// 32-bit offsets: a line past it is reported and left out, and the lines
// before it and the rules are kept.
func TestRecordTextLimit(t *testing.T) {
	r := parseWithin(limits{text: 30, lines: defaultLimits.lines}, "User-agent: *\nDisallow: /a\nSitemap: https://e.com/s.xml\nX-a: 1\nClean-param: ref /x\nSitemap: https://e.com/t.xml\nX-b: 2\n")
	if diff := cmp.Diff([]string{"https://e.com/s.xml"}, r.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Record{{Line: 4, Key: "X-a", Value: "1"}, {Line: 5, Key: "Clean-param", Value: "ref /x"}}, r.Records()); diff != "" {
		t.Errorf("Records() (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{6, 7}, codeLines(r, CodeTooLarge)); diff != "" {
		t.Errorf("too-large diagnostics (-want +got):\n%s", diff)
	}
	if r.Allowed("x", "/a") {
		t.Error("the rule was lost")
	}
}

// TestNoteLimit checks the bound on the text that diagnostics keep.
func TestNoteLimit(t *testing.T) {
	r := parseWithin(limits{text: 40, lines: defaultLimits.lines}, "User-agent: *\nDisallow: /a\nXa: 1\nXb: 1\nXc: 1\nXd: 1\nXe: 1\nXf: 1\nXg: 1\nXh: 1\nXi: 1\nXj: 1\nXk: 1\nXl: 1\n")
	var got []string
	for _, d := range r.Diagnostics() {
		got = append(got, fmt.Sprintf("%d %s", d.Line, d.Code))
	}
	// Each unknown-key note keeps 1+1+1+2 bytes of arguments.
	want := []string{"3 unknown-key", "4 unknown-key", "5 unknown-key", "6 unknown-key", "7 unknown-key", "8 unknown-key", "9 unknown-key", "10 unknown-key", "11 too-large"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if r.Allowed("x", "/a") {
		t.Error("the rule was lost")
	}
}

// TestLineLimit checks the bound on the lines of a parse, whose numbers
// rules share a word with their flags.
func TestLineLimit(t *testing.T) {
	r := parseWithin(limits{text: defaultLimits.text, lines: 3}, "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /c\nSitemap: https://example.com/s.xml\n")
	if r.Allowed("x", "/a") || !r.Allowed("x", "/a/b") || !r.Allowed("x", "/c") || r.Sitemaps() != nil {
		t.Error("want the lines 1-3 read and the rest ignored")
	}
	if d := r.Decide("x", "/a/b"); d.Rule.Line != 3 || !d.Rule.Allow {
		t.Errorf("Decide(/a/b) = %+v, want the allow of line 3", d.Rule)
	}
	if diff := cmp.Diff([]int{4}, codeLines(r, CodeTooLarge)); diff != "" {
		t.Errorf("too-large diagnostics (-want +got):\n%s", diff)
	}
}

func TestPatternTextLimit(t *testing.T) {
	r := parseWithin(limits{text: 10, lines: defaultLimits.lines}, "User-agent: *\nDisallow: /aaaa\nDisallow: /bbbb\nDisallow: /cccc\n")
	if r.Allowed("x", "/aaaa") || r.Allowed("x", "/bbbb") || !r.Allowed("x", "/cccc") {
		t.Errorf("with a 10-byte pattern limit, want the first two rules kept and the third dropped")
	}
	if diff := cmp.Diff([]int{4}, codeLines(r, CodeTooLarge)); diff != "" {
		t.Errorf("too-large diagnostics (-want +got):\n%s", diff)
	}
}

// TestParseKeepsNoViewOfItsInput parses files, overwrites the input, and
// checks that nothing the Robots holds changed: Parse reads its input
// without copying it, so no string it keeps may point into it.
func TestParseKeepsNoViewOfItsInput(t *testing.T) {
	files := append([]corpusEntry{{"records of every kind", []byte("Content-Signal: search=yes\nUser-agent: FooBot/1\nDisallow: /a\nAllow: /b/index.html\nCrawl-delay: 1\nContent-Signal: ai-train=no\nHost: example.com\nClean-param: a&b /x\nX-Thing: value\nSitemap: https://e.com/s.xml\nDissallow /%7e\n")}}, corpus(t)...)
	for _, cf := range files {
		t.Run(cf.name, func(t *testing.T) {
			for _, mode := range []Mode{RFC, Google} {
				o := Options{Mode: mode}
				in := bytes.Clone(cf.data)
				r := o.Parse(in)
				snapshot := func() string {
					var b strings.Builder
					b.WriteString(canonical(r))
					for _, d := range r.Diagnostics() {
						b.WriteString(diagText(d))
					}
					for _, g := range r.Groups() {
						fmt.Fprint(&b, g.Agents(), g.Rules(), g.ContentSignals())
					}
					fmt.Fprint(&b, r.Records(), r.ContentSignals())
					return b.String()
				}
				before := snapshot()
				for i := range in {
					in[i] = 'Z'
				}
				if diff := cmp.Diff(before, snapshot()); diff != "" {
					t.Fatalf("%v: overwriting the input changed the parsed file (-before +after):\n%s", mode, diff)
				}
			}
		})
	}
}

// TestUnionGroups checks the Groups of several names: the union of their
// groups, whatever the order of the names, named by their names; five
// or more groups alike.
func TestUnionGroups(t *testing.T) {
	var b strings.Builder
	for i := range 80 {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /%d/\n\n", i, i)
	}
	r := Parse([]byte(b.String()))
	ab := r.Group("bot2", "bot1/1.0", "nobody")
	if ab.Allowed("/1/x") || ab.Allowed("/2/x") || !ab.Allowed("/3/x") {
		t.Error("the union of bot1 and bot2 does not hold both groups' rules")
	}
	if diff := cmp.Diff([]string{"bot1", "bot2"}, r.Group("bot1", "bot2").Agents()); diff != "" {
		t.Errorf("Agents() (-want +got):\n%s", diff)
	}
	if n := testing.AllocsPerRun(100, func() { ab.Decide("/1/x") }); n != 0 {
		t.Errorf("Decide on a kept union allocates %v times, want 0", n)
	}
	five := []string{"bot1", "bot2", "bot3", "bot4", "bot5"}
	if g := r.Group(five...); g.Allowed("/5/x") || g.Allowed("/1/x") || !g.Allowed("/6/x") {
		t.Error("five groups: want a union that disallows /1/ to /5/ and no more")
	}
}

// smallShapes are small files of the shapes the tables hold apart: one
// group or two, groups merged by a name they share, a "*" group beside a
// named one, names written twice in different cases.
var smallShapes = []corpusEntry{
	{name: "one group", data: []byte("User-agent: FooBot\nDisallow: /admin/\nAllow: /admin/public\n")},
	{name: "star and named", data: []byte("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nuser-agent: googlebot\nAllow: /\n")},
	{name: "merged", data: []byte("User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\n\nUser-agent: GOOGLEBOT\nDisallow: /b\nCrawl-delay: 2\n")},
	{name: "merged star", data: []byte("User-agent: *\nDisallow: /x\nUser-agent: FooBot\nAllow: /\nUser-agent: *\nUser-agent: Yandex\nDisallow: /y$\n")},
	{name: "two names, one group", data: []byte("User-agent: FooBot\nUser-agent: bingbot\nUser-agent: foobot\nDisallow: /*.json$\nSitemap: https://example.com/s.xml\n")},
	{name: "four groups", data: []byte("User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\nUser-agent: c\nDisallow: /c\nUser-agent: Googlebot\nDisallow: /g\n")},
}

// TestGroupAgents checks that each Group is named by the tokens that
// select it, each as first written, in file order, on every corpus file and
// the files of smallShapes, in both modes.
func TestGroupAgents(t *testing.T) {
	for _, f := range append(corpus(t), smallShapes...) {
		for _, o := range []Options{{}, {Mode: Google}} {
			r := o.Parse(f.data)
			for tok := range r.toks {
				set := r.tokenSet(tok)
				var want []string
				for u := range r.toks {
					name, first := r.tokenText(uint32(u)), true
					for v := range u {
						first = first && foldCompare(r.tokenText(uint32(v)), name) != 0
					}
					if first && r.tokenSet(u) == set {
						want = append(want, name)
					}
				}
				if got := r.group(set).Agents(); !slices.Equal(got, want) {
					t.Errorf("%s, mode %v: Agents() of the Group of %q = %q, want %q", f.name, o.Mode, r.tokenText(uint32(tok)), got, want)
				}
			}
		}
	}
}

// TestBlockMatchesSeparate parses every corpus file and the files of
// smallShapes, in both modes, with the tables in one block (see block) and
// each in an allocation of its own, and checks that both give the same
// answers: decisions with their rules, the file written back,
// diagnostics, sitemaps and records.
func TestBlockMatchesSeparate(t *testing.T) {
	agents := []string{"Googlebot", "bingbot", "*", "FooBot/1.0", "Yandex"}
	targets := []string{"/some/page.html?id=1", "/", "/admin/", "https://example.com/a?b#c", "/robots.txt"}
	summary := func(r *Robots) string {
		var b strings.Builder
		for _, a := range agents {
			for _, u := range targets {
				fmt.Fprintln(&b, a, u, r.Decide(a, u))
			}
		}
		return b.String() + parseSummary(r)
	}
	for _, f := range append(corpus(t), smallShapes...) {
		for _, o := range []Options{{}, {Mode: Google}} {
			var blk, sep parseBuffers
			src := string(f.data)
			rb := o.parseWith(&blk, src, false, -1, defaultLimits, false)
			rs := o.parseWith(&sep, src, false, -1, defaultLimits, true)
			got, want := summary(rb), summary(rs)
			if got != want {
				t.Errorf("%s, mode %v: the block differs from separate tables (-separate +block):\n%s", f.name, o.Mode, cmp.Diff(want, got))
			}
		}
	}
}

// pathError is a reader's error that callers find with errors.As.
type pathError struct{ path string }

func (e *pathError) Error() string { return "reading " + e.path + " failed" }

// TestParseReaderErrorWrapped checks that a reader's error comes back wrapped,
// worded as "robotstxt: reading: %w" words it, and found by errors.Is and
// errors.As.
func TestParseReaderErrorWrapped(t *testing.T) {
	sentinel := errors.New("connection reset")
	typed := &pathError{"/robots.txt"}
	for _, readErr := range []error{sentinel, typed, io.ErrUnexpectedEOF} {
		r, err := ParseReader(iotest.ErrReader(readErr))
		if r != nil || err == nil {
			t.Fatalf("ParseReader(reader failing with %v) = %v, %v, want nil, an error", readErr, r, err)
		}
		if want := fmt.Errorf("robotstxt: reading: %w", readErr).Error(); err.Error() != want {
			t.Errorf("ParseReader error = %q, want %q", err, want)
		}
		if !errors.Is(err, readErr) {
			t.Errorf("errors.Is(%v, %v) = false, want true", err, readErr)
		}
	}
	_, err := ParseReader(iotest.ErrReader(typed))
	var pe *pathError
	if !errors.As(err, &pe) || pe != typed {
		t.Errorf("errors.As(%v, *pathError) = %v, %v, want true, %v", err, pe != nil, pe, typed)
	}
}
