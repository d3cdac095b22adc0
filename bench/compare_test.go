package bench

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	ours "github.com/rfc9309/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

type matchCase struct {
	ID        string   `json:"id"`
	Robots    string   `json:"robots"`
	RobotsHex string   `json:"robots_hex"`
	RobotsGen any      `json:"robots_gen"`
	Agents    []string `json:"agents"`
	Tokens    []string `json:"agent_tokens"`
	URL       string   `json:"url"`
	URLGen    any      `json:"url_gen"`
	Allowed   bool     `json:"allowed"`
}

func load(t *testing.T, name string) []matchCase {
	data, err := os.ReadFile("../testdata/conformance/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var cs []matchCase
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestConformanceCompared counts, for each library, the single-agent
// conformance records it answers as the record expects: Google's
// library's answers, and the peers' RFC 9309 answers. The counts are
// logged for docs/PERFORMANCE.md; run with -v.
func TestConformanceCompared(t *testing.T) {
	for _, set := range []struct {
		file string
		mode ours.Mode
	}{{"google_match.json", ours.Google}, {"peers_rfc9309.json", ours.RFC}} {
		total, oursOK, temotoOK, temotoErr := 0, 0, 0, 0
		for _, c := range load(t, set.file) {
			agents := c.Agents
			if c.Tokens != nil {
				agents = c.Tokens
			}
			if c.RobotsGen != nil || c.URLGen != nil || len(agents) != 1 {
				continue
			}
			body := []byte(c.Robots)
			if c.RobotsHex != "" {
				body, _ = hex.DecodeString(c.RobotsHex)
			}
			total++
			if (ours.Options{Mode: set.mode}).Parse(body).Allowed(agents[0], c.URL) == c.Allowed {
				oursOK++
			}
			r, err := temoto.FromBytes(body)
			if err != nil {
				temotoErr++
				continue
			}
			path := c.URL
			if i := strings.Index(path, "://"); i >= 0 {
				if j := strings.IndexByte(path[i+3:], '/'); j >= 0 {
					path = path[i+3+j:]
				} else {
					path = "/"
				}
			}
			if r.TestAgent(path, agents[0]) == c.Allowed {
				temotoOK++
			}
		}
		// bench/run.sh reads this line (go run ./table -compare) into
		// docs/PERFORMANCE.md: keep its prefix and keys.
		t.Logf("compared: set=%s records=%d ours=%d temoto=%d temoto-rejected=%d", set.file, total, oursOK, temotoOK, temotoErr)
	}
}

// TestTemotoBehaviour records, for the README's comparison, how temoto
// answers the cases where the libraries differ by design.
func TestTemotoBehaviour(t *testing.T) {
	for _, c := range []struct{ name, robots, agent, path string }{
		{"allow wins a tie (RFC 9309 section 2.2.2)", "User-agent: *\nDisallow: /a\nAllow: /a\n", "bot", "/a"},
		{"'$' inside a pattern is literal", "User-agent: *\nDisallow: /a$b\n", "bot", "/a$b"},
		{"/robots.txt always allowed", "User-agent: *\nDisallow: /\n", "bot", "/robots.txt"},
		{"percent-encoding normalised", "User-agent: *\nDisallow: /%7Ejoe\n", "bot", "/~joe"},
		{"a foo group does not apply to foobot", "User-agent: foo\nDisallow: /\n", "foobot", "/x"},
	} {
		r, err := temoto.FromBytes([]byte(c.robots))
		got := "error: " + func() string {
			if err != nil {
				return err.Error()
			}
			return ""
		}()
		if err == nil {
			got = map[bool]string{true: "allowed", false: "disallowed"}[r.TestAgent(c.path, c.agent)]
		}
		want := map[bool]string{true: "allowed", false: "disallowed"}[ours.Parse([]byte(c.robots)).Allowed(c.agent, c.path)]
		t.Logf("%s: ours %s, temoto %s", c.name, want, got)
	}
	for _, f := range []string{"009_ipwatchdog.com.txt", "075_kangawang.com.txt"} {
		data, _ := os.ReadFile("../testdata/corpus/" + f)
		_, err := temoto.FromBytes(data)
		t.Logf("%s: temoto: %v", f, err)
	}
}
