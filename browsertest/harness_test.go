package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Deadlines: every wait in these tests ends, with a failure that says
// what was awaited.
const (
	buildTimeout   = 3 * time.Minute
	startTimeout   = 20 * time.Second
	browserTimeout = 30 * time.Second
	stepTimeout    = 15 * time.Second
	stopTimeout    = 10 * time.Second
	pollInterval   = 50 * time.Millisecond
)

// chromium is Debian's Chromium, which .ci/run installs; the tests fail,
// never skip, without it.
const chromium = "/usr/bin/chromium"

// binary is the robotstxt command, built once from this working tree (the
// go.mod's replace and tool lines).
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "robotstxt-browsertest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := func() int {
		defer os.RemoveAll(dir)
		if _, err := os.Stat(chromium); err != nil {
			fmt.Fprintf(os.Stderr, "browsertest: %v: install Debian's chromium (apt-get install -y chromium)\n", err)
			return 2
		}
		binary = filepath.Join(dir, "robotstxt")
		ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
		defer cancel()
		out, err := exec.CommandContext(ctx, "go", "build", "-o", binary, "github.com/rfc9309/robotstxt/cmd/robotstxt").CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "browsertest: building robotstxt: %v\n%s", err, out)
			return 2
		}
		return m.Run()
	}()
	os.Exit(code)
}

// startServer starts robotstxt serve on a free loopback port with the
// extra flags and returns its base URL; the server is interrupted when
// the test ends.
func startServer(t *testing.T, flags ...string) string {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"serve", "-addr", "127.0.0.1:0"}, flags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		if sc.Scan() {
			first <- sc.Text()
		}
		close(first)
		for sc.Scan() {
			t.Logf("serve: %s", sc.Text())
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("robotstxt serve ended with %v after an interrupt, want status 0", err)
			}
		case <-time.After(stopTimeout):
			cmd.Process.Kill()
			t.Errorf("robotstxt serve still running %v after an interrupt", stopTimeout)
		}
	})
	select {
	case line, ok := <-first:
		const prefix = "robotstxt serve: listening on "
		if !ok || !strings.HasPrefix(line, prefix) {
			t.Fatalf("robotstxt serve said %q, want %q and its URL", line, prefix)
		}
		return strings.TrimSuffix(strings.TrimPrefix(line, prefix), "/")
	case <-time.After(startTimeout):
		t.Fatalf("robotstxt serve said nothing within %v", startTimeout)
	}
	return ""
}

// newBrowser starts a headless Chromium with the flags this machine needs
// (no sandbox as root, no background connections to a closed network)
// and returns a tab's context; both end with the test.
func newBrowser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	openTab(t, ctx, browserTimeout)
	return ctx
}

// newTab opens a tab in the browser of ctx; it closes when the test ends.
func newTab(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	openTab(t, tab, stepTimeout)
	return tab
}

// openTab makes the first Run on a tab's context, which starts the browser
// or opens the tab. It runs on the tab's own context, not a deadline's,
// whose end would close the tab; the wait has its own deadline.
func openTab(t *testing.T, tab context.Context, timeout time.Duration) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(tab) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("opening a tab: %v", err)
		}
	case <-time.After(timeout):
		t.Fatalf("no tab within %v", timeout)
	}
}

// step runs actions with a deadline and fails the test, naming the step,
// when they fail or time out.
func step(t *testing.T, ctx context.Context, name string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(sctx, actions...); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// into runs an action that reads a value and stores the value in dst, so
// that reads and clicks can share a step.
func into[T any](a chromedp.Action[T], dst *T) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		v, err := a(ctx, t)
		*dst = v
		return err
	})
}

// evaluate reads the value of a JavaScript expression into dst.
func evaluate[T any](expr string, dst *T) chromedp.Action[chromedp.Void] {
	return into(chromedp.Evaluate[T](expr), dst)
}

// waitFor evaluates a JavaScript expression every pollInterval until it
// is true; the step's deadline ends the wait.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for {
			ok, err := chromedp.Evaluate[bool](expr)(ctx, t)
			if err != nil {
				return fmt.Errorf("waiting for %s: %w", expr, err)
			}
			if ok {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %s: %w", expr, ctx.Err())
			case <-time.After(pollInterval):
			}
		}
	})
}

// css names the first element a CSS selector matches.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// setField sets the value of a form field, as a paste does, and says so
// with an input event.
func setField(sel, value string) chromedp.Action[chromedp.Void] {
	s, _ := json.Marshal(sel)
	v, _ := json.Marshal(value)
	var ok bool
	return evaluate(fmt.Sprintf(`(f => { f.value = %s; f.dispatchEvent(new Event('input', {bubbles: true})); return true })(document.querySelector(%s))`, v, s), &ok)
}
