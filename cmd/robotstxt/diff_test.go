package main

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// BenchmarkDiffTargets decides 1,000 targets for every crawler a change
// can reach (diff without -agent: some 180), most of which share a group.
func BenchmarkDiffTargets(b *testing.B) {
	var targets strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&targets, "/section-%d/page-%d.html\n", i%37, i)
	}
	args := []string{"diff", "testdata/diff-records-old.txt", "testdata/diff-records-new.txt"}
	b.ReportAllocs()
	for b.Loop() {
		if status := run(args, strings.NewReader(targets.String()), io.Discard, io.Discard); status == exitError {
			b.Fatal("diff failed")
		}
	}
}
