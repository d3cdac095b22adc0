package robotstxt

import (
	"os"
	"path/filepath"
	"testing"
)

// corpusDir holds robots.txt files as real websites served them, and an
// index of them (see testdata/README.md).
const corpusDir = "testdata/corpus"

// corpusEntry is one vendored robots.txt file, named by its base name.
type corpusEntry struct {
	name string
	data []byte
}

// corpusFile reads the vendored robots.txt file called name.
func corpusFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// corpus reads the 95 robots.txt files of testdata/corpus, in name order.
func corpus(t testing.TB) []corpusEntry {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.txt"))
	if err != nil || len(names) != 95 {
		t.Fatalf("corpus: %d files, %v; want 95", len(names), err)
	}
	files := make([]corpusEntry, len(names))
	for i, path := range names {
		name := filepath.Base(path)
		files[i] = corpusEntry{name, corpusFile(t, name)}
	}
	return files
}
