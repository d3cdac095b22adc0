package crawlers

import (
	"encoding/json"
	"flag"
	"maps"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

var update = flag.Bool("update", false, "rebuild ai.tsv from testdata/ai-robots/robots.json")

// TestRegistry checks every line of the embedded files: each parses, each
// crawler has a source for each behaviour it states, and no two crawlers
// claim one name in a way that hides one of them.
func TestRegistry(t *testing.T) {
	reg, errs := parseRegistry(registryTSV, aiTSV)
	for _, err := range errs {
		t.Error(err)
	}
	if len(reg.crawlers) == 0 {
		t.Fatal("the registry is empty")
	}
	for _, c := range reg.crawlers {
		for _, src := range []string{c.Source, c.CrawlDelaySource} {
			if src == "" {
				continue
			}
			if u, err := url.Parse(src); err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
				t.Errorf("%s: source %q is not an http(s) URL", c.Name(), src)
			}
		}
		if c.Source == "" {
			t.Errorf("%s: no source", c.Name())
		}
		if (c.CrawlDelay == Unknown) != (c.CrawlDelaySource == "") {
			t.Errorf("%s: CrawlDelay %v with source %q", c.Name(), c.CrawlDelay, c.CrawlDelaySource)
		}
		// A behaviour beyond the plain reading comes from the operator's
		// page, never from the AI crawler list.
		if (len(c.Tokens) > 1 || c.IgnoresStar) && strings.Contains(c.Source, "ai.robots.txt") {
			t.Errorf("%s: precedence without an operator's page", c.Name())
		}
		if i, ok := reg.byName(c.Name()); !ok || !strings.EqualFold(reg.crawlers[i].Name(), c.Name()) {
			t.Errorf("byName(%q) does not find it", c.Name())
		}
		for _, h := range c.UserAgents {
			if i, ok, _ := reg.scan(h + "/1.0"); !ok || reg.crawlers[i].Name() != c.Name() && !strings.EqualFold(reg.crawlers[i].Name(), c.Name()) {
				// A header name two crawlers share finds the first.
				if !ok || !slices.ContainsFunc(reg.crawlers[:i+1], func(d Crawler) bool { return slices.Contains(d.UserAgents, h) }) {
					t.Errorf("Identify(%q) does not find %s", h+"/1.0", c.Name())
				}
			}
		}
	}
	// The AI crawler list's every entry is in the registry, as an AI
	// crawler.
	src := readAIList(t)
	for name := range src {
		tok := aiToken(name)
		if tok == "" {
			continue // no user-agent line can name it
		}
		i, ok := reg.byName(tok)
		if !ok || !reg.crawlers[i].AI {
			t.Errorf("%s of the AI crawler list is not an AI crawler of the registry", name)
		}
	}
}

// operatorNames are the tokens of registry.tsv that are not product
// tokens, as their operators document them: RFC mode reads both a line
// and a caller's name that write one as its first word, so that the two
// still meet; Google mode does not.
var operatorNames = map[string]bool{"Screaming Frog SEO Spider": true}

// TestRegistryNames checks that every name of the registry is one a
// User-Agent header can carry as its product, without a version: a name
// stored with one ("iaskspider/2.0") is found by no header, since each
// header of the crawler gives its own version, or none. It also holds the
// names to what Audit counts and Decide finds: no two crawlers share a
// name in two cases (the AI crawler list writes Meta-ExternalAgent and
// meta-externalagent), and every token is one a user-agent line can name,
// as RFC mode reads a line ("ChatGPT Agent" is read as "ChatGPT", a name
// of no crawler), but those of operatorNames.
func TestRegistryNames(t *testing.T) {
	reg, _ := parseRegistry(registryTSV, aiTSV)
	seen := make(map[string]string)
	for _, c := range reg.crawlers {
		for _, name := range append(slices.Clip(c.Tokens), c.UserAgents...) {
			if !validHeaderName(name) {
				t.Errorf("%s: %q is not a name a header carries: words of letters, digits, '-', '_' and '.', as Identify reads them", c.Name(), name)
			}
		}
		k := strings.ToLower(c.Name())
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s: one crawler's name, twice", other, c.Name())
		}
		seen[k] = c.Name()
		for _, tok := range c.Tokens {
			if robotstxt.ProductToken(tok) != tok && !operatorNames[tok] {
				t.Errorf("%s: token %q is read as %q in a user-agent line", c.Name(), tok, robotstxt.ProductToken(tok))
			}
		}
	}
	// The reading holds it too, whatever ai.tsv says.
	reg, errs := parseRegistry("", "A\t-\tAI training\t-\tA\thttps://a.example\na\t-\tAI search\t-\ta\thttps://a.example\nB C\t-\tAI training\t-\tB C\thttps://b.example\n")
	if len(reg.crawlers) != 1 || len(errs) != 1 {
		t.Errorf("a name twice and a name with a space: %d crawlers, errors %v; want 1 crawler and 1 error", len(reg.crawlers), errs)
	}
}

// TestAIList checks that the embedded ai.tsv is what
// testdata/ai-robots/robots.json gives; -update rewrites it.
func TestAIList(t *testing.T) {
	want := buildAITSV(readAIList(t))
	if *update {
		if err := os.WriteFile("ai.tsv", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(aiTSV, "\n")); diff != "" {
		t.Errorf("ai.tsv is not what testdata/ai-robots/robots.json gives (-want +got); rerun with -update:\n%s", diff)
	}
}

// aiEntry is an entry of the ai.robots.txt list.
type aiEntry struct {
	Operator string `json:"operator"`
	Respect  string `json:"respect"`
	Function string `json:"function"`
}

func readAIList(t *testing.T) map[string]aiEntry {
	t.Helper()
	data, err := os.ReadFile("testdata/ai-robots/robots.json")
	if err != nil {
		t.Fatal(err)
	}
	var src map[string]aiEntry
	if err := json.Unmarshal(data, &src); err != nil {
		t.Fatal(err)
	}
	return src
}

// buildAITSV derives ai.tsv from the ai.robots.txt list: facts only, in
// this package's words.
func buildAITSV(src map[string]aiEntry) string {
	var b strings.Builder
	b.WriteString("# AI crawlers: name, operator, purpose, obeys robots.txt, header name, source.\n")
	b.WriteString("# Derived from " + AISource + " at " + AISourceCommit + " (" + AISourceDate + "),\n")
	b.WriteString("# Copyright (c) 2024 ai.robots.txt, MIT licence (testdata/ai-robots/LICENSE).\n")
	b.WriteString("# Built by TestAIList from testdata/ai-robots/robots.json; do not edit.\n")
	src = byProduct(src)
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
		p, ok := purposeOf[name]
		if !ok {
			p = purpose(e.Function)
		}
		b.WriteString(strings.Join([]string{clean(name), orDash(operator(e.Operator)), p.String(), obeysField(obeys(e.Respect)),
			orDash(aiHeaderName(name)), aiSourceOf(e)}, "\t"))
		b.WriteByte('\n')
	}
	return b.String()
}

// aiToken returns the name a crawler of the AI crawler list is known by
// in the registry: the product token a user-agent line names it by (RFC
// 9309 section 2.2.1), its name without the version some entries add
// ("iaskspider/2.0", "Brightbot 1.0"); "" for a name that is no such
// token and no token and version ("ChatGPT Agent", "Terra Cotta"), which
// a user-agent line reads as another name ("ChatGPT", "Terra") and so can
// never select.
func aiToken(name string) string {
	tok := robotstxt.ProductToken(name)
	switch rest := name[len(tok):]; {
	case tok == "":
		return ""
	case rest == "":
		return tok
	case len(rest) > 1 && (rest[0] == '/' || rest[0] == ' ') && '0' <= rest[1] && rest[1] <= '9':
		return tok
	}
	return ""
}

// byProduct keys the list's entries by product token (see aiToken), and
// leaves out those that have none: the list writes some crawlers with the
// version of one header ("iaskspider/2.0"), which no other header of the
// crawler carries, some twice, with and without one ("MistralAI-User" and
// "MistralAI-User/1.0"), or in two cases (Meta-ExternalAgent,
// meta-externalagent), which Audit would count twice. Of two entries for
// one crawler, the one that states more (an operator, whether the crawler
// obeys robots.txt, a page of its own) is kept, the one without a version
// on a tie, and else the first in sort order (capitals first).
func byProduct(src map[string]aiEntry) map[string]aiEntry {
	type kept struct {
		name      string
		e         aiEntry
		versioned bool
	}
	best := make(map[string]kept, len(src))
	for _, key := range slices.Sorted(maps.Keys(src)) {
		tok := aiToken(key)
		if tok == "" {
			continue
		}
		e, versioned := src[key], tok != key
		k := strings.ToLower(tok)
		if old, ok := best[k]; ok && (facts(old.e) > facts(e) || facts(old.e) == facts(e) && (!old.versioned || versioned)) {
			continue
		}
		best[k] = kept{tok, e, versioned}
	}
	out := make(map[string]aiEntry, len(best))
	for _, v := range best {
		out[v.name] = v.e
	}
	return out
}

// facts counts what an entry of the list states beyond its name.
func facts(e aiEntry) int {
	n := 0
	if operator(e.Operator) != "" {
		n++
	}
	if obeys(e.Respect) != Unknown {
		n++
	}
	if aiSourceOf(e) != AISource {
		n++
	}
	return n
}

var mdLink = regexp.MustCompile(`\[([^\]]*)\]\(([^)]*)\)`)

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

// aiSourceOf returns the page an entry cites for whether the crawler
// obeys robots.txt, else for its operator, else the list itself.
func aiSourceOf(e aiEntry) string {
	for _, f := range []string{e.Respect, e.Operator} {
		if m := mdLink.FindStringSubmatch(f); m != nil && (strings.HasPrefix(m[2], "https://") || strings.HasPrefix(m[2], "http://")) {
			return m[2]
		}
	}
	return AISource
}

// commonWords are names of the list that are ordinary words, too likely
// to stand in a header for something else ("Sogou web spider/4.0") to
// identify a crawler: Decide still finds them by name.
var commonWords = map[string]bool{"Code": true, "Cursor": true, "Operator": true, "Spider": true}

// aiHeaderName returns the name a crawler of the list gives in its
// header, taken to be its name up to a version; "" when Identify cannot
// or should not look for it.
func aiHeaderName(name string) string {
	h, _, _ := strings.Cut(name, "/")
	if commonWords[h] || !validHeaderName(h) {
		return ""
	}
	return h
}

func clean(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func obeysField(o Obeys) string {
	if o == Unknown {
		return "-"
	}
	return o.String()
}

// purposeOf holds the purposes that an entry's stated function does not
// give: Apple documents Applebot-Extended as the token that controls the
// use of pages to train its models.
var purposeOf = map[string]Purpose{"Applebot-Extended": AITraining}

// purpose sorts a crawler by the purpose its entry states, in this
// order: an AI search engine's crawler, a fetcher of an assistant acting
// on a user's request, an agent browsing for a user, a collector of
// training data, and any other AI use.
func purpose(function string) Purpose {
	f := strings.ToLower(function)
	switch {
	case strings.Contains(f, "search"):
		return AISearch
	case strings.Contains(f, "assistant"), strings.Contains(f, "user-initiated"), strings.Contains(f, "user prompt"), strings.Contains(f, "on behalf"):
		return AIAssistant
	case strings.Contains(f, "agent"):
		return AIAgent
	case strings.Contains(f, "train"), strings.Contains(f, "llm"), strings.Contains(f, "scrap"), strings.Contains(f, "data provider"),
		strings.Contains(f, "dataset"), strings.Contains(f, "machine learning"), strings.Contains(f, "model"):
		return AITraining
	}
	return AIData
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
