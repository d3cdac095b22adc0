package robotstxt

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenFiles are corpus files chosen for what they exercise (see
// testdata/corpus/INDEX.tsv).
var goldenFiles = []struct{ name, exercises string }{
	{"001_wikimedia.org-source.txt", "a BOM, non-ASCII and percent-encoded paths"},
	{"011_reddit.com.txt", "user-agents cut to their product token, a line that is not a key-value pair"},
	{"014_twitter.com.txt", "a Noindex record"},
	{"020_www.tjx.com.txt", "an HTML page"},
	{"026_www.koreanair.com.txt", "invalid UTF-8 in a user-agent"},
	{"033_www.ups.com.txt", "CR CR LF line ends"},
	{"037_www.elkhabar.com.txt", "a missing colon"},
	{"039_www.liberty.edu.txt", "rules before any user-agent"},
	{"040_www.wmtransfer.com.txt", "a typo of Disallow on every rule"},
	{"045_archiveofourown.org.txt", "comments after values, a tab after the colon"},
	{"049_www.stuff.co.nz.txt", "'*' in user-agent values"},
	{"057_adguard.com.txt", "Yandex's Host and Clean-param records"},
	{"063_www.bni.co.id.txt", "Request-rate and Visit-time"},
	{"069_www.qualtrics.com.txt", "Noindex lines, in either case"},
}

// TestGolden compares the diagnostics and the canonical text of each golden
// file with testdata/golden; go test -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	for _, gf := range goldenFiles {
		t.Run(gf.name, func(t *testing.T) {
			r := Parse(corpusFile(t, gf.name))
			var diags strings.Builder
			for _, d := range r.Diagnostics() {
				diags.WriteString(d.String())
				diags.WriteByte('\n')
			}
			base := strings.TrimSuffix(gf.name, ".txt")
			checkGolden(t, filepath.Join("testdata/golden", base+".diagnostics"), diags.String())
			checkGolden(t, filepath.Join("testdata/golden", base+".canonical.txt"), r.String())
		})
	}
}

// checkGolden compares got with the golden file at path, or with -update
// writes got there.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
	}
	if diff := diffLines(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s\nrerun with -update if the change is intended", path, diff)
	}
}

// diffLines is cmp.Diff(want, got) line by line, so that a diff of text
// shows whole lines.
func diffLines(want, got string) string {
	return cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
}
