package main

import (
	"fmt"
	"os"
	"strings"
)

// A generated block of a Markdown file lies between two marker comments,
// "<!-- bench:NAME:begin -->" and "<!-- bench:NAME:end -->", each on a
// line of its own. Only the lines between them are rewritten, so the
// prose around a table stays as written.

func beginMarker(name string) string { return "<!-- bench:" + name + ":begin -->" }
func endMarker(name string) string   { return "<!-- bench:" + name + ":end -->" }

// replaceBlock returns doc with the lines between name's markers replaced
// by body. A marker missing, repeated or out of order is an error, so that
// a renamed or deleted marker never leaves old figures in place silently.
func replaceBlock(doc, name, body string) (string, error) {
	begin, end := beginMarker(name), endMarker(name)
	for _, m := range []string{begin, end} {
		switch n := strings.Count(doc, m); {
		case n == 0:
			return "", fmt.Errorf("table: no marker %s", m)
		case n > 1:
			return "", fmt.Errorf("table: marker %s appears %d times", m, n)
		}
	}
	i := strings.Index(doc, begin) + len(begin)
	j := strings.Index(doc, end)
	if j < i {
		return "", fmt.Errorf("table: marker %s comes before %s", end, begin)
	}
	if body != "" && !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	return doc[:i] + "\n" + body + doc[j:], nil
}

// block is the generated text of one pair of markers.
type block struct{ name, body string }

// fillBlocks returns the text of path with each block rewritten between
// its markers.
func fillBlocks(path string, blocks []block) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("table: %w", err)
	}
	doc := string(data)
	for _, b := range blocks {
		if doc, err = replaceBlock(doc, b.name, b.body); err != nil {
			return "", fmt.Errorf("%w in %s", err, path)
		}
	}
	return doc, nil
}
