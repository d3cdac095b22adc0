package robotstxt

import (
	"errors"
	"strings"

	"github.com/rfc9309/robotstxt/internal/hostvalue"
)

// This file holds the records of a file that belong to no group: Sitemap,
// Host, Clean-param, and the lines with keys this library does not know,
// kept as Records. RFC 9309 section 2.2.4 lets such records exist; none
// of them ends a group or changes a verdict.

// recordLists are the file records of a parse (see fileRecords).
type recordLists struct {
	text []byte
	recordSpans
	// sitemapSeen holds the sitemaps listed so far, to drop repeats. Its
	// keys point into the text being parsed, so reset clears it: pooled
	// buffers must not keep a parsed body alive.
	sitemapSeen map[string]struct{}
}

// reset empties r for the next parse (see parseBuffers.reset).
func (r *recordLists) reset() (n int) {
	r.text = emptied(r.text, &n)
	r.sitemaps = emptied(r.sitemaps, &n)
	r.cleanParams = emptied(r.cleanParams, &n)
	r.records = emptied(r.records, &n)
	// A map's room is at least its entries: count those of this parse,
	// as the map grew to hold them.
	n += len(r.sitemapSeen) * int(sizeOf[string]())
	if len(r.sitemapSeen) > 0 { // clearing an empty map still sweeps its room
		clear(r.sitemapSeen)
	}
	return n
}

// A Record is a key-value line this library does not interpret, kept for
// callers that read directives of their own.
type Record struct {
	Line       int
	Key, Value string
}

// A cleanParam is a Yandex Clean-param value: URL parameters that do not
// change a page's content, for URLs whose path starts with path (every URL
// when path is empty).
type cleanParam struct {
	params []string
	path   string
}

// cleanParamKey is the key of the Records of Clean-param lines.
const cleanParamKey = "Clean-param"

// fileRecords are the records of a file that belong to no group. Their
// text is kept back to back in one string, addressed by offsets: a file
// of many sitemaps or unknown lines then keeps little more than its text,
// where a string each would add a header and a rounded-up allocation.
type fileRecords struct {
	text string
	recordSpans
	host    string
	signals map[string]bool // Content-Signal outside any group
}

func (f *fileRecords) cleanParamRecord(c lineSpan) Record {
	return Record{Line: int(c.line), Key: cleanParamKey, Value: f.text[c.off:c.end]}
}

// recordSpans address the file's records in fileRecords.text.
type recordSpans struct {
	sitemaps    []textSpan
	cleanParams []lineSpan   // values, read again when asked for
	records     []recordSpan // lines with unknown keys
}

// textSpan is the text fileRecords.text[off:end].
type textSpan struct{ off, end uint32 }

// lineSpan is the text of a line's value.
type lineSpan struct {
	line     int32
	off, end uint32
}

// recordSpan is an unknown key at text[off:mid] and its value at
// text[mid:end].
type recordSpan struct {
	line          int32
	off, mid, end uint32
}

// parseHost reads a Host value: a host name or address, with an optional
// port and an optional http or https scheme.
func parseHost(v string) (string, error) {
	if plainHost(v) || hostvalue.URLHost(v) {
		return v, nil
	}
	return "", errors.New("not a host name")
}

// plainHost reports whether v is a host name of ASCII letters, digits,
// dots and hyphens, with an optional port of digits, after an optional
// "http://" or "https://": the common Host value, which parseHost then
// accepts without the further checks of hostvalue.URLHost (which accepts all such
// values, TestPlainHost).
func plainHost(v string) bool {
	if rest, ok := strings.CutPrefix(v, "http://"); ok {
		v = rest
	} else if rest, ok := strings.CutPrefix(v, "https://"); ok {
		v = rest
	}
	name, port, hasPort := strings.Cut(v, ":")
	if name == "" || hasPort && port == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// parseCleanParam reads "p1&p2 [/path-prefix]".
func parseCleanParam(v string) (cleanParam, error) {
	if err := checkCleanParam(v); err != nil {
		return cleanParam{}, err
	}
	params, path, _ := strings.Cut(v, " ")
	var p cleanParam
	for _, name := range strings.Split(params, "&") {
		if name != "" {
			p.params = append(p.params, name)
		}
	}
	p.path = strings.TrimSpace(path)
	return p, nil
}

// checkCleanParam reports what parseCleanParam would find wrong with v,
// without allocating: a parse checks each Clean-param line, and reads it
// again only when asked for its parts.
func checkCleanParam(v string) error {
	params, path, _ := strings.Cut(v, " ")
	path = strings.TrimSpace(path)
	if strings.Trim(params, "&") == "" {
		return errors.New("no parameter names")
	}
	if path != "" && path[0] != '/' && path[0] != '*' {
		return errors.New("the path prefix does not start with '/'")
	}
	return nil
}

// isAbsoluteHTTP reports whether a Sitemap value is an absolute http or
// https URL: the scheme, "://" and a host.
func isAbsoluteHTTP(v string) bool {
	for _, scheme := range []string{"http://", "https://"} {
		if len(v) > len(scheme) && strings.EqualFold(v[:len(scheme)], scheme) {
			c := v[len(scheme)]
			return c != '/' && c != '?' && c != '#' && c != ' '
		}
	}
	return false
}
