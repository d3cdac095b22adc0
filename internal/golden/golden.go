// Package golden compares the text a test produces with a golden file, or
// rewrites the file when the test runs with -update. The tests of the
// library and of the command-line tool share it.
package golden

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// update is set by the -update flag of any test binary that links this
// package.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// Check compares got with the golden file at path, line by line, and
// reports a mismatch as a diff (-want +got); with -update it writes got
// to path instead.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (rerun the test with -update to create it)", err)
	}
	if diff := Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s\nrerun with -update if the change is intended", path, diff)
	}
}

// Diff is cmp.Diff(want, got) line by line, so that a diff of text reads
// as lines rather than as one long string.
func Diff(want, got string) string {
	return cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
}
