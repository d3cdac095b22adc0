package browsertest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// alignJS scrolls the editor so that each line asked for is in view (at
// its top, its middle and its end), as the reader scrolls, and returns
// for each how far the gutter's number stands from the text's line, in
// pixels: 0 when they align. A textarea's lines have no element to
// measure; they sit at a pitch of the line height, which the editor's
// scroll height confirms (pitch).
const alignJS = `(lines => {
  const ta = document.getElementById('robots');
  const lh = parseFloat(getComputedStyle(ta).lineHeight);
  const top = ta.getBoundingClientRect().top + ta.clientTop;
  const n = ta.value.split('\n').length;
  const out = {pitch: ta.scrollHeight / n, lh, offsets: []};
  for (const line of lines) {
    for (const at of ['top', 'middle', 'end']) {
      ta.scrollTop = at === 'top' ? (line - 1) * lh : at === 'middle' ? (line - 1) * lh - ta.clientHeight / 2 : ta.scrollHeight;
      ta.dispatchEvent(new Event('scroll'));
      const y = top + (line - 1) * lh - ta.scrollTop;
      if (y < top || y + lh > top + ta.clientHeight) continue; // out of view
      const g = document.querySelectorAll('#gutter div')[line - 1].getBoundingClientRect().top;
      out.offsets.push(line + ' ' + at + ': ' + Math.round(g - y));
    }
  }
  return out;
})`

// TestGutterAlignsOnLongFiles loads a 2,000-line file and checks that
// every gutter number sits beside its line, wherever the editor is
// scrolled, and that the highlight of a deciding line near the end sits
// beside its number. On github.com's 1,399-line file the highlight of
// line 1399 sat beside gutter number 1397: the gutter, taller than the
// editor and without its horizontal scroll bar, could not scroll as far.
func TestGutterAlignsOnLongFiles(t *testing.T) {
	const n = 2000
	var file strings.Builder
	file.WriteString("User-agent: *\n")
	for i := 2; i < n; i++ {
		fmt.Fprintf(&file, "Disallow: /section-%d/a-long-path-that-needs-a-horizontal-scroll-bar-%s\n", i, strings.Repeat("x", 80))
	}
	file.WriteString("Disallow: /last\n")
	base := startServer(t)
	ctx := newBrowser(t)
	step(t, ctx, "opening the page", chromedp.Navigate(base+"/"), waitFor(`document.querySelectorAll('#matrix tbody tr').length > 0`))
	step(t, ctx, "testing a 2,000-line file",
		setField("#robots", file.String()),
		setField("#targets", "/last/x"),
		chromedp.Click(css("#run-button")),
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === 1 && !document.body.hasAttribute('aria-busy')`),
	)
	var got struct {
		Pitch, LH float64
		Offsets   []string
	}
	step(t, ctx, "scrolling the editor", evaluate(alignJS+`([1, 2, 700, 1397, 1399, 1990, 1999, 2000])`, &got))
	if got.Pitch != got.LH {
		t.Errorf("the editor's lines are %vpx apart, want the line height, %vpx", got.Pitch, got.LH)
	}
	var misaligned []string
	for _, o := range got.Offsets {
		if !strings.HasSuffix(o, ": 0") {
			misaligned = append(misaligned, o)
		}
	}
	if len(got.Offsets) < 8 || misaligned != nil {
		t.Errorf("gutter numbers off their lines by (line, scrolled to: pixels) %v; of %d in view", misaligned, len(got.Offsets))
	}

	var mark struct{ Gutter, Mark float64 }
	var decided string
	step(t, ctx, "selecting the verdict decided by line 2000",
		chromedp.Click(css(cell(0, 0))),
		waitFor(`!document.getElementById('line-mark').hidden`),
		evaluate(`[...document.querySelectorAll('#gutter .decided')].map(d => d.textContent).join(',')`, &decided),
		evaluate(`({gutter: document.querySelector('#gutter .decided').getBoundingClientRect().top, mark: document.getElementById('line-mark').getBoundingClientRect().top})`, &mark),
	)
	if decided != "2000" || mark.Gutter != mark.Mark {
		t.Errorf("line 2000's highlight at y=%v beside gutter number %s at y=%v; want the highlight beside number 2000", mark.Mark, decided, mark.Gutter)
	}
	if diff := cmp.Diff([]string{"2000"}, strings.Split(decided, ",")); diff != "" {
		t.Errorf("decided lines in the gutter (-want +got):\n%s", diff)
	}
	var buf []byte
	step(t, ctx, "taking a screenshot of the editor", into(chromedp.Screenshot(css("#editor")), &buf))
	saveScreenshot(t, "long-file.png", buf)
}

// TestUnreachableAndLongFiles checks what the page says of a 503 fetch,
// which disallows everything though no file says so, and of a file over
// the 500 KiB crawlers read. Each cell of the 503 showed "Disallow: /",
// a rule in no file; the long file was refused with 413.
func TestUnreachableAndLongFiles(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer site.Close()
	base := startServer(t, "-allow-private")
	ctx := newBrowser(t)
	openExample(t, ctx, base)
	step(t, ctx, "fetching from a site that answers 503",
		setField("#site-url", site.URL+"/"),
		chromedp.Click(css("#fetch-button")),
		waitFor(`!document.getElementById('fetch-info').hidden && !document.body.hasAttribute('aria-busy')`),
	)
	const want = "disallowed robots.txt unreachable (503): everything disallowed"
	for _, row := range readMatrix(t, ctx, 3)[1:] {
		for _, c := range row[1:] {
			if c != want {
				t.Errorf("a cell of the 503 fetch reads %q, want %q", c, want)
			}
		}
	}
	var info string
	step(t, ctx, "selecting a verdict", chromedp.Click(css(cell(0, 0))), into(chromedp.Text(css("#cell-info")), &info))
	if wantInfo := "Googlebot on /: disallowed; robots.txt unreachable (503): everything disallowed."; info != wantInfo {
		t.Errorf("cell info %q, want %q", info, wantInfo)
	}

	file := "User-agent: *\nDisallow: /private/\n" + strings.Repeat("# "+strings.Repeat("x", 77)+"\n", 512000/80) + "Disallow: /after\n"
	var notes, lint, notesClass string
	step(t, ctx, "testing a file over 500 KiB",
		setField("#robots", file),
		setField("#targets", "/private/a\n/after"),
		chromedp.Click(css("#run-button")),
		waitFor(`document.getElementById('notes').textContent !== ''`),
		into(chromedp.Text(css("#notes")), &notes),
		into(chromedp.Text(css("#lint-counts")), &lint),
		evaluate(`document.getElementById('notes').className`, &notesClass),
	)
	read := strings.LastIndexByte(file[:512000], '\n') + 1 // the last whole line within 500 KiB
	if want := fmt.Sprintf("robots is %d bytes; the tester read its first %d,", len(file), read); !strings.HasPrefix(notes, want) {
		t.Errorf("notes %q, want them to start %q", notes, want)
	}
	// Where the file was cut and what that drops, at once: not a grey
	// hint under "Lint: no problems".
	cutLine := strings.Count(file[:read], "\n") + 1
	if want := fmt.Sprintf("cut at line %d: from there on, 1 allow or disallow rule is ignored", cutLine); !strings.HasSuffix(notes, want) {
		t.Errorf("notes %q, want them to end %q", notes, want)
	}
	if lint != "Lint: 1 error." || notesClass != "alert" {
		t.Errorf("lint counts %q and notes of class %q; want \"Lint: 1 error.\" and an alert", lint, notesClass)
	}
	if got := readMatrix(t, ctx, 2); got[1][1] != "disallowed line 2: Disallow: /private/" || got[2][1] != "allowed no rule matched" {
		t.Errorf("matrix %q; want /private/a disallowed by line 2 and /after allowed, its rule past the limit", got)
	}
}

// TestAIContentSignals: the AI tab shows the Content-Signal values of the
// "User-agent: *" group, where Cloudflare tells sites to put them, and of
// any other group, beside the file's own.
func TestAIContentSignals(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	openExample(t, ctx, base)
	file := "Content-Signal: search=yes\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n"
	var signals string
	step(t, ctx, "auditing a file with Content-Signal under User-agent: *",
		setField("#robots", file),
		chromedp.Click(css("#run-button")),
		chromedp.Click(css("#tab-ai")),
		waitFor(`!document.getElementById('panel-ai').hidden && document.getElementById('ai-signals').textContent.includes('for user-agent: *')`),
		into(chromedp.Text(css("#ai-signals")), &signals),
	)
	want := "Content-Signal: search=yes; Content-Signal for user-agent: *: ai-train=no, search=yes; Content-Signal for user-agent: GPTBot: ai-train=no"
	if signals != want {
		t.Errorf("AI tab signals %q, want %q", signals, want)
	}
}
