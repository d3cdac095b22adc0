package robotstxt

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenFiles are corpus files chosen for what they exercise: a BOM and
// non-ASCII paths, an HTML page, invalid UTF-8, CR CR LF line ends, missing
// colons, rules before any user-agent, typos, comments after values,
// Yandex records, Request-rate and Visit-time, '*' in user-agent values.
var goldenFiles = []string{
	"001_wikimedia.org-source.txt",
	"011_reddit.com.txt",
	"014_twitter.com.txt",
	"020_www.tjx.com.txt",
	"026_www.koreanair.com.txt",
	"033_www.ups.com.txt",
	"037_www.elkhabar.com.txt",
	"039_www.liberty.edu.txt",
	"040_www.wmtransfer.com.txt",
	"045_archiveofourown.org.txt",
	"049_www.stuff.co.nz.txt",
	"057_adguard.com.txt",
	"063_www.bni.co.id.txt",
}

// TestGolden compares the diagnostics and the canonical text of each golden
// file with testdata/golden; go test -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	for _, name := range goldenFiles {
		r := Parse(corpusFile(t, name))
		var diags strings.Builder
		for _, d := range r.Diagnostics() {
			diags.WriteString(d.String())
			diags.WriteByte('\n')
		}
		base := strings.TrimSuffix(name, ".txt")
		for _, g := range []struct{ file, got string }{
			{base + ".diagnostics", diags.String()},
			{base + ".canonical.txt", r.String()},
		} {
			path := filepath.Join("testdata/golden", g.file)
			if *update {
				if err := os.WriteFile(path, []byte(g.got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
			}
			if g.got != string(want) {
				t.Errorf("%s differs from %s; rerun with -update and review the diff", name, path)
			}
		}
	}
}
