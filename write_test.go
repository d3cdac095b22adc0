package robotstxt

import (
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/internal/golden"
)

func TestWriteTo(t *testing.T) {
	in := `# comment
Sitemap: https://example.com/s.xml
User-agent: FooBot
user-agent: BarBot # shares
Crawl-delay: 2.5
Disallow: /private
Allow: /private/press

User-agent: *
Dissallow: /tmp
Content-Signal: ai-train=no, search=yes

User-agent: foobot
Disallow: /more

User-agent: quiet
Request-rate: 1/10s 0600-0845
Visit-time: 2200-0600
Host: www.example.com
Clean-param: ref /a/
Noindex: /x
`
	want := `User-agent: BarBot
Crawl-delay: 2.5
Disallow: /private
Allow: /private/press

User-agent: FooBot
Crawl-delay: 2.5
Disallow: /private
Allow: /private/press
Disallow: /more

User-agent: *
Content-Signal: ai-train=no, search=yes
Disallow: /tmp

User-agent: quiet
Request-rate: 1/10s 0600-0845
Visit-time: 2200-0600
Disallow:

Sitemap: https://example.com/s.xml
Host: www.example.com
Clean-param: ref /a/
Noindex: /x
`
	r := Parse([]byte(in))
	var b strings.Builder
	n, err := r.WriteTo(&b)
	if err != nil || int(n) != b.Len() {
		t.Fatalf("WriteTo = %d, %v; wrote %d bytes", n, err, b.Len())
	}
	if diff := golden.Diff(want, b.String()); diff != "" {
		t.Errorf("WriteTo mismatch (-want +got):\n%s", diff)
	}
	if diff := golden.Diff(want, canonical(Parse([]byte(want)))); diff != "" {
		t.Errorf("canonical text is not a fixed point (-want +rewritten):\n%s", diff)
	}
	var nilRobots *Robots
	if got := canonical(nilRobots); got != "" {
		t.Errorf("a nil Robots writes %q, want nothing", got)
	}
}

// TestWriteBackCorpus writes every corpus file back and checks that the
// result decides like the original on paths made from its own rules.
func TestWriteBackCorpus(t *testing.T) {
	checked := 0
	for _, cf := range corpus(t) {
		t.Run(cf.name, func(t *testing.T) {
			for _, mode := range []Mode{RFC, Google} {
				o := Options{Mode: mode}
				r := o.Parse(cf.data)
				rt := o.Parse([]byte(canonical(r)))
				checkSameExtensions(t, r, rt)
				for _, agent := range []string{"googlebot", "bingbot", "FooBot", "*"} {
					g, gt := r.Group(agent), rt.Group(agent)
					rules := g.Rules()
					for i := 0; i < len(rules); i += max(1, len(rules)/50) {
						p := strings.TrimSuffix(strings.ReplaceAll(rules[i].Pattern, "*", "x"), "$")
						for _, path := range []string{p, p + "/z", "/"} {
							if got, want := gt.Allowed(path), g.Allowed(path); got != want {
								t.Fatalf("%v: after writing back, Allowed(%q, %q) = %v, want %v", mode, agent, path, got, want)
							}
							checked++
						}
					}
				}
			}
		})
	}
	// About 74,000: a Group or Rules that lost the rules would check none.
	if checked < 50000 {
		t.Errorf("checked %d paths, want at least 50000", checked)
	}
}

// canonical returns what r.WriteTo writes.
func canonical(r *Robots) string {
	var b strings.Builder
	r.WriteTo(&b) // a strings.Builder never fails
	return b.String()
}

// cleanParams reads the Clean-param lines among r's Records.
func cleanParams(t testing.TB, r *Robots) []cleanParam {
	t.Helper()
	var out []cleanParam
	for _, rec := range r.Records() {
		if rec.Key == cleanParamKey {
			p, err := parseCleanParam(rec.Value)
			if err != nil {
				t.Fatalf("Records() holds Clean-param line %d, %q, which does not read: %v", rec.Line, rec.Value, err)
			}
			out = append(out, p)
		}
	}
	return out
}
