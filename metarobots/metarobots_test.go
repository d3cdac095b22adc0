package metarobots

import (
	"errors"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestParseList(t *testing.T) {
	tests := []struct {
		in   string
		want Directives
	}{
		{"noindex", Directives{NoIndex: true}},
		{"NOINDEX, NoFollow", Directives{NoIndex: true, NoFollow: true}},
		{"noindex nofollow", Directives{NoIndex: true, NoFollow: true}},
		{"none", Directives{NoIndex: true, NoFollow: true}},
		{"all", Directives{}},
		{"index, follow", Directives{}},
		{"noarchive", Directives{NoArchive: true}},
		{"nocache", Directives{NoArchive: true}},
		{"nosnippet", Directives{NoSnippet: true}},
		{"noimageindex", Directives{NoImageIndex: true}},
		{"notranslate", Directives{NoTranslate: true}},
		{"noindex, indexifembedded", Directives{NoIndex: true, IndexIfEmbedded: true}},
		{"max-snippet:20", Directives{MaxSnippet: Limit{20, true}}},
		{"max-snippet: 0", Directives{MaxSnippet: Limit{0, true}}},
		{"max-snippet:-1", Directives{}},
		{"max-snippet:20, max-snippet:10", Directives{MaxSnippet: Limit{10, true}}},
		{"max-snippet:x", Directives{Unknown: []string{"max-snippet:x"}}},
		{"max-video-preview:15", Directives{MaxVideoPreview: Limit{15, true}}},
		{"max-image-preview:large", Directives{MaxImagePreview: ImagePreviewLarge}},
		{"max-image-preview:Standard, max-image-preview:large", Directives{MaxImagePreview: ImagePreviewStandard}},
		{"max-image-preview:huge", Directives{Unknown: []string{"max-image-preview:huge"}}},
		{"unavailable_after: 2025-12-25", Directives{UnavailableAfter: date("2025-12-25T00:00:00Z")}},
		{"unavailable_after: 2025-12-25T15:00:00+01:00", Directives{UnavailableAfter: date("2025-12-25T15:00:00+01:00")}},
		{"unavailable_after: Thu, 25 Dec 2025 15:00:00 GMT, noindex", Directives{NoIndex: true, UnavailableAfter: date("2025-12-25T15:00:00Z")}},
		{"unavailable_after: Thursday, 25-Dec-25 15:00:00 UTC", Directives{UnavailableAfter: date("2025-12-25T15:00:00Z")}},
		{"unavailable_after: 25 Dec 2025 15:00:00 UTC", Directives{UnavailableAfter: date("2025-12-25T15:00:00Z")}},
		{"unavailable_after: 2026-01-01, unavailable_after: 2025-01-01", Directives{UnavailableAfter: date("2025-01-01T00:00:00Z")}},
		{"unavailable_after: someday", Directives{Unknown: []string{"unavailable_after: someday"}}},
		{"noodp, NOYDIR, noodp", Directives{Unknown: []string{"noodp", "noydir"}}},
		{" , ,", Directives{}},
	}
	for _, tt := range tests {
		var d Directives
		d.parseList(tt.in)
		if diff := cmp.Diff(tt.want, d); diff != "" {
			t.Errorf("parseList(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestMerge(t *testing.T) {
	a := Directives{NoIndex: true, MaxSnippet: Limit{50, true}, MaxImagePreview: ImagePreviewLarge, UnavailableAfter: date("2026-01-01T00:00:00Z"), Unknown: []string{"x"}}
	b := Directives{NoFollow: true, MaxSnippet: Limit{10, true}, MaxVideoPreview: Limit{3, true}, MaxImagePreview: ImagePreviewNone, UnavailableAfter: date("2025-01-01T00:00:00Z"), Unknown: []string{"y", "x"}}
	want := Directives{NoIndex: true, NoFollow: true, MaxSnippet: Limit{10, true}, MaxVideoPreview: Limit{3, true}, MaxImagePreview: ImagePreviewNone, UnavailableAfter: date("2025-01-01T00:00:00Z"), Unknown: []string{"x", "y"}}
	if diff := cmp.Diff(want, a.Merge(b)); diff != "" {
		t.Errorf("Merge mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, b.Merge(a), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Unknown" }, cmp.Ignore())); diff != "" {
		t.Errorf("Merge is not symmetric (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(a, a.Merge(Directives{})); diff != "" {
		t.Errorf("Merge with the zero value changed something (-want +got):\n%s", diff)
	}
}

func TestFromHTML(t *testing.T) {
	tests := []struct {
		name   string
		html   string
		agents []string
		want   Directives
	}{
		{"robots tag", `<html><head><meta name="robots" content="noindex"></head><body></body></html>`, nil, Directives{NoIndex: true}},
		{"case-insensitive names", `<HEAD><META NAME="ROBOTS" CONTENT="NOFOLLOW"></HEAD>`, nil, Directives{NoFollow: true}},
		{"agent tag applies to its crawler", `<head><meta name="googlebot" content="noindex"></head>`, []string{"Googlebot"}, Directives{NoIndex: true}},
		{"agent tag ignored by others", `<head><meta name="googlebot" content="noindex"></head>`, []string{"bingbot"}, Directives{}},
		{"general and agent tags combine", `<head><meta name="robots" content="max-snippet:50"><meta name="FooBot" content="max-snippet:5, nofollow"></head>`, []string{"foobot"}, Directives{NoFollow: true, MaxSnippet: Limit{5, true}}},
		{"conflicting tags: most restrictive wins", `<head><meta name="robots" content="index, follow"><meta name="robots" content="noindex"></head>`, nil, Directives{NoIndex: true}},
		{"self-closing, single quotes", `<head><meta name='robots' content='noarchive' /></head>`, nil, Directives{NoArchive: true}},
		{"unquoted attributes", `<head><meta name=robots content=noindex></head>`, nil, Directives{NoIndex: true}},
		{"content before name", `<head><meta content="nosnippet" name="robots"></head>`, nil, Directives{NoSnippet: true}},
		{"no robots tag", `<head><title>x</title><meta name="description" content="noindex"></head>`, nil, Directives{}},
		{"meta without content", `<head><meta name="robots"></head>`, nil, Directives{}},
		{"comment in the head", `<head><!-- <meta name="robots" content="noindex"> --><meta name="robots" content="nofollow"></head>`, nil, Directives{NoFollow: true}},
		{"script in the head", `<head><script>var s = '<meta name="robots" content="noindex">';</script></head>`, nil, Directives{}},
		{"stops at body", `<body><meta name="robots" content="noindex"></body>`, nil, Directives{}},
		{"unclosed tags", `<html><head><title>x<meta name="robots" content="noindex"`, nil, Directives{}},
		{"unclosed head", `<html><head><title>x</title><meta name="robots" content="noindex"><div>text`, nil, Directives{NoIndex: true}},
		{"broken page: meta after content, no body tag", `<p>hello</p><meta name="robots" content="noindex, nofollow">`, nil, Directives{NoIndex: true, NoFollow: true}},
		{"empty input", ``, nil, Directives{}},
	}
	for _, tt := range tests {
		got, err := FromHTML(strings.NewReader(tt.html), tt.agents...)
		if err != nil {
			t.Errorf("%s: FromHTML error: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: FromHTML mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// filler yields a byte forever, for pages of any size at no memory cost.
type filler byte

func (f filler) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

// TestFromHTMLAfterTheHead checks what is read between </head> and the
// body, against golang.org/x/net/html's parser: a robots meta tag counts
// when the parser puts it in the head.
func TestFromHTMLAfterTheHead(t *testing.T) {
	const source = "HTML Living Standard section 13.2.6.4.6, the after head insertion mode"
	tests := []struct {
		name string
		html string
		want Directives
	}{
		{"meta between </head> and <body>", `<html><head><title>x</title></head><meta name="robots" content="noindex"><body>text</body></html>`, Directives{NoIndex: true}},
		{"meta after </head>, no body tag", `<head></head><meta name="robots" content="noindex">`, Directives{NoIndex: true}},
		{"whitespace and a comment first", "<head></head>\n  <!-- robots -->\n<meta name=\"robots\" content=\"noindex\"><body>", Directives{NoIndex: true}},
		{"head content first", `<head></head><link rel="icon" href="/i"><title>a <meta name="robots" content="nofollow"> b</title><script>var m = "<p>"</script><meta name="robots" content="noindex"><body>`, Directives{NoIndex: true}},
		{"a tag of the body first", `<head></head><p>x</p><meta name="robots" content="noindex">`, Directives{}},
		{"text first", `<head></head>hello<meta name="robots" content="noindex">`, Directives{}},
		{"after <body>", `<head></head><body><meta name="robots" content="noindex"></body>`, Directives{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromHTML(strings.NewReader(tt.html))
			if err != nil {
				t.Fatalf("FromHTML error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FromHTML(%q) mismatch (-want +got) (%s):\n%s", tt.html, source, diff)
			}
			// The oracle: where the parser puts the robots tag that says
			// noindex.
			doc, err := html.Parse(strings.NewReader(tt.html))
			if err != nil {
				t.Fatal(err)
			}
			if inHead := noindexInHead(doc, false); inHead != tt.want.NoIndex {
				t.Errorf("html.Parse puts the noindex tag in the head: %v; the row wants NoIndex %v", inHead, tt.want.NoIndex)
			}
		})
	}
}

// noindexInHead reports whether n's tree has, inside a head element, a
// robots meta tag whose content is noindex.
func noindexInHead(n *html.Node, inHead bool) bool {
	attr := func(key string) string {
		i := slices.IndexFunc(n.Attr, func(a html.Attribute) bool { return a.Key == key })
		if i < 0 {
			return ""
		}
		return n.Attr[i].Val
	}
	if n.Type == html.ElementNode && n.DataAtom == atom.Meta && inHead && attr("name") == "robots" && attr("content") == "noindex" {
		return true
	}
	inHead = inHead || n.Type == html.ElementNode && n.DataAtom == atom.Head
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if noindexInHead(c, inHead) {
			return true
		}
	}
	return false
}

func TestFromHTMLReadsOnlyTheHead(t *testing.T) {
	const size = 50 << 20
	head := `<html><head><meta name="robots" content="noindex"></head><body>`
	page := io.MultiReader(strings.NewReader(head), io.LimitReader(filler('x'), size))
	c := &countingReader{r: page}
	d, err := FromHTML(c)
	if err != nil || !d.NoIndex {
		t.Fatalf("FromHTML = %+v, %v; want NoIndex", d, err)
	}
	if c.n > 64<<10 {
		t.Errorf("read %d bytes of a %d-byte page, want at most 64 KiB", c.n, size)
	}
}

func TestFromHTMLLimit(t *testing.T) {
	// A head that never ends: reading stops at the limit.
	page := io.MultiReader(strings.NewReader(`<head><meta name="robots" content="noindex">`), filler(' '))
	c := &countingReader{r: page}
	d, err := Options{MaxBytes: 100 << 10}.FromHTML(c)
	if err != nil || !d.NoIndex {
		t.Fatalf("FromHTML = %+v, %v; want NoIndex", d, err)
	}
	if c.n != 100<<10 {
		t.Errorf("read %d bytes, want the limit, %d", c.n, 100<<10)
	}
}

func TestFromHTMLReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`<head><meta name="robots" content="noindex">`), iotest.ErrReader(boom))
	d, err := FromHTML(r)
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "metarobots: ") {
		t.Errorf("FromHTML error = %v, want a metarobots: error wrapping %v", err, boom)
	}
	if !d.NoIndex {
		t.Errorf("FromHTML returned %+v, want what was read before the error", d)
	}
}

func TestFromHeader(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		agents []string
		want   Directives
	}{
		{"one value", []string{"noindex"}, nil, Directives{NoIndex: true}},
		{"comma list", []string{"noindex, nofollow"}, nil, Directives{NoIndex: true, NoFollow: true}},
		{"several headers", []string{"noarchive", "nosnippet"}, nil, Directives{NoArchive: true, NoSnippet: true}},
		{"prefix for this crawler", []string{"googlebot: nofollow"}, []string{"Googlebot"}, Directives{NoFollow: true}},
		{"prefix for another crawler", []string{"otherbot: noindex, nofollow"}, []string{"googlebot"}, Directives{}},
		{"prefixed and general", []string{"otherbot: noindex", "nofollow"}, []string{"googlebot"}, Directives{NoFollow: true}},
		{"two prefixes in one value", []string{"googlebot: noindex, otherbot: nofollow"}, []string{"googlebot"}, Directives{NoIndex: true}},
		{"directive with a value is no prefix", []string{"max-snippet: 20"}, nil, Directives{MaxSnippet: Limit{20, true}}},
		{"unavailable_after in RFC 850 form", []string{"unavailable_after: Friday, 25-Jun-2010 15:00:00 GMT"}, nil, Directives{UnavailableAfter: date("2010-06-25T15:00:00Z")}},
		{"unavailable_after after a prefix", []string{"googlebot: unavailable_after: 2025-12-25"}, []string{"googlebot"}, Directives{UnavailableAfter: date("2025-12-25T00:00:00Z")}},
		{"no header", nil, nil, Directives{}},
	}
	for _, tt := range tests {
		h := http.Header{}
		for _, v := range tt.values {
			h.Add("X-Robots-Tag", v)
		}
		if diff := cmp.Diff(tt.want, FromHeader(h, tt.agents...)); diff != "" {
			t.Errorf("%s: FromHeader(%q) mismatch (-want +got):\n%s", tt.name, tt.values, diff)
		}
	}
}

func TestIsNoFollow(t *testing.T) {
	tests := []struct {
		rel  string
		want bool
	}{
		{"nofollow", true},
		{"NoFollow", true},
		{"noopener nofollow", true},
		{"ugc", true},
		{"sponsored noopener", true},
		{"UGC  Sponsored", true},
		{"noopener noreferrer", false},
		{"", false},
		{"nofollowme", false},
	}
	for _, tt := range tests {
		if got := IsNoFollow(tt.rel); got != tt.want {
			t.Errorf("IsNoFollow(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func FuzzFromHTML(f *testing.F) {
	f.Add([]byte(`<head><meta name="robots" content="noindex, max-snippet:5, unavailable_after: 2025-01-01"></head>`), "googlebot")
	f.Add([]byte(`<meta name=googlebot content="none"><body>`), "googlebot")
	// Hostile shapes, small versions: an unavailable_after date that goes
	// on and on, in a tag and as a header value (the page is also read as
	// an X-Robots-Tag header), and many dates in one tag.
	f.Add([]byte(`<meta name="robots" content="unavailable_after: 2025-01-01T00:00:00`+strings.Repeat("9", 2<<10)+`">`), "googlebot")
	f.Add([]byte("googlebot: unavailable_after: 25 Jun 2010 "+strings.Repeat("25 Jun ", 300)), "googlebot")
	f.Add([]byte(`<meta name="robots" content="`+strings.Repeat("unavailable_after: Friday 25-Jun-2010 15:00:00 ", 10)+`">`), "googlebot")
	f.Fuzz(func(t *testing.T, page []byte, agent string) {
		a, errA := FromHTML(strings.NewReader(string(page)), agent)
		b, errB := FromHTML(iotest.OneByteReader(strings.NewReader(string(page))), agent)
		if errA != nil || errB != nil {
			t.Fatalf("errors from an in-memory page: %v, %v", errA, errB)
		}
		// reflect.DeepEqual first, as it is cheap and almost always true;
		// cmp.Diff decides when it is not (it compares times with Equal).
		if !reflect.DeepEqual(a, b) {
			if diff := cmp.Diff(a, b); diff != "" {
				t.Fatalf("result depends on read sizes:\n%s", diff)
			}
		}
		h := http.Header{"X-Robots-Tag": {string(page)}}
		FromHeader(h, agent)
		if a.Merge(a).NoIndex != a.NoIndex {
			t.Fatal("Merge is not idempotent")
		}
	})
}
