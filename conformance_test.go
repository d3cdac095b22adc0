package robotstxt

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/rfc9309/robotstxt/internal/sniff"
)

// The files under testdata/conformance are converted from the shared
// conformance data (see testdata/README.md); every record keeps its id and
// source so a failure can be traced back.

type generated struct {
	Parts []struct {
		Text   string `json:"text"`
		Repeat string `json:"repeat"`
		Count  int    `json:"count"`
	} `json:"parts"`
	Length int    `json:"length"`
	SHA256 string `json:"sha256"`
}

func (g *generated) expand(t testing.TB) string {
	var b strings.Builder
	for _, p := range g.Parts {
		b.WriteString(p.Text)
		b.WriteString(strings.Repeat(p.Repeat, p.Count))
	}
	s := b.String()
	sum := sha256.Sum256([]byte(s))
	if len(s) != g.Length || hex.EncodeToString(sum[:]) != g.SHA256 {
		t.Fatalf("generated value: length %d, sha256 %x; want %d, %s", len(s), sum, g.Length, g.SHA256)
	}
	return s
}

type matchCase struct {
	ID          string     `json:"id"`
	Source      string     `json:"source"`
	Robots      string     `json:"robots"`
	RobotsHex   string     `json:"robots_hex"`
	RobotsGen   *generated `json:"robots_gen"`
	Agents      []string   `json:"agents"`
	AgentTokens []string   `json:"agent_tokens"`
	URL         string     `json:"url"`
	URLGen      *generated `json:"url_gen"`
	Allowed     bool       `json:"allowed"`
	Line        *int       `json:"line"`
	Optional    bool       `json:"optional"`
}

func (c *matchCase) body(t testing.TB) []byte {
	switch {
	case c.RobotsHex != "":
		b, err := hex.DecodeString(c.RobotsHex)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		return b
	case c.RobotsGen != nil:
		return []byte(c.RobotsGen.expand(t))
	}
	return []byte(c.Robots)
}

func (c *matchCase) target(t testing.TB) string {
	if c.URLGen != nil {
		return c.URLGen.expand(t)
	}
	return c.URL
}

// agents returns the product tokens to query with: a peer test that passed
// a whole User-Agent header names the tokens an RFC 9309 crawler uses.
func (c *matchCase) agents() []string {
	if c.AgentTokens != nil {
		return c.AgentTokens
	}
	return c.Agents
}

func loadJSON[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile("testdata/conformance/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var v []T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// loadCases is loadJSON that also checks the file holds want records: a
// file that lost records would otherwise pass the checks it no longer makes.
func loadCases[T any](t testing.TB, name string, want int) []T {
	t.Helper()
	v := loadJSON[T](t, name)
	if len(v) != want {
		t.Fatalf("%s: loaded %d records, want %d", name, len(v), want)
	}
	return v
}

// rfcDifference is a conformance record whose RFC-mode answer differs from
// the record's expectation, with the RFC 9309 section that says why.
type rfcDifference struct {
	ID      string `json:"id"`
	Allowed bool   `json:"allowed"`
	Section string `json:"section"`
	Reason  string `json:"reason"`
}

func loadDifferences(t testing.TB) map[string]rfcDifference {
	m := make(map[string]rfcDifference)
	for _, d := range loadJSON[rfcDifference](t, "rfc_differences.json") {
		if d.Section == "" || d.Reason == "" {
			t.Errorf("rfc_differences.json: %s has no section or reason", d.ID)
		}
		m[d.ID] = d
	}
	return m
}

func TestGoogleConformance(t *testing.T) {
	cases := loadCases[matchCase](t, "google_match.json", 220)
	opts := Options{Mode: Google}
	for _, c := range cases {
		r := opts.Parse(c.body(t))
		url := c.target(t)
		// Robots.Decide decides without a Group; Group.Decide with one.
		if len(c.Agents) == 1 {
			d := r.Decide(c.Agents[0], url)
			if d.Allowed != c.Allowed {
				t.Errorf("%s: first Decide(%q, %.80q).Allowed = %v, want %v", c.ID, c.Agents[0], url, d.Allowed, c.Allowed)
			}
			if c.Line != nil && d.Rule.Line != *c.Line {
				t.Errorf("%s: first Decide(%q, %.80q) line = %d, want %d", c.ID, c.Agents[0], url, d.Rule.Line, *c.Line)
			}
			once := opts.DecideOnce(c.body(t), c.Agents[0], url)
			if once.Allowed != c.Allowed || c.Line != nil && once.Rule.Line != *c.Line {
				t.Errorf("%s: DecideOnce(%q, %.80q) = %v at line %d, want %v", c.ID, c.Agents[0], url, once.Allowed, once.Rule.Line, c.Allowed)
			}
		}
		if got := r.Group(c.Agents...).Allowed(url); got != c.Allowed {
			t.Errorf("%s: Allowed(%q, %.80q) = %v, want %v", c.ID, c.Agents, url, got, c.Allowed)
		}
		d := r.Group(c.Agents...).Decide(url)
		if d.Allowed != c.Allowed {
			t.Errorf("%s: Decide(%q, %.80q).Allowed = %v, want %v", c.ID, c.Agents, url, d.Allowed, c.Allowed)
		}
		if c.Line != nil && d.Rule.Line != *c.Line {
			t.Errorf("%s: Decide(%q, %.80q) line = %d, want %d", c.ID, c.Agents, url, d.Rule.Line, *c.Line)
		}
	}
}

func TestRFCConformance(t *testing.T) {
	diffs := loadDifferences(t)
	used := make(map[string]bool)
	run := func(t *testing.T, file string, records int) {
		for _, c := range loadCases[matchCase](t, file, records) {
			want := c.Allowed
			if d, ok := diffs[c.ID]; ok {
				want = d.Allowed
				used[c.ID] = true
			}
			r := Parse(c.body(t))
			url := c.target(t)
			// Robots.Allowed decides without a Group, twice: a file's
			// first queries scan its rules, as later ones may not.
			if as := c.agents(); len(as) == 1 {
				if got := r.Allowed(as[0], url); got != want {
					t.Errorf("%s: first Allowed(%q, %.80q) = %v, want %v", c.ID, as[0], url, got, want)
				}
				if got := r.Allowed(as[0], url); got != want {
					t.Errorf("%s: second Allowed(%q, %.80q) = %v, want %v", c.ID, as[0], url, got, want)
				}
				if got := DecideOnce(c.body(t), as[0], url); got.Allowed != want {
					t.Errorf("%s: DecideOnce(%q, %.80q) = %v, want %v", c.ID, as[0], url, got.Allowed, want)
				}
			}
			if got := r.Group(c.agents()...).Allowed(url); got != want {
				t.Errorf("%s: Allowed(%q, %.80q) = %v, want %v", c.ID, c.agents(), url, got, want)
			}
		}
	}
	t.Run("google", func(t *testing.T) { run(t, "google_match.json", 220) })
	t.Run("peers", func(t *testing.T) { run(t, "peers_rfc9309.json", 1246) })
	for id := range diffs {
		if !used[id] {
			t.Errorf("rfc_differences.json: %s matches no conformance record", id)
		}
	}
}

type helperCase struct {
	ID       string `json:"id"`
	Source   string `json:"source"`
	Function string `json:"function"`
	Input    string `json:"input"`
	Expected any    `json:"expected"`
}

// validProductToken reports whether token is a product token a crawler
// may identify itself with under RFC 9309 section 2.2.1: one or more
// letters, '-' and '_' only, which is what Google mode reads a user-agent
// line as (googleToken).
func validProductToken(token string) bool {
	return token != "" && googleToken(token) == token
}

func TestGoogleUserAgentHelpers(t *testing.T) {
	for _, c := range loadCases[helperCase](t, "google_ua.json", 29) {
		switch c.Function {
		case "IsValidUserAgentToObey":
			if got := validProductToken(c.Input); got != c.Expected {
				t.Errorf("%s: validProductToken(%q) = %v, want %v", c.ID, c.Input, got, c.Expected)
			}
		case "ExtractUserAgent":
			if got := googleToken(c.Input); got != c.Expected {
				t.Errorf("%s: googleToken(%q) = %q, want %q", c.ID, c.Input, got, c.Expected)
			}
		default:
			t.Errorf("%s: unknown function %q", c.ID, c.Function)
		}
	}
}

func TestGoogleHelpers(t *testing.T) {
	for _, c := range loadCases[helperCase](t, "google_helpers.json", 55) {
		switch c.Function {
		case "GetPathParamsQuery":
			if got := targetPath(c.Input); got != c.Expected {
				t.Errorf("%s: targetPath(%q) = %q, want %q", c.ID, c.Input, got, c.Expected)
			}
		case "MaybeEscapePattern":
			if got := escapeGoogle(c.Input); got != c.Expected {
				t.Errorf("%s: escapeGoogle(%q) = %q, want %q", c.ID, c.Input, got, c.Expected)
			}
		case "ParseLine":
			checkParseLine(t, c)
		default:
			t.Errorf("%s: unknown function %q", c.ID, c.Function)
		}
	}
}

// checkParseLine parses one line in a file of its own and compares what
// the parser made of it with Google's key and value.
func checkParseLine(t *testing.T, c helperCase) {
	t.Helper()
	want, _ := c.Expected.(map[string]any)
	var got map[string]any
	tok := newTokenizer(c.Input, googleDialect.lineCut, 1, false)
	var f lineFact
	if tok.next(&f) && f.kind != keyNone {
		kind := googleKind(f.kind)
		got = map[string]any{"directive": kind, "value": tok.text(f.value)}
		if kind == "unknown" {
			got["key"] = tok.text(f.key)
		}
		if kind == "allow" || kind == "disallow" || kind == "unknown" {
			got["value"] = escapeGoogle(tok.text(f.value))
		}
	}
	if (got == nil) != (want == nil) || (got != nil && (got["directive"] != want["directive"] || got["value"] != want["value"] || got["key"] != want["key"])) {
		t.Errorf("%s: line %q parsed as %v, want %v", c.ID, c.Input, got, want)
	}
}

// googleKind names a key as Google's parser reports it: it knows the keys
// of rules and sitemaps, and reports every other key as unknown.
func googleKind(k keyKind) string {
	if k.isRuleKey() {
		return k.String()
	}
	return "unknown"
}

type reportCase struct {
	ID        string     `json:"id"`
	Source    string     `json:"source"`
	Robots    string     `json:"robots"`
	RobotsHex string     `json:"robots_hex"`
	RobotsGen *generated `json:"robots_gen"`
	Callbacks []struct {
		Kind     string     `json:"kind"`
		Line     int        `json:"line"`
		Key      string     `json:"key"`
		KeyHex   string     `json:"key_hex"`
		Value    string     `json:"value"`
		ValueGen *generated `json:"value_gen"`
	} `json:"callbacks"`
	LastLine          int   `json:"last_line"`
	TypoLines         []int `json:"typo_lines"`
	MissingColonLines []int `json:"missing_colon_lines"`
	TooLongLines      []int `json:"too_long_lines"`
}

// TestGoogleReports compares, line by line, what the tokenizer hands on
// with the callbacks of Google's parser: line numbers, keys, values, the
// last line number, and the lines flagged as typos, missing colons and
// over-long.
func TestGoogleReports(t *testing.T) {
	type directive struct {
		Kind  string
		Line  int
		Key   string
		Value string
	}
	for _, c := range loadJSON[reportCase](t, "google_report.json") {
		m := matchCase{Robots: c.Robots, RobotsHex: c.RobotsHex, RobotsGen: c.RobotsGen, ID: c.ID}
		var got, want []directive
		for _, cb := range c.Callbacks {
			d := directive{Kind: cb.Kind, Line: cb.Line, Key: cb.Key, Value: cb.Value}
			if cb.KeyHex != "" {
				k, _ := hex.DecodeString(cb.KeyHex)
				d.Key = string(k)
			}
			if cb.ValueGen != nil {
				d.Value = cb.ValueGen.expand(t)
			}
			want = append(want, d)
		}
		// The tokenizer is set up as a Google-mode parse sets it up.
		body := string(m.body(t))
		src, _ := sniff.SkipBOM(body)
		tok := newTokenizer(src, googleDialect.lineCut, defaultLimits.lines, sniff.LooksLikeHTML(body))
		var f lineFact
		for tok.next(&f) {
			if f.kind == keyNone {
				continue
			}
			d := directive{Kind: googleKind(f.kind), Line: f.num, Value: tok.text(f.value)}
			switch d.Kind {
			case "allow", "disallow":
				d.Value = escapeGoogle(tok.text(f.value))
			case "unknown":
				d.Key = tok.text(f.key)
			}
			got = append(got, d)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: directives mismatch (-want +got):\n%s", c.ID, diff)
		}
		if tok.num != c.LastLine {
			t.Errorf("%s: last line = %d, want %d", c.ID, tok.num, c.LastLine)
		}
		r := Options{Mode: Google, MaxBytes: -1}.Parse([]byte(body))
		flagged := map[Code][]int{}
		for _, d := range r.Diagnostics() {
			flagged[d.Code] = append(flagged[d.Code], d.Line)
		}
		for code, want := range map[Code][]int{CodeKeyTypo: c.TypoLines, CodeMissingColon: c.MissingColonLines, CodeLineTooLong: c.TooLongLines} {
			if diff := cmp.Diff(want, flagged[code], cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s: lines with %s diagnostics (-want +got):\n%s", c.ID, code, diff)
			}
		}
	}
}

// targetPath is pathOf as Google's library reads a URL.
func targetPath(target string) string { return pathOf(target, googleAuthorityEnds) }
