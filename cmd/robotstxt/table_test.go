package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTable(t *testing.T) {
	var b strings.Builder
	tb := &table{w: &b}
	tb.row("VERDICT", "TARGET", "RULE")
	tb.row("disallowed", "/a", "")
	if b.Len() != 0 {
		t.Fatalf("a table wrote %q before its block was full or flushed", b.String())
	}
	tb.flush()
	want := []string{
		"VERDICT     TARGET  RULE",
		"disallowed  /a", // no padding after the last cell
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")); diff != "" {
		t.Errorf("first block (-want +got):\n%s", diff)
	}

	// The next block's columns are no narrower than the first's, and a
	// wider cell moves what follows it.
	b.Reset()
	tb.row("allowed", "/b", "x")
	tb.row("allowed", "/a-longer-target", "y")
	tb.flush()
	want = []string{
		"allowed     /b                x",
		"allowed     /a-longer-target  y",
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")); diff != "" {
		t.Errorf("second block (-want +got):\n%s", diff)
	}

	// tableBlock rows are written without a flush, and no more.
	b.Reset()
	for i := range tableBlock + 1 {
		tb.row("allowed", fmt.Sprintf("/%d", i))
	}
	if got := strings.Count(b.String(), "\n"); got != tableBlock {
		t.Errorf("after %d rows, %d written; want the first %d", tableBlock+1, got, tableBlock)
	}
	if len(tb.rows) != 1 {
		t.Errorf("%d rows held back, want 1", len(tb.rows))
	}

	// A cell with a control character is measured as it shows, escaped.
	b.Reset()
	tb = &table{w: escaping(&b)}
	tb.row("disallowed", "/a\x1b[2J", "x")
	tb.row("allowed", "/longer-than-it", "y")
	tb.flush()
	want = []string{
		`disallowed  /a\x1b[2J        x`,
		"allowed     /longer-than-it  y",
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")); diff != "" {
		t.Errorf("a cell with a control character (-want +got):\n%s", diff)
	}
}
