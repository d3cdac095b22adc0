package metarobots

import (
	"net/http"
	"strings"
)

// FromHeader reads the X-Robots-Tag headers of a response: several headers,
// or one with a comma-separated list, combined. A value may start with a
// crawler's product token and a colon ("googlebot: noindex"); the
// directives after it then apply only to that crawler, up to the next such
// prefix or the end of that header: a header without one applies to
// every crawler. agents are the crawler's names, as the package comment
// says.
func FromHeader(h http.Header, agents ...string) Directives {
	var d Directives
	for _, v := range h.Values("X-Robots-Tag") {
		applies := true
		var part strings.Builder
		flush := func() {
			if applies && part.Len() > 0 {
				d.parseList(part.String())
			}
			part.Reset()
		}
		for _, item := range strings.Split(v, ",") {
			if token, rest, ok := agentPrefix(item); ok {
				flush()
				applies = appliesTo(token, agents)
				item = rest
			}
			part.WriteString(item)
			part.WriteByte(',')
		}
		flush()
	}
	return d
}

// agentPrefix splits "googlebot: noindex" into the crawler's token and the
// rest. A name before the colon that is itself a directive
// ("max-snippet: 20", "unavailable_after: ...") is no crawler.
func agentPrefix(item string) (token, rest string, ok bool) {
	item = strings.TrimSpace(item)
	name, rest, found := strings.Cut(item, ":")
	if !found || name == "" || strings.ContainsAny(name, " \t") || isDirectiveName(name) {
		return "", "", false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return "", "", false
		}
	}
	return name, rest, true
}
