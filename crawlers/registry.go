package crawlers

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/agentname"
)

// The registry's date and the AI crawler list it absorbs (MIT licence).
// The package doc says how to update the registry, and
// testdata/ai-robots/README.md how to refresh the list.
const (
	// Date is when the operators' pages of registry.tsv were last read.
	Date = "2026-12-01"
	// AISource is the list of AI crawlers whose entries become the
	// registry's AI entries (ai.tsv).
	AISource       = "https://github.com/ai-robots-txt/ai.robots.txt"
	AISourceCommit = "738c80df2169027ce0e07c9976fd3f2f57dd8f7b"
	AISourceDate   = "2026-08-22"
)

// registry.tsv holds the crawlers written from their operators' pages;
// ai.tsv, built by TestAIList from testdata/ai-robots/robots.json, the AI
// crawler list's entries.
var (
	//go:embed registry.tsv
	registryTSV string
	//go:embed ai.tsv
	aiTSV string
)

// maxNameLen and maxNameWords bound the header names of the registry (see
// registry.add): Identify looks up no longer key, which keeps its work per
// position of a header constant.
const (
	maxNameLen   = 64
	maxNameWords = 4
	// maxLookup bounds the names Decide looks up as given: longer ones
	// name no crawler of the registry.
	maxLookup = 128
)

// A registry is the parsed data: its crawlers in file order, and indexes
// of them by lower-case header name and by lower-case name.
type registry struct {
	crawlers []Crawler
	headers  map[string]int32
	names    map[string]int32
	filter   filter // of headers' keys
}

// theRegistry parses the embedded files once, on first use. The tests
// reject any line it would skip.
var theRegistry = sync.OnceValue(func() *registry {
	r, _ := parseRegistry(registryTSV, aiTSV)
	return r
})

// List returns every crawler of the registry: those of registry.tsv in its
// order, then the AI crawler list's others by name. The slices are copies.
func List() []Crawler {
	cs := theRegistry().crawlers
	out := make([]Crawler, len(cs))
	for i, c := range cs {
		out[i] = c.clone()
	}
	return out
}

// parseRegistry reads registry.tsv's and ai.tsv's lines. An AI entry whose
// name is, compared without case, a crawler's already read marks that
// crawler as AI and adds nothing else: registry.tsv's operator's page is
// the better source, and a second entry for one name would be counted
// twice by Audit. It returns the problems of the lines it skipped.
func parseRegistry(curated, ai string) (*registry, []error) {
	r := &registry{headers: make(map[string]int32), names: make(map[string]int32)}
	var errs []error
	for n, f := range tsvLines(curated) {
		c, err := parseCurated(f)
		if err != nil {
			errs = append(errs, fmt.Errorf("crawlers: registry.tsv line %d: %v", n, err))
			continue
		}
		if err := r.add(c); err != nil {
			errs = append(errs, fmt.Errorf("crawlers: registry.tsv line %d: %v", n, err))
		}
	}
	for n, f := range tsvLines(ai) {
		c, err := parseAI(f)
		if err != nil {
			errs = append(errs, fmt.Errorf("crawlers: ai.tsv line %d: %v", n, err))
			continue
		}
		if i, ok := r.names[strings.ToLower(c.Name())]; ok {
			r.crawlers[i].AI = true
			continue
		}
		if err := r.add(c); err != nil {
			errs = append(errs, fmt.Errorf("crawlers: ai.tsv line %d: %v", n, err))
		}
	}
	return r, errs
}

// add appends c and indexes its name and header names; the first crawler
// to claim a name keeps it.
func (r *registry) add(c Crawler) error {
	for _, h := range c.UserAgents {
		if !validHeaderName(h) {
			return fmt.Errorf("header name %q is not one Identify can find", h)
		}
	}
	i := int32(len(r.crawlers))
	r.crawlers = append(r.crawlers, c)
	if k := strings.ToLower(c.Name()); len(k) <= maxLookup {
		if _, ok := r.names[k]; !ok {
			r.names[k] = i
		}
	}
	for _, h := range c.UserAgents {
		k := strings.ToLower(h)
		if _, ok := r.headers[k]; !ok {
			r.headers[k] = i
			r.filter.add(k)
		}
	}
	return nil
}

// tsvLines yields the 1-based number and the fields of each line that is
// neither empty nor a '#' comment.
func tsvLines(tsv string) func(func(int, []string) bool) {
	return func(yield func(int, []string) bool) {
		n := 0
		for line := range strings.Lines(tsv) {
			n++
			line = strings.TrimRight(line, "\r\n")
			if line == "" || line[0] == '#' {
				continue
			}
			if !yield(n, strings.Split(line, "\t")) {
				return
			}
		}
	}
}

// parseCurated reads a line of registry.tsv (its columns are described at
// its top).
func parseCurated(f []string) (Crawler, error) {
	if len(f) != 9 {
		return Crawler{}, fmt.Errorf("%d fields, want 9", len(f))
	}
	c := Crawler{Tokens: list(f[0]), Operator: f[1], UserAgents: list(f[6]), Source: f[7], CrawlDelaySource: dash(f[8])}
	var ok bool
	if c.Purpose, ok = parsePurpose(f[2]); !ok {
		return Crawler{}, fmt.Errorf("unknown purpose %q", f[2])
	}
	switch f[3] {
	case "reads":
	case "ignores":
		c.IgnoresStar = true
	default:
		return Crawler{}, fmt.Errorf("star is %q, want reads or ignores", f[3])
	}
	if c.CrawlDelay, ok = parseObeys(f[4]); !ok {
		return Crawler{}, fmt.Errorf("crawl-delay is %q, want yes, no or -", f[4])
	}
	if c.Obeys, ok = parseObeys(f[5]); !ok {
		return Crawler{}, fmt.Errorf("obeys is %q, want yes, no or -", f[5])
	}
	if len(c.Tokens) == 0 || c.Source == "" {
		return Crawler{}, fmt.Errorf("no tokens or no source")
	}
	if (c.CrawlDelay == Unknown) != (c.CrawlDelaySource == "") {
		return Crawler{}, fmt.Errorf("crawl-delay %v with source %q", c.CrawlDelay, c.CrawlDelaySource)
	}
	return c, nil
}

// parseAI reads a line of ai.tsv: name, operator, purpose, obeys, header
// name, source.
func parseAI(f []string) (Crawler, error) {
	if len(f) != 6 {
		return Crawler{}, fmt.Errorf("%d fields, want 6", len(f))
	}
	c := Crawler{Tokens: []string{f[0]}, Operator: dash(f[1]), UserAgents: list(f[4]), Source: f[5], AI: true}
	var ok bool
	if c.Purpose, ok = parsePurpose(f[2]); !ok || !c.Purpose.AI() {
		return Crawler{}, fmt.Errorf("purpose %q is not an AI purpose", f[2])
	}
	if c.Obeys, ok = parseObeys(f[3]); !ok {
		return Crawler{}, fmt.Errorf("obeys is %q, want yes, no or -", f[3])
	}
	if f[0] == "" || c.Source == "" {
		return Crawler{}, fmt.Errorf("no name or no source")
	}
	if robotstxt.ProductToken(f[0]) != f[0] {
		// A user-agent line names a crawler by such a token (RFC 9309
		// section 2.2.1): "ChatGPT Agent" is read as "ChatGPT", and no
		// line selects the crawler by that name.
		return Crawler{}, fmt.Errorf("name %q is not a product token a user-agent line can name", f[0])
	}
	return c, nil
}

func parseObeys(s string) (Obeys, bool) {
	switch s {
	case "yes":
		return Yes, true
	case "no":
		return No, true
	case "-":
		return Unknown, true
	}
	return Unknown, false
}

// list splits a comma-separated field; "-" is the empty list.
func list(s string) []string {
	if s == "-" || s == "" {
		return nil
	}
	l := strings.Split(s, ",")
	return l[:len(l):len(l)]
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// byName returns the crawler whose name is name, compared without case.
func (r *registry) byName(name string) (int32, bool) {
	if len(name) > maxLookup {
		return 0, false
	}
	var buf [maxLookup]byte
	key := lower(buf[:0], name)
	i, ok := r.names[string(key)]
	return i, ok
}

// identify returns the index of the crawler userAgent names: by its
// header names, else as a name.
func (r *registry) identify(userAgent string) (int32, bool) {
	if i, ok, _ := r.scan(userAgent); ok {
		return i, true
	}
	return r.byName(userAgent)
}

// scan looks up each word position of ua as Identify describes, and
// returns the number of key bytes it looked up, which TestIdentifyLinear
// counts. Shaped for speed (BenchmarkIdentify): the key is lowered into a
// buffer on the stack, and a map index by string(bytes) does not
// allocate.
func (r *registry) scan(ua string) (crawler int32, ok bool, work int) {
	var buf [maxNameLen]byte
	for i := 0; i < len(ua); {
		if !agentname.IsNameByte(ua[i]) || i > 0 && !agentname.IsDelim(ua[i-1]) {
			i++
			continue
		}
		// ends[k] is the key's length after k+1 words.
		var ends [maxNameWords]int
		n, key, j := 0, buf[:0], i
		for n < maxNameWords {
			end := j
			for end < len(ua) && agentname.IsNameByte(ua[end]) && len(key)+end-j <= maxNameLen {
				end++
			}
			if len(key)+end-j > maxNameLen {
				break
			}
			key = lower(key, ua[j:end])
			ends[n] = len(key)
			n++
			if end+1 >= len(ua) || ua[end] != ' ' || !agentname.IsNameByte(ua[end+1]) || len(key) == maxNameLen {
				break
			}
			key = append(key, ' ')
			j = end + 1
		}
		for k := n - 1; k >= 0; k-- {
			if !r.filter.has(key[:ends[k]]) {
				continue
			}
			work += ends[k] + 1
			if c, ok := r.headers[string(key[:ends[k]])]; ok {
				return c, true, work
			}
		}
		// Skip the first word: a position is only at a word's start.
		for i < len(ua) && agentname.IsNameByte(ua[i]) {
			i++
		}
	}
	return 0, false, work
}
