package lint

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/golden"
)

// corpusDir holds the root package's corpus of real robots.txt files.
const corpusDir = "../testdata/corpus"

// corpusEntry is one corpus file, named by its base name.
type corpusEntry struct {
	name string
	data []byte
}

// corpus reads the 95 robots.txt files of the corpus, in name order.
func corpus(t testing.TB) []corpusEntry {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.txt"))
	if err != nil || len(names) != 95 {
		t.Fatalf("corpus: %d files, %v; want 95", len(names), err)
	}
	files := make([]corpusEntry, len(names))
	for i, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = corpusEntry{filepath.Base(path), data}
	}
	return files
}

// corpusOptions are the option sets whose findings of every corpus file
// testdata/golden/corpus-diagnostics.sha256 fingerprints: the default,
// Google's reading, and no size limit.
var corpusOptions = []struct {
	name string
	opts robotstxt.Options
}{
	{"rfc", robotstxt.Options{}},
	{"google", robotstxt.Options{Mode: robotstxt.Google}},
	{"unlimited", robotstxt.Options{MaxBytes: -1}},
}

// TestCorpusDiagnostics compares what Check finds in every corpus file,
// read with each of corpusOptions, with
// testdata/golden/corpus-diagnostics.sha256: the bounds on the checks that
// compare pairs and on the findings one check draws are meant for hostile
// files, and must leave every real file's findings as they are. The
// golden file holds, per file and option set, the count of findings and a
// SHA-256 of their text (the text itself is 2 MB; TestGolden keeps the
// text of a few files). go test -run TestCorpusDiagnostics -update
// rewrites it.
func TestCorpusDiagnostics(t *testing.T) {
	var b strings.Builder
	for _, f := range corpus(t) {
		for _, o := range corpusOptions {
			diags := Check(o.opts.Parse(f.data))
			h := sha256.New()
			for _, d := range diags {
				fmt.Fprintf(h, "%d: %s: %s [%s]\n", d.Line, d.Severity, d.Message, d.Code)
			}
			fmt.Fprintf(&b, "%s %s %d %x\n", f.name, o.name, len(diags), h.Sum(nil))
		}
	}
	golden.Check(t, "testdata/golden/corpus-diagnostics.sha256", b.String())
}

// goldenFiles are the corpus files whose findings testdata/golden keeps
// as text, those of the root package's TestGolden.
var goldenFiles = []string{
	"001_wikimedia.org-source.txt", "011_reddit.com.txt", "014_twitter.com.txt", "020_www.tjx.com.txt",
	"026_www.koreanair.com.txt", "033_www.ups.com.txt", "037_www.elkhabar.com.txt", "039_www.liberty.edu.txt",
	"040_www.wmtransfer.com.txt", "045_archiveofourown.org.txt", "049_www.stuff.co.nz.txt", "057_adguard.com.txt",
	"063_www.bni.co.id.txt", "069_www.qualtrics.com.txt",
}

// TestGolden compares what Check finds in each golden file with
// testdata/golden; go test -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	for _, name := range goldenFiles {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpusDir, name))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, d := range Check(robotstxt.Parse(data)) {
				fmt.Fprintf(&b, "%d: %s: %s [%s]\n", d.Line, d.Severity, d.Message, d.Code)
			}
			golden.Check(t, filepath.Join("testdata/golden", strings.TrimSuffix(name, ".txt")+".diagnostics"), b.String())
		})
	}
}
