package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
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

// TestAccessChanges: the whole-site access diff reports is crawlers'
// reading: "Disallow: /$" closes only "/", so a change to "Disallow: /"
// closes the site.
func TestAccessChanges(t *testing.T) {
	old := robotstxt.Parse([]byte("User-agent: GPTBot\nDisallow: /$\n"))
	new := robotstxt.Parse([]byte("User-agent: GPTBot\nDisallow: /\n"))
	got := accessChanges(old, new, []crawler{{name: "GPTBot", tokens: []string{"GPTBot"}}}, false)
	want := []jsonAccessChange{{"GPTBot", "partly", "disallowed"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("accessChanges = %v, want %v", got, want)
	}
}
