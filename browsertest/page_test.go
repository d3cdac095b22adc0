package browsertest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
)

// openExample opens the page, which shows and runs its example: three
// targets for three crawlers.
func openExample(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	step(t, ctx, "opening the page", chromedp.Navigate(base+"/"),
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === 3 && !document.body.hasAttribute('aria-busy')`))
}

// activeCell says which matrix cell has the focus: "row,col", or the
// focused element's id.
const activeCell = `(e => e.classList.contains('cell') ? e.dataset.row + ',' + e.dataset.col : e.id)(document.activeElement)`

// TestKeyboard runs a test, walks the matrix and the tabs, and selects a
// verdict, all from the keyboard; and checks that every control has a
// label.
func TestKeyboard(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	openExample(t, ctx, base)
	ctrlEnter := chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl))
	var focused, info, decided string
	step(t, ctx, "adding a target and running with Ctrl+Enter",
		chromedp.Focus(css("#targets")),
		chromedp.KeyEvent("\n/private/x"),
		ctrlEnter,
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === 4`),
	)
	step(t, ctx, "tabbing from the Test button into the matrix",
		chromedp.Focus(css("#run-button")),
		chromedp.KeyEvent(kb.Tab),
		evaluate(activeCell, &focused),
	)
	if focused != "tab-results" {
		t.Fatalf("Tab from the Test button reaches %q, want the Results tab", focused)
	}
	step(t, ctx, "moving in the matrix", chromedp.KeyEvent(kb.Tab), evaluate(activeCell, &focused))
	if focused != "0,0" {
		t.Fatalf("Tab from the tabs reaches %q, want the first verdict", focused)
	}
	step(t, ctx, "moving with the arrow keys and selecting with Enter",
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.KeyEvent(kb.ArrowRight),
		evaluate(activeCell, &focused),
		chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector('#lines li.decided') !== null`),
		into(chromedp.Text(css("#cell-info")), &info),
		evaluate(`document.querySelector('#lines li.decided').dataset.line`, &decided),
	)
	// The example's row 1 is /private/report.pdf, column 1 Bingbot: the
	// global group's line 2.
	if focused != "1,1" || decided != "2" || info != "Bingbot on /private/report.pdf: disallowed by line 2, Disallow: /private/. bingbot: no group names it, follows the * group." {
		t.Errorf("after ArrowDown, ArrowRight, Enter: focus %q, line %q, info %q; want 1,1, line 2 and Bingbot's verdict", focused, decided, info)
	}
	var tabs string
	step(t, ctx, "switching tabs with the arrow keys",
		chromedp.Focus(css("#tab-results")),
		chromedp.KeyEvent(kb.ArrowRight),
		evaluate(`document.activeElement.id + ' ' + document.activeElement.getAttribute('aria-selected') + ' ' + document.getElementById('panel-diff').hidden + ' ' + document.getElementById('panel-results').hidden`, &tabs),
	)
	if tabs != "tab-diff true false true" {
		t.Errorf("after ArrowRight on the Results tab: %q, want the Diff tab focused, selected and shown", tabs)
	}
	var unlabelled []string
	step(t, ctx, "finding controls without a label", evaluate(`[...document.querySelectorAll('input, textarea, select, button')].filter(e =>
		!(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby') && !(e.tagName === 'BUTTON' && e.textContent.trim())
	).map(e => e.outerHTML.slice(0, 80))`, &unlabelled))
	if len(unlabelled) > 0 {
		t.Errorf("controls without a label: %q", unlabelled)
	}
}

// TestPhone checks the page in a phone-sized window: one column, nothing
// wider than the screen, the matrix scrolling in its own box.
func TestPhone(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	step(t, ctx, "a phone's viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	openExample(t, ctx, base)
	var layout map[string]float64
	step(t, ctx, "measuring", evaluate(`(() => {
		const r = id => document.getElementById(id).getBoundingClientRect();
		return {
			page: document.documentElement.scrollWidth, screen: window.innerWidth,
			editorRight: r('robots').right, targetsTop: r('targets').top, editorBottom: r('robots').bottom,
			buttonRight: r('run-button').right, matrixRight: r('matrix-wrap').right,
		};
	})()`, &layout))
	if layout["page"] > layout["screen"] {
		t.Errorf("the page is %v px wide on a %v px screen", layout["page"], layout["screen"])
	}
	for _, k := range []string{"editorRight", "buttonRight", "matrixRight"} {
		if layout[k] > layout["screen"] {
			t.Errorf("%s at %v px, past the screen's %v", k, layout[k], layout["screen"])
		}
	}
	if layout["targetsTop"] < layout["editorBottom"] {
		t.Errorf("targets at %v px, beside the editor (bottom %v): want one column", layout["targetsTop"], layout["editorBottom"])
	}
	var buf []byte
	step(t, ctx, "taking a screenshot", into(chromedp.FullScreenshot(100), &buf))
	saveScreenshot(t, "phone.png", buf)
}

// TestUserContentIsText puts markup in the file, a target and a crawler
// name: the page shows it as text and runs none of it.
func TestUserContentIsText(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	openExample(t, ctx, base)
	const (
		file    = "<script>window.pwned = 1</script>\nUser-agent: *\nDisallow: /<img src=x onerror=\"window.pwned = 2\">\n"
		target  = `/<img src=x onerror="window.pwned = 3">`
		crawler = `<b onmouseover="window.pwned = 4">bot</b>`
	)
	var got []string
	step(t, ctx, "running a test full of markup",
		setField("#robots", file),
		setField("#targets", target),
		evaluate(`document.querySelectorAll('#presets input:checked').forEach(i => i.click()) || true`, new(bool)),
		setField("#more-agents", crawler),
		chromedp.Click(css("#run-button")),
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === 1 && document.querySelectorAll('#matrix thead th').length === 2`),
		evaluate(`[
			String(window.pwned),
			String(document.querySelectorAll('img, b, script:not([src])').length),
			document.querySelector('#lines li[data-line="1"] .text').textContent,
			document.querySelector('#matrix tbody th').textContent,
			document.querySelectorAll('#matrix thead th')[1].textContent,
			document.querySelector('#lines li[data-line="3"] .text').textContent,
		]`, &got),
	)
	want := []string{"undefined", "0", "<script>window.pwned = 1</script>", target, crawler, `Disallow: /<img src=x onerror="window.pwned = 2">`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("markup in the test (-want +got):\n%s", diff)
	}
}

// TestFetchByURL fetches a site's robots.txt through the page: from a
// loopback site with -allow-private, and refused without it.
func TestFetchByURL(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private/\n"
	mux := http.NewServeMux()
	var fetches atomic.Int64
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		http.Redirect(w, r, "/files/robots.txt", http.StatusFound)
	})
	mux.HandleFunc("/files/robots.txt", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
	site := httptest.NewServer(mux)
	defer site.Close()

	ctx := newBrowser(t)
	t.Run("allowed", func(t *testing.T) {
		base := startServer(t, "-allow-private")
		openExample(t, ctx, base)
		var info map[string]string
		var robots string
		step(t, ctx, "fetching",
			setField("#site-url", site.URL+"/private/page"),
			chromedp.Click(css("#fetch-button")),
			waitFor(`!document.getElementById('fetch-info').hidden && !document.body.hasAttribute('aria-busy')`),
			evaluate(`Object.fromEntries([...document.querySelectorAll('#fetch-info dt')].map(dt => [dt.textContent, dt.nextElementSibling.textContent]))`, &info),
			into(chromedp.Value(css("#robots")), &robots),
		)
		want := map[string]string{
			"Fetched": site.URL + "/robots.txt", "Final URL": site.URL + "/files/robots.txt", "Status": "200",
			"Redirects": "1", "Size": "34 bytes", "Access": "available: the file's rules apply",
		}
		if diff := cmp.Diff(want, info); diff != "" {
			t.Errorf("fetch info (-want +got):\n%s", diff)
		}
		if robots != body {
			t.Errorf("editor holds %q, want the fetched %q", robots, body)
		}
		got := readMatrix(t, ctx, 3)
		if got[2][1] != "disallowed line 2: Disallow: /private/" {
			t.Errorf("Googlebot on /private/report.pdf: %q, want the fetched file's line 2", got[2][1])
		}
	})
	t.Run("a shared link waits for a click", func(t *testing.T) {
		base := startServer(t, "-allow-private")
		openExample(t, ctx, base)
		var href string
		step(t, ctx, "fetching",
			setField("#site-url", site.URL+"/"),
			chromedp.Click(css("#fetch-button")),
			waitFor(`!document.getElementById('fetch-info').hidden && !document.body.hasAttribute('aria-busy')`),
			waitFor(`location.hash !== ''`),
			into(chromedp.Location(), &href),
		)
		before := fetches.Load()
		tab := newTab(t, ctx)
		var msg, siteURL, robots string
		step(t, tab, "opening the link",
			chromedp.Navigate(href),
			waitFor(`document.getElementById('message').textContent !== ''`),
			into(chromedp.Text(css("#message")), &msg),
			into(chromedp.Value(css("#site-url")), &siteURL),
			into(chromedp.Value(css("#robots")), &robots),
		)
		// The page sends nothing to the server until a click, so the
		// count cannot change later.
		if n := fetches.Load(); n != before {
			t.Errorf("opening the link fetched the site's robots.txt %d times, want none before a click", n-before)
		}
		if !strings.Contains(msg, "press \"Fetch its robots.txt\"") || siteURL != site.URL+"/" || robots != body {
			t.Errorf("from the link: message %q, URL %q, file %q; want the form filled and a prompt to fetch", msg, siteURL, robots)
		}
		step(t, tab, "fetching on a click",
			chromedp.Click(css("#fetch-button")),
			waitFor(`!document.getElementById('fetch-info').hidden && !document.body.hasAttribute('aria-busy')`),
		)
		if n := fetches.Load(); n != before+1 {
			t.Errorf("a click fetched the site's robots.txt %d times, want once", n-before)
		}
	})
	t.Run("refused", func(t *testing.T) {
		base := startServer(t)
		openExample(t, ctx, base)
		var msg string
		step(t, ctx, "fetching",
			setField("#site-url", site.URL+"/"),
			chromedp.Click(css("#fetch-button")),
			waitFor(`document.getElementById('message').textContent !== ''`),
			into(chromedp.Text(css("#message")), &msg),
		)
		if !strings.Contains(msg, "refusing to fetch from 127.0.0.1, a loopback address") {
			t.Errorf("message %q, want the refusal", msg)
		}
	})
}
