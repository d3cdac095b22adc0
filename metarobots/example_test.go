package metarobots_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/rfc9309/robotstxt/metarobots"
)

func ExampleFromHTML() {
	page := `<html><head>
<meta name="robots" content="max-snippet:50">
<meta name="examplebot" content="noindex, nofollow">
</head><body>...</body></html>`
	d, err := metarobots.FromHTML(strings.NewReader(page), "ExampleBot")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.NoIndex, d.NoFollow, d.MaxSnippet.N)
	fmt.Println(d)
	// Output:
	// true true 50
	// noindex, nofollow, max-snippet:50
}

func ExampleFromHeader() {
	h := http.Header{}
	h.Add("X-Robots-Tag", "examplebot: noarchive")
	h.Add("X-Robots-Tag", "otherbot: noindex")
	h.Add("X-Robots-Tag", "unavailable_after: 2030-01-01")
	fmt.Println(metarobots.FromHeader(h, "ExampleBot"))
	// Output: noarchive, unavailable_after: 2030-01-01T00:00:00Z
}

func ExampleIsNoFollow() {
	fmt.Println(metarobots.IsNoFollow("noopener UGC"), metarobots.IsNoFollow("noopener"))
	// Output: true false
}
