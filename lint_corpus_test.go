package robotstxt

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/internal/golden"
)

// corpusOptions are the option sets whose diagnostics of every corpus
// file testdata/golden/corpus-diagnostics.sha256 fingerprints: the
// default, Google's reading, and no size limit.
var corpusOptions = []struct {
	name string
	opts Options
}{
	{"rfc", Options{}},
	{"google", Options{Mode: Google}},
	{"unlimited", Options{MaxBytes: -1}},
}

// TestCorpusDiagnostics compares the diagnostics of every corpus file,
// read with each of corpusOptions, with
// testdata/golden/corpus-diagnostics.sha256: the bounds on the checks that
// compare pairs and on the notes one check draws are meant for hostile
// files, and must leave every real file's diagnostics as they are. The
// golden file holds, per file and option set, the count of diagnostics
// and a SHA-256 of their text (the text itself is 2 MB; TestGolden keeps
// the text of a few files). go test -run TestCorpusDiagnostics -update
// rewrites it.
func TestCorpusDiagnostics(t *testing.T) {
	var b strings.Builder
	for _, f := range corpus(t) {
		for _, o := range corpusOptions {
			diags := o.opts.Parse(f.data).Diagnostics()
			h := sha256.New()
			for _, d := range diags {
				fmt.Fprintf(h, "%d: %s: %s [%s]\n", d.Line, d.Severity, d.Message, d.Code)
			}
			fmt.Fprintf(&b, "%s %s %d %x\n", f.name, o.name, len(diags), h.Sum(nil))
		}
	}
	golden.Check(t, "testdata/golden/corpus-diagnostics.sha256", b.String())
}
