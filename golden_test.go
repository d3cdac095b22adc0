package robotstxt

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/internal/golden"
)

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

// TestGolden compares the parse's diagnostics (package lint's TestGolden
// keeps what its Check finds) and the canonical text of each golden
// file with testdata/golden; go test -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	for _, gf := range goldenFiles {
		t.Run(gf.name, func(t *testing.T) {
			r := Parse(corpusFile(t, gf.name))
			var diags strings.Builder
			for _, d := range r.Diagnostics() {
				diags.WriteString(diagText(d))
				diags.WriteByte('\n')
			}
			base := strings.TrimSuffix(gf.name, ".txt")
			golden.Check(t, filepath.Join("testdata/golden", base+".diagnostics"), diags.String())
			golden.Check(t, filepath.Join("testdata/golden", base+".canonical.txt"), canonical(r))
		})
	}
}

// diagText is the line of d in a golden .diagnostics file.
func diagText(d Diagnostic) string {
	return fmt.Sprintf("%d: %s: %s [%s]", d.Line, d.Severity, d.Message, d.Code)
}
