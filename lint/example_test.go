package lint_test

import (
	"fmt"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/lint"
)

func ExampleCheck() {
	r := robotstxt.Parse([]byte("User-agent: *\nDisallow: /admin/\nDisallow: *.pdf\n\nUser-agent: Googlebot\nDissallow: /search\n"))
	for _, d := range lint.Check(r) {
		fmt.Printf("%d: %s [%s]\n", d.Line, d.Severity, d.Code)
	}
	// Output:
	// 3: warning [matches-anywhere]
	// 5: warning [global-not-inherited]
	// 6: warning [key-typo]
}
