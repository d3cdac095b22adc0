//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt"
)

// TestCommandsOnDevZero runs every command that reads a file on
// /dev/zero, which never ends: each must keep at most the parse limit and
// one byte more, and read at most maxPastCut bytes more, a chunk at a
// time, to tell what the cut drops, so what it allocates stays within a
// few times that.
// lint read 64 MiB and took 236 MB.
func TestCommandsOnDevZero(t *testing.T) {
	const budget = 16 << 20 // 32 times the 500 KiB limit
	tests := []struct {
		name   string
		args   []string
		status int
	}{
		{"lint", []string{"lint", "/dev/zero"}, exitDisallowed},
		{"lint -json", []string{"lint", "-json", "/dev/zero"}, exitDisallowed},
		{"groups", []string{"groups", "/dev/zero"}, exitAllowed},
		{"sitemaps", []string{"sitemaps", "/dev/zero"}, exitAllowed},
		{"ai", []string{"ai", "-json", "/dev/zero"}, exitAllowed},
		{"check -robots", []string{"check", "-robots", "/dev/zero", "/x"}, exitAllowed},
		{"diff", []string{"diff", "/dev/zero", "/dev/zero"}, exitAllowed},
		{"meta", []string{"meta", "/dev/zero"}, exitAllowed},
		{"lint, -max-bytes 1000", []string{"lint", "-max-bytes", "1000", "/dev/zero"}, exitDisallowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			status := run(tt.args, strings.NewReader("/x\n"), &stdout, &stderr)
			runtime.ReadMemStats(&after)
			if status != tt.status {
				t.Errorf("run(%q) = %d, want %d; stderr %s", tt.args, status, tt.status, stderr.String())
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > budget {
				t.Errorf("run(%q) allocated %d KiB, want at most %d KiB", tt.args, n>>10, budget>>10)
			}
		})
	}
}

// zeros is an endless run of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestCommandsOnDevZeroWithoutLimit reads a file that never ends with no
// parse limit: the tool stops at maxBody and says so rather than read
// without end. The file is standard input, which has no time limit, so
// that a slow machine cannot end the read first.
func TestCommandsOnDevZeroWithoutLimit(t *testing.T) {
	for _, args := range [][]string{
		{"lint", "-max-bytes", "-1", "-"},
		{"groups", "-max-bytes", "-1", "-"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(args, zeros{}, &stdout, &stderr)
		if status != exitError || !strings.Contains(stderr.String(), "larger than 67108864 bytes") {
			t.Errorf("run(%q) = %d, stderr %q; want %d and the size it stops at", args, status, stderr.String(), exitError)
		}
	}
}

// TestCommandsOverMaxBodyWithLimit reads a file a byte longer than
// maxBody with a parse limit larger still: the tool stops at maxBody, as
// without a limit, rather than read as far as the limit, which may be
// more than memory holds (-max-bytes 1000000000000 of /dev/zero read
// without end). The file ends, so that a tool that read it all would
// answer rather than exhaust memory.
func TestCommandsOverMaxBodyWithLimit(t *testing.T) {
	for _, args := range [][]string{
		{"lint", "-max-bytes", strconv.Itoa(maxBody + 1), "-"},
		{"groups", "-max-bytes", "1000000000000", "-"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(args, io.LimitReader(zeros{}, maxBody+1), &stdout, &stderr)
		if status != exitError || !strings.Contains(stderr.String(), "larger than 67108864 bytes") {
			t.Errorf("run(%q) = %d, stderr %q; want %d and the size it stops at", args, status, stderr.String(), exitError)
		}
	}
}

// TestReadFileBytes checks what readFile reads of a file that never ends
// and of a regular file: at most max bytes.
func TestReadFileBytes(t *testing.T) {
	regular := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(regular, []byte("User-agent: *\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		source, path string
		max          int64
		want         int
	}{
		{"a device that never ends", "/dev/zero", robotstxt.DefaultMaxBytes + 1, robotstxt.DefaultMaxBytes + 1},
		{"a device, a small limit", "/dev/zero", 7, 7},
		{"a regular file shorter than the limit", regular, 100, 26},
		{"a regular file cut", regular, 5, 5},
		{"the null device: empty", os.DevNull, 100, 0},
	}
	for _, tt := range tests {
		data, err := readFile(tt.path, atMost(tt.max), time.Minute)
		if err != nil || len(data) != tt.want {
			t.Errorf("%s: readFile(%q, %d) = %d bytes, %v; want %d bytes", tt.source, tt.path, tt.max, len(data), err, tt.want)
		}
	}
}

// mkfifo makes a named pipe in a test's own folder.
func mkfifo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadFileFIFO reads named pipes: one that no program writes, which
// would block opening it without end, one whose writer never writes,
// and one with a writer, read as any file.
func TestReadFileFIFO(t *testing.T) {
	t.Run("no writer", func(t *testing.T) {
		p := mkfifo(t)
		data, err := readFile(p, atMost(100), 50*time.Millisecond)
		if !errors.Is(err, os.ErrDeadlineExceeded) || !strings.Contains(err.Error(), p) || data != nil {
			t.Errorf("readFile(FIFO without a writer) = %q, %v; want an error that names it and wraps os.ErrDeadlineExceeded", data, err)
		}
	})
	t.Run("a writer that never writes", func(t *testing.T) {
		p := mkfifo(t)
		release := make(chan struct{})
		go func() {
			w, err := os.OpenFile(p, os.O_WRONLY, 0) // waits for a reader
			if err != nil {
				t.Error(err)
				return
			}
			<-release
			w.Close()
		}()
		data, err := readFile(p, atMost(100), 50*time.Millisecond)
		close(release)
		if !errors.Is(err, os.ErrDeadlineExceeded) || data != nil {
			t.Errorf("readFile(FIFO with a silent writer) = %q, %v; want os.ErrDeadlineExceeded", data, err)
		}
	})
	t.Run("a writer that writes nothing", func(t *testing.T) {
		p := mkfifo(t)
		go func() {
			w, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			w.Close()
		}()
		data, err := readFile(p, atMost(100), time.Minute)
		if len(data) != 0 || err != nil {
			t.Errorf("readFile(FIFO with an empty writer) = %q, %v; want an empty file", data, err)
		}
	})
	t.Run("a writer", func(t *testing.T) {
		p := mkfifo(t)
		const body = "User-agent: *\nDisallow: /private\n"
		go func() {
			w, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			defer w.Close()
			w.WriteString(body)
		}()
		data, err := readFile(p, atMost(100), time.Minute)
		if string(data) != body || err != nil {
			t.Errorf("readFile(FIFO with a writer) = %q, %v; want %q", data, err, body)
		}
	})
}

// TestReadRobots checks what a command reads of a robots.txt file: it
// keeps as much as the library parses with the command's -max-bytes and
// one byte more, which tells a cut file; of a cut file it reads at most
// maxPastCut bytes more, and one to tell there is more still, to say what
// the cut drops, and keeps none of them.
func TestReadRobots(t *testing.T) {
	large := "User-agent: *\n" + strings.Repeat("Disallow: /a\n", 100_000)
	small := "User-agent: *\nDisallow: /a\n"
	tests := []struct {
		source string
		o      robotstxt.Options
		file   string
		want   int // bytes kept
		read   int // bytes read
		cut    bool
	}{
		{"RFC 9309 section 2.5: the default limit, 500 KiB", robotstxt.Options{}, large, robotstxt.DefaultMaxBytes + 1, len(large), true},
		{"-max-bytes 1000", robotstxt.Options{MaxBytes: 1000}, large, 1001, 1001 + maxPastCut + 1, true},
		{"a file within the limit", robotstxt.Options{MaxBytes: 1000}, small, len(small), len(small), false},
		{"-max-bytes -1: no limit", robotstxt.Options{MaxBytes: -1}, large, len(large), len(large), false},
		{"-max-bytes maxBody: a file within it", robotstxt.Options{MaxBytes: maxBody}, large, len(large), len(large), false},
		{"-max-bytes past maxBody: a file within maxBody, read whole", robotstxt.Options{MaxBytes: math.MaxInt}, large, len(large), len(large), false},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			src := strings.NewReader(tt.file)
			f, err := readRobots(tt.o)(src)
			if err != nil {
				t.Fatal(err)
			}
			if read := len(tt.file) - src.Len(); read != tt.read || string(f.data) != tt.file[:tt.want] {
				t.Errorf("readRobots(%+v) read %d bytes and kept %d, want %d and %d, the file's first", tt.o, len(tt.file)-src.Len(), len(f.data), tt.read, tt.want)
			}
			if (f.cut != nil) != tt.cut {
				t.Errorf("readRobots(%+v): cut %+v, want one: %v", tt.o, f.cut, tt.cut)
			}
			cut := ""
			for _, d := range f.r.Diagnostics() {
				if d.Code == robotstxt.CodeTruncated {
					cut = d.Message
				}
			}
			// A cut file's rules past the limit were not read, so the
			// parse cannot count them.
			if (cut != "") != tt.cut || tt.cut && !strings.Contains(cut, "its rules were not read") {
				t.Errorf("readRobots(%+v): truncation note %q, want one (saying the rules past the limit were not read): %v", tt.o, cut, tt.cut)
			}
		})
	}
}
