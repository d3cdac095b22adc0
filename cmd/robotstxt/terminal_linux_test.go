package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openTerminal opens a pseudo-terminal: what the command writes to or
// reads from tty, the test reads from or writes to ctl. It is Linux's
// /dev/ptmx, opened by hand, since the standard library has no pty.
func openTerminal(t *testing.T) (ctl, tty *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ctl.Close() })
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ctl.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminal: %v", e)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ctl.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("no pseudo-terminal: %v", e)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return ctl, tty
}

// TestGoldenTerminal runs the built binary with standard output, or
// standard input, on a terminal, where check prints for a person, and
// compares with testdata/golden/NAME.golden as TestGoldenCommands does.
func TestGoldenTerminal(t *testing.T) {
	const (
		example = "../../testdata/rfc9309-example.txt"
		bni     = "../../testdata/corpus/063_www.bni.co.id.txt"
	)
	tests := []struct {
		name string
		args []string
		// input, when set, is typed at a terminal on standard input,
		// then Ctrl-D; otherwise standard output is the terminal.
		input string
	}{
		{"terminal-check", []string{"check", "-robots", example, "-agent", "foobot", "/example/page.html", "/publications/", "/x"}, ""},
		{"terminal-check-global", []string{"check", "-robots", example, "/example/a.gif", "/publications/x.html"}, ""},
		{"terminal-check-columns", []string{"check", "-robots", bni, "-agent", "googlebot", "-agent", "msnbot", "-agent", "nobody", "/js/app.js", "/login?x", "/news/today"}, ""},
		{"terminal-check-crawler", []string{"check", "-robots", "testdata/crawlers.txt", "-agent", "Googlebot-Image", "/photo.jpg", "/private/a"}, ""},
		{"terminal-check-crawler-columns", []string{"check", "-robots", "testdata/crawlers.txt", "-agent", "Googlebot-Image", "-agent", "foobot", "/photo.jpg"}, ""},
		{"terminal-check-typed", []string{"check", "-robots", example, "-agent", "foobot"}, "/example/page.html\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctl, tty := openTerminal(t)
			cmd := exec.Command(binary, tt.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			var stdout io.Reader
			if tt.input != "" {
				cmd.Stdin = tty
				pipe, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				stdout = pipe
			} else {
				cmd.Stdout = tty
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			tty.Close()
			got := ""
			if tt.input != "" {
				// Each typed line is answered before the next is typed:
				// the answer is read while the input is still open. The
				// line discipline then reads Ctrl-D at the start of a
				// line as the end of input. What it echoes is not read.
				io.WriteString(ctl, tt.input)
				answered := make(chan string)
				go func() {
					line, _ := bufio.NewReader(stdout).ReadString('\n')
					answered <- line
				}()
				select {
				case got = <-answered:
				case <-time.After(10 * time.Second):
					t.Errorf("no answer to a typed target before the end of input")
				}
				io.WriteString(ctl, "\x04")
			} else {
				b, err := io.ReadAll(ctl)
				// Once the command has exited, reading ctl fails with EIO.
				if err != nil && !errors.Is(err, syscall.EIO) {
					t.Fatal(err)
				}
				got = strings.ReplaceAll(string(b), "\r\n", "\n")
			}
			status := exitStatus(t, cmd.Wait())
			if tt.input != "" {
				got += "--- standard error\n" + stderr.String()
			}
			checkGolden(t, tt.name, tt.args, status, got, "")
		})
	}
}

func TestIsTerminal(t *testing.T) {
	_, tty := openTerminal(t)
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tests := []struct {
		name string
		v    any
		want bool
	}{
		{"a pseudo-terminal", tty, true},
		{"the null device, a character device no one reads", null, false},
		{"a pipe", w, false},
		{"a buffer", new(bytes.Buffer), false},
	}
	for _, tt := range tests {
		if got := isTerminal(tt.v); got != tt.want {
			t.Errorf("isTerminal(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDiffOnATerminal runs diff with no targets and standard input a
// terminal: it compares the rules at once, saying so, where it waited
// for targets without a word.
func TestDiffOnATerminal(t *testing.T) {
	ctl, tty := openTerminal(t)
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"diff", "testdata/diff-old.txt", "testdata/diff-new.txt"}, tty, &stdout, &stderr)
	}()
	var status int
	select {
	case status = <-done:
	case <-time.After(20 * time.Second):
		io.WriteString(ctl, "\x04") // end the input it waits on
		status = <-done
		t.Errorf("diff waited on the terminal for targets")
	}
	if status != exitDisallowed || !strings.Contains(stderr.String(), "no targets (give -urls FILE or pipe them in): comparing the rules") || !strings.Contains(stdout.String(), "+ disallow: /  (new line 9)") {
		t.Errorf("diff on a terminal = %d, stdout %q, stderr %q; want %d, the rules compared and a word why", status, stdout.String(), stderr.String(), exitDisallowed)
	}
}
