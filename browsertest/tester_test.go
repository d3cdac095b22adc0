package browsertest

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// The test file: a typo on line 8 for lint, and lines 2, 3 and 6 to
// decide the targets.
const testFile = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /

Disalow: /typo
`

var testTargets = []string{"/", "/private/a.html", "/private/press/b.html", "/robots.txt"}

// matrixJS reads the verdict matrix as text, a row per table row.
const matrixJS = `[...document.querySelectorAll('#matrix tr')].map(tr => [...tr.children].map(c => c.tagName === 'TH' ? c.textContent : [...c.querySelectorAll('.cell > *')].map(x => x.textContent).join(' ')))`

// wantMatrix is the RFC mode matrix of testFile, testTargets and the
// crawlers Googlebot, GPTBot and MyBot/1.0 (a versioned name: the global
// group's crawler).
var wantMatrix = [][]string{
	{"Target", "Googlebot", "GPTBot", "MyBot/1.0"},
	{"/", "allowed no rule matched", "disallowed line 6: Disallow: /", "allowed no rule matched"},
	{"/private/a.html", "disallowed line 2: Disallow: /private/", "disallowed line 6: Disallow: /", "disallowed line 2: Disallow: /private/"},
	{"/private/press/b.html", "allowed line 3: Allow: /private/press/", "disallowed line 6: Disallow: /", "allowed line 3: Allow: /private/press/"},
	{"/robots.txt", "allowed no rule matched", "allowed no rule matched", "allowed no rule matched"},
}

func cell(row, col int) string {
	return `#matrix .cell[data-row="` + strconv.Itoa(row) + `"][data-col="` + strconv.Itoa(col) + `"]`
}

// readMatrix waits for a matrix of n target rows and returns its text.
func readMatrix(t *testing.T, ctx context.Context, rows int) [][]string {
	t.Helper()
	var got [][]string
	step(t, ctx, "reading the matrix",
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === `+strconv.Itoa(rows)+` && !document.body.hasAttribute('aria-busy')`),
		evaluate(matrixJS, &got))
	return got
}

// typeTest fills the form as a person would: the file and targets typed,
// presets clicked, a crawler typed.
func typeTest(t *testing.T, ctx context.Context) {
	step(t, ctx, "typing the test",
		setField("#robots", ""),
		chromedp.SendKeys(css("#robots"), testFile),
		setField("#targets", ""),
		chromedp.SendKeys(css("#targets"), strings.Join(testTargets, "\n")),
		// The defaults are Googlebot, Bingbot and GPTBot: leave out Bingbot.
		chromedp.Click(css(`#presets input[value="Bingbot"]`)),
		setField("#more-agents", ""),
		chromedp.SendKeys(css("#more-agents"), "MyBot/1.0"),
		chromedp.Click(css(`input[name="mode"][value="rfc"]`)),
	)
}

// TestTester is the flow: type a test, read the matrix, select
// cells, read the lint messages, the diff and the AI audit, reload from
// the URL fragment, switch modes, and save a screenshot.
func TestTester(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	step(t, ctx, "opening the page", chromedp.Navigate(base+"/"), waitFor(`document.querySelectorAll('#matrix tbody tr').length > 0`))
	typeTest(t, ctx)
	var typed string
	step(t, ctx, "running the test", into(chromedp.Value(css("#robots")), &typed), chromedp.Click(css("#run-button")))
	if typed != testFile {
		t.Fatalf("the editor holds %q after typing, want %q", typed, testFile)
	}
	if diff := cmp.Diff(wantMatrix, readMatrix(t, ctx, len(testTargets))); diff != "" {
		t.Fatalf("matrix (-want +got):\n%s", diff)
	}

	t.Run("selecting a cell highlights its line", func(t *testing.T) {
		var decided, gutter, info string
		var markShown bool
		step(t, ctx, "selecting GPTBot on /private/a.html",
			chromedp.Click(css(cell(1, 1))),
			waitFor(`document.querySelector('#lines li.decided') !== null`),
			evaluate(`[...document.querySelectorAll('#lines li.decided')].map(li => li.dataset.line).join(',')`, &decided),
			evaluate(`[...document.querySelectorAll('#gutter .decided')].map(d => d.textContent).join(',')`, &gutter),
			evaluate(`!document.getElementById('line-mark').hidden`, &markShown),
			into(chromedp.Text(css("#cell-info")), &info),
		)
		if decided != "6" || gutter != "6" || !markShown {
			t.Errorf("highlighted line %q in the file, %q in the editor's gutter, mark shown %v; want 6, 6, true", decided, gutter, markShown)
		}
		if want := "GPTBot on /private/a.html: disallowed by line 6, Disallow: /. GPTBot: a group names it."; info != want {
			t.Errorf("cell info %q, want %q", info, want)
		}
		step(t, ctx, "selecting Googlebot on /",
			chromedp.Click(css(cell(0, 0))),
			waitFor(`document.querySelector('#lines li.decided') === null`),
			into(chromedp.Text(css("#cell-info")), &info),
			evaluate(`!document.getElementById('line-mark').hidden`, &markShown),
		)
		if want := "Googlebot on /: allowed; no rule matched. Googlebot: no group names it, follows the * group."; info != want || markShown {
			t.Errorf("cell info %q, mark shown %v; want %q, no mark", info, markShown, want)
		}
	})

	t.Run("lint messages beside their lines", func(t *testing.T) {
		var notes [][]string
		var counts, gutterClass string
		step(t, ctx, "reading the annotated file",
			evaluate(`[...document.querySelectorAll('#lines li')].filter(li => li.querySelector('.notes')).map(li => [li.dataset.line, li.querySelector('.text').textContent, ...[...li.querySelectorAll('.note')].map(n => n.dataset.code)])`, &notes),
			into(chromedp.Text(css("#lint-counts")), &counts),
			evaluate(`document.querySelectorAll('#gutter div')[7].className`, &gutterClass),
		)
		want := [][]string{{"8", "Disalow: /typo", "key-typo", "blank-line-in-group"}}
		if diff := cmp.Diff(want, notes); diff != "" {
			t.Errorf("lines with lint messages (-want +got):\n%s", diff)
		}
		if counts != "Lint: 1 warning, 1 info." || gutterClass != "lint-warning" {
			t.Errorf("counts %q, gutter line 8 class %q; want %q, %q", counts, gutterClass, "Lint: 1 warning, 1 info.", "lint-warning")
		}
	})

	// The new version lets GPTBot in but for /private/.
	newVersion := strings.Replace(testFile, "User-agent: GPTBot\nDisallow: /\n", "User-agent: GPTBot\nDisallow: /private/\n", 1)
	wantDiff := [][]string{{"/", "GPTBot", "disallowed by line 6: Disallow: /", "allowed, no rule matched"}}
	const diffJS = `[...document.querySelectorAll('#diff-table tbody tr')].map(tr => [...tr.children].map(c => c.textContent))`
	t.Run("diff view", func(t *testing.T) {
		var old string
		var got [][]string
		step(t, ctx, "comparing a new version",
			chromedp.Click(css("#tab-diff")),
			waitFor(`!document.getElementById('panel-diff').hidden`),
			chromedp.Click(css("#copy-current")),
			setField("#new-robots", newVersion),
			chromedp.Click(css("#diff-button")),
			waitFor(`!document.getElementById('diff-table').hidden`),
			into(chromedp.Text(css("#old-text")), &old),
			evaluate(diffJS, &got),
		)
		if old != testFile {
			t.Errorf("current version %q, want %q", old, testFile)
		}
		if diff := cmp.Diff(wantDiff, got); diff != "" {
			t.Errorf("changed targets (-want +got):\n%s", diff)
		}
	})

	const aiJS = `Object.fromEntries([...document.querySelectorAll('#ai-table tbody tr')].map(tr => [tr.children[0].textContent, tr.children[4].textContent]))`
	var aiAccess map[string]string
	t.Run("AI crawler audit", func(t *testing.T) {
		var access map[string]string
		defer func() { aiAccess = access }()
		var summary []string
		var decided string
		step(t, ctx, "reading the audit",
			chromedp.Click(css("#tab-ai")),
			waitFor(`!document.getElementById('panel-ai').hidden && document.querySelectorAll('#ai-table tbody tr').length > 10`),
			evaluate(aiJS, &access),
			evaluate(`[...document.querySelectorAll('#ai-table tbody tr')].find(tr => tr.children[0].textContent === 'GPTBot').children[5].textContent`, &decided),
			evaluate(`[...document.querySelectorAll('#ai-summary li')].map(li => li.textContent)`, &summary),
		)
		// GPTBot has its own group, which disallows every target but
		// /robots.txt (always allowed in RFC mode); ClaudeBot obeys the
		// global group, which disallows one target of four.
		want := map[string]string{"GPTBot": "partly", "ClaudeBot": "partly", "Bytespider": "partly"}
		for name, w := range want {
			if access[name] != w {
				t.Errorf("AI audit: %s access %q, want %q", name, access[name], w)
			}
		}
		if want := "user-agent: GPTBot (line 6: Disallow: /)"; decided != want {
			t.Errorf("AI audit: GPTBot decided by %q, want %q", decided, want)
		}
		if len(summary) == 0 {
			t.Error("AI audit: no summary")
		}
	})

	t.Run("the URL fragment reproduces the test", func(t *testing.T) {
		var href string
		step(t, ctx, "reading the address", into(chromedp.Location(), &href))
		if !strings.Contains(href, "#c=") && !strings.Contains(href, "#j=") {
			t.Fatalf("address %q holds no test", href)
		}
		// A new tab, as a person opening a shared link would.
		tab := newTab(t, ctx)
		var robots, targets, agents, mode, selectedTab string
		var diffRows [][]string
		var access map[string]string
		step(t, tab, "opening the link", chromedp.Navigate(href))
		got := readMatrix(t, tab, len(testTargets))
		step(t, tab, "reading the form",
			waitFor(`!document.getElementById('diff-table').hidden`),
			into(chromedp.Value(css("#robots")), &robots),
			into(chromedp.Value(css("#targets")), &targets),
			evaluate(`[...document.querySelectorAll('#presets input:checked')].map(i => i.value).concat(document.getElementById('more-agents').value).join('|')`, &agents),
			evaluate(`document.querySelector('input[name="mode"]:checked').value`, &mode),
			evaluate(`document.querySelector('[role="tab"][aria-selected="true"]').id`, &selectedTab),
			evaluate(diffJS, &diffRows),
			evaluate(aiJS, &access),
		)
		if diff := cmp.Diff(wantMatrix, got); diff != "" {
			t.Errorf("matrix from the link (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(wantDiff, diffRows); diff != "" {
			t.Errorf("diff from the link (-want +got):\n%s", diff)
		}
		if robots != testFile || targets != strings.Join(testTargets, "\n") || agents != "Googlebot|GPTBot|MyBot/1.0" || mode != "rfc" || selectedTab != "tab-ai" {
			t.Errorf("from the link: file %q, targets %q, crawlers %q, mode %q, tab %q", robots, targets, agents, mode, selectedTab)
		}
		if diff := cmp.Diff(aiAccess, access); diff != "" || len(access) < 10 {
			t.Errorf("AI audit from the link (-before +after):\n%s", diff)
		}
		step(t, tab, "reloading", chromedp.Reload())
		if diff := cmp.Diff(wantMatrix, readMatrix(t, tab, len(testTargets))); diff != "" {
			t.Errorf("matrix after a reload (-want +got):\n%s", diff)
		}
	})

	t.Run("Google mode", func(t *testing.T) {
		// Google's library has no exception for /robots.txt.
		var got string
		step(t, ctx, "switching to Google mode",
			chromedp.Click(css("#tab-results")),
			chromedp.Click(css(`input[name="mode"][value="google"]`)),
			chromedp.Click(css("#run-button")),
			waitFor(`document.querySelector('`+cell(3, 1)+`').textContent.startsWith('disallowed')`),
			evaluate(`[...document.querySelector('`+cell(3, 1)+`').children].map(x => x.textContent).join(' ')`, &got),
		)
		if want := "disallowed line 6: Disallow: /"; got != want {
			t.Errorf("Google mode, GPTBot on /robots.txt: %q, want %q", got, want)
		}
	})

	t.Run("screenshot", func(t *testing.T) {
		var buf []byte
		step(t, ctx, "taking a screenshot",
			chromedp.Click(css("#tab-results")),
			chromedp.Click(css(cell(2, 0))),
			into(chromedp.FullScreenshot(100), &buf))
		saveScreenshot(t, "tester.png", buf)
	})
}

// saveScreenshot checks that buf is a PNG picture of some size and writes
// it to the test's artifact directory (go test -artifacts keeps it).
func saveScreenshot(t *testing.T, name string, buf []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 300 {
		t.Errorf("screenshot is %dx%d", b.Dx(), b.Dy())
	}
	path := filepath.Join(t.ArtifactDir(), name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// crawlerFile has a Googlebot group, which Googlebot-Image obeys when no
// group names it (Google's documentation), and a "*" group, which RFC
// 9309's plain reading of the name gives it.
const crawlerFile = "User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n"

// TestPlainReading checks the "plain reading" checkbox: by default
// Googlebot-Image obeys Googlebot's group, and the selected verdict says
// why; checked, the file's plain reading gives it the "*" group; and the
// link keeps the choice.
func TestPlainReading(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	openExample(t, ctx, base)
	step(t, ctx, "typing the test",
		setField("#robots", crawlerFile),
		setField("#targets", "/photo.jpg"),
		// Unchecks the presets; true once none is checked.
		waitFor(`(document.querySelectorAll('#presets input:checked').forEach(i => i.click()), true)`),
		setField("#more-agents", "Googlebot-Image"),
		chromedp.Click(css("#run-button")),
	)
	want := [][]string{{"Target", "Googlebot-Image"}, {"/photo.jpg", "allowed no rule matched"}}
	if diff := cmp.Diff(want, readMatrix(t, ctx, 1)); diff != "" {
		t.Fatalf("matrix as the crawler reads the file (-want +got):\n%s", diff)
	}
	var info string
	step(t, ctx, "selecting the verdict", chromedp.Click(css(cell(0, 0))), into(chromedp.Text(css("#cell-info")), &info))
	if want := "Googlebot-Image on /photo.jpg: allowed; no rule matched. Googlebot-Image: no group names it, follows Googlebot's."; info != want {
		t.Errorf("cell info %q, want %q", info, want)
	}

	var got string
	step(t, ctx, "checking the plain reading",
		chromedp.Click(css("#plain")),
		chromedp.Click(css("#run-button")),
		waitFor(`document.querySelector('`+cell(0, 0)+`').textContent.startsWith('disallowed') && !document.body.hasAttribute('aria-busy')`),
		evaluate(`[...document.querySelector('`+cell(0, 0)+`').children].map(x => x.textContent).join(' ')`, &got),
		chromedp.Click(css(cell(0, 0))),
		into(chromedp.Text(css("#cell-info")), &info),
	)
	if want := "disallowed line 5: Disallow: /"; got != want {
		t.Errorf("plain reading: %q, want %q", got, want)
	}
	if want := "Googlebot-Image on /photo.jpg: disallowed by line 5, Disallow: /."; info != want {
		t.Errorf("plain reading: cell info %q, want %q", info, want)
	}

	var href string
	var checked bool
	step(t, ctx, "reading the address", into(chromedp.Location(), &href))
	tab := newTab(t, ctx)
	step(t, tab, "opening the link", chromedp.Navigate(href),
		waitFor(`document.querySelectorAll('#matrix tbody tr').length === 1 && !document.body.hasAttribute('aria-busy')`),
		evaluate(`document.getElementById('plain').checked`, &checked),
		evaluate(`[...document.querySelector('`+cell(0, 0)+`').children].map(x => x.textContent).join(' ')`, &got),
	)
	if !checked || got != "disallowed line 5: Disallow: /" {
		t.Errorf("from the link: plain reading checked %v, verdict %q; want true, %q", checked, got, "disallowed line 5: Disallow: /")
	}
}
