// Package aicrawlers lists the crawlers of AI companies and data brokers,
// and audits what a robots.txt file lets each of them fetch: the question
// webmasters now ask first of their own file and of others'.
//
// The list is derived from the ai.robots.txt project's (see [Source]),
// embedded, and read once on first use. Each crawler has the name it is
// addressed by in robots.txt files, its operator, a purpose [Category] and
// whether it is known to obey robots.txt. Some names are not product
// tokens as RFC 9309 section 2.2.1 defines them ("iaskspider/2.0"); a
// [robotstxt.Robots] reads them as it reads any crawler's name.
package aicrawlers

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// A Category is what a crawler fetches pages for.
type Category uint8

const (
	// Training crawlers collect pages to train models or to sell as
	// training data.
	Training Category = iota
	// Search crawlers index pages for an AI search engine.
	Search
	// Assistant fetchers get a page when a user asks an assistant about
	// it.
	Assistant
	// Agent fetchers browse on a user's behalf, clicking and filling in
	// forms.
	Agent
	// Other crawlers gather data for uses the list does not say.
	Other
	numCategories
)

// Categories lists the categories in order.
var categoryNames = [numCategories]string{"training", "search", "assistant", "agent", "other"}

// String returns "training", "search", "assistant", "agent" or "other".
func (c Category) String() string {
	if c < numCategories {
		return categoryNames[c]
	}
	return fmt.Sprintf("category(%d)", uint8(c))
}

// Obeys says whether a crawler is known to obey robots.txt.
type Obeys uint8

const (
	Unknown Obeys = iota // the list does not say
	Yes                  // its operator documents that it does
	No                   // it is known not to
)

// String returns "unknown", "yes" or "no".
func (o Obeys) String() string {
	switch o {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// A Crawler is one entry of the list.
type Crawler struct {
	Name     string // as robots.txt files address it
	Operator string // "" when not known
	Category Category
	Obeys    Obeys
}

//go:embed crawlers.tsv
var crawlersTSV string

// list parses crawlersTSV once.
var list = sync.OnceValue(func() []Crawler { return parseList(crawlersTSV) })

// List returns the crawlers of the list, by name. The slice is a copy.
func List() []Crawler { return slices.Clone(list()) }

// parseList reads the list's tab-separated lines: name, operator,
// category, obeys. Lines starting with '#' hold its provenance and
// licence notice.
func parseList(tsv string) []Crawler {
	var out []Crawler
	for line := range strings.Lines(tsv) {
		line = strings.TrimRight(line, "\n")
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue // the test of the embedded list rejects such a line
		}
		c := Crawler{Name: f[0], Operator: f[1], Category: Other, Obeys: Unknown}
		if i := slices.Index(categoryNames[:], f[2]); i >= 0 {
			c.Category = Category(i)
		}
		switch f[3] {
		case "yes":
			c.Obeys = Yes
		case "no":
			c.Obeys = No
		}
		out = append(out, c)
	}
	return out
}
