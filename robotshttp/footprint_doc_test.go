package robotshttp_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// TestCacheFootprintAsDocumented holds the figures Cache's doc gives for
// what a parsed file counts against MaxMemory: a change to
// Robots.Footprint that moves them out of these bounds fails here, so
// that the doc is written again with the new figures.
func TestCacheFootprintAsDocumented(t *testing.T) {
	oracle, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "016_docs.oracle.com.txt"))
	if err != nil {
		t.Fatal(err)
	}
	const read = robotstxt.DefaultMaxBytes // what a zero Fetcher reads of a larger file
	tests := []struct {
		name     string
		file     []byte
		per      int // bytes the ratio is taken over; 0 for a figure in bytes
		min, max float64
	}{
		{"the smallest file: about 0.6 KB", []byte("User-agent: *\nDisallow: /x\n"), 0, 400, 900},
		{"docs.oracle.com's first 500 KiB: 2.4 times", oracle, read, 2.2, 2.6},
		{"500 KiB of rules that begin with '*': 9.7 times", []byte(hostileFile(0, 500<<10)), read, 9.3, 10.1},
	}
	for _, tt := range tests {
		got := float64(robotstxt.Parse(tt.file).Footprint())
		if tt.per > 0 {
			got /= float64(tt.per)
		}
		if got < tt.min || got > tt.max {
			t.Errorf("%s: Footprint gives %.2f, want %.1f to %.1f: write Cache's doc again with the new figure", tt.name, got, tt.min, tt.max)
		}
	}
}
