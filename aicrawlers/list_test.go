package aicrawlers

import (
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rebuild crawlers.tsv from testdata/robots.json")

// TestList checks that the embedded list is what testdata/robots.json
// gives; -update rewrites it.
func TestList(t *testing.T) {
	data, err := os.ReadFile("testdata/robots.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := buildTSV(data)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("crawlers.tsv", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(crawlersTSV, "\n")); diff != "" {
		t.Errorf("crawlers.tsv is not what testdata/robots.json gives (-want +got); rerun with -update:\n%s", diff)
	}
	if n := strings.Count(want, "\n") - strings.Count(want, "\n#"); len(List()) != n-1 {
		t.Errorf("List() has %d crawlers; crawlers.tsv %d lines", len(List()), n)
	}
}

// source is an entry of the ai.robots.txt list.
type source struct {
	Operator string `json:"operator"`
	Respect  string `json:"respect"`
	Function string `json:"function"`
}

// buildTSV derives crawlers.tsv from the ai.robots.txt list: facts only,
// in this package's words.
func buildTSV(data []byte) (string, error) {
	var src map[string]source
	if err := json.Unmarshal(data, &src); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# AI crawlers: name, operator, purpose, obeys robots.txt.\n")
	b.WriteString("# Derived from " + Source + " at " + SourceCommit + " (" + SourceDate + "),\n")
	b.WriteString("# Copyright (c) 2024 ai.robots.txt, MIT licence (testdata/LICENSE).\n")
	b.WriteString("# Built by TestList from testdata/robots.json; do not edit.\n")
	names := make([]string, 0, len(src))
	for name := range src {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, name := range names {
		e := src[name]
		cat, ok := categoryOf[name]
		if !ok {
			cat = category(e.Function)
		}
		b.WriteString(strings.Join([]string{clean(name), operator(e.Operator), cat.String(), obeys(e.Respect).String()}, "\t"))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

var mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// operator returns an operator's name: without links, and without the
// description some entries add after it; "" when not known.
func operator(s string) string {
	s = clean(mdLink.ReplaceAllString(s, "$1"))
	if l := strings.ToLower(s); strings.HasPrefix(l, "unclear") || strings.HasPrefix(l, "no information") || l == "unknown" {
		return ""
	}
	for _, sep := range []string{", ", " that ", " (", " - "} {
		s, _, _ = strings.Cut(s, sep)
	}
	return strings.TrimSuffix(s, ".")
}

func clean(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// categoryOf holds the categories that an entry's stated purpose does not
// give: Apple documents Applebot-Extended as the token that controls the
// use of pages to train its models.
var categoryOf = map[string]Category{"Applebot-Extended": Training}

// category sorts a crawler by the purpose its entry states, in this
// order: an AI search engine's crawler, a fetcher of an assistant acting
// on a user's request, an agent browsing for a user, a collector of
// training data, and anything else.
func category(function string) Category {
	f := strings.ToLower(function)
	switch {
	case strings.Contains(f, "search"):
		return Search
	case strings.Contains(f, "assistant"), strings.Contains(f, "user-initiated"), strings.Contains(f, "user prompt"), strings.Contains(f, "on behalf"):
		return Assistant
	case strings.Contains(f, "agent"):
		return Agent
	case strings.Contains(f, "train"), strings.Contains(f, "llm"), strings.Contains(f, "scrap"), strings.Contains(f, "data provider"),
		strings.Contains(f, "dataset"), strings.Contains(f, "machine learning"), strings.Contains(f, "model"):
		return Training
	}
	return Other
}

// obeys reads the list's "respect" field: "Yes", "No", or a link whose
// text is one of them.
func obeys(respect string) Obeys {
	r := strings.TrimPrefix(respect, "[")
	switch {
	case strings.HasPrefix(r, "Yes"):
		return Yes
	case strings.HasPrefix(r, "No"):
		return No
	}
	return Unknown
}
