package metarobots

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rfc9309/robotstxt/internal/agentname"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DefaultMaxBytes is how much of a page [FromHTML] reads when
// Options.MaxBytes is 0: 1 MiB. Robots meta tags belong in the head, which
// is far smaller.
const DefaultMaxBytes = 1 << 20

// Options controls reading. The zero value reads at most DefaultMaxBytes.
type Options struct {
	// MaxBytes is the most of a page that is read: 0 means DefaultMaxBytes,
	// a negative value means no limit.
	MaxBytes int
}

// FromHTML reads the robots meta tags of an HTML page with the default
// options; see [Options.FromHTML].
func FromHTML(r io.Reader, agents ...string) (Directives, error) {
	return Options{}.FromHTML(r, agents...)
}

// FromHTML reads the robots meta tags of an HTML page:
// <meta name="robots" content="..."> and <meta name="TOKEN" content="...">
// for each of agents, the crawler's names as the package comment says,
// combining all that apply. It
// stops where the body starts: at the <body> tag, or, after the end of the
// head, at the first tag or text that the HTML parser puts in the body; a
// meta tag between </head> and <body> is in the head (HTML Living
// Standard section 13.2.6.4.6). It reads no more than o.MaxBytes bytes,
// so a huge page costs no more than its head. Malformed HTML yields what
// can be read; the only errors are r's, wrapped.
func (o Options) FromHTML(r io.Reader, agents ...string) (Directives, error) {
	limit := o.MaxBytes
	if limit == 0 {
		limit = DefaultMaxBytes
	}
	if limit > 0 {
		r = io.LimitReader(r, int64(limit))
	}
	var d Directives
	z := html.NewTokenizer(r)
	// afterHead: </head> has been seen; raw: the text that follows is a
	// title's, a script's or a style's, which is no content of the body.
	afterHead, raw := false, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return d, fmt.Errorf("metarobots: reading HTML: %w", err)
			}
			return d, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			switch {
			case a == atom.Body:
				return d, nil
			case a == atom.Meta:
				if hasAttr {
					readMeta(z, &d, agents)
				}
			case afterHead && !inHeadAfterHead(a):
				return d, nil // the parser starts the body here
			}
			raw = isRawText(a)
		case html.EndTagToken:
			raw = false
			if name, _ := z.TagName(); atom.Lookup(name) == atom.Head {
				afterHead = true
			}
		case html.TextToken:
			if afterHead && !raw && len(bytes.TrimLeft(z.Text(), htmlSpace)) > 0 {
				return d, nil // text starts the body
			}
		}
	}
}

// htmlSpace is the white space of HTML, which the parser skips between
// </head> and the body (HTML Living Standard section 13.2.6.4.6).
const htmlSpace = "\t\n\f\r "

// readMeta applies one <meta> tag whose name is "robots" or one of agents.
func readMeta(z *html.Tokenizer, d *Directives, agents []string) {
	var name, content string
	var hasContent bool
	for {
		key, val, more := z.TagAttr()
		switch strings.ToLower(string(key)) {
		case "name":
			name = strings.TrimSpace(string(val))
		case "content":
			content, hasContent = string(val), true
		}
		if !more {
			break
		}
	}
	if hasContent && appliesTo(name, agents) {
		d.parseList(content)
	}
}

// appliesTo reports whether a tag or header addressed to name applies to a
// crawler that answers to agents: "robots" addresses every crawler. Names
// compare case-insensitively, as Google's robots meta tag documentation
// says, and exactly. An agent is read as the root package reads a
// caller's name in RFC mode (see robotstxt.Robots.Group): a name, a name
// with its version ("Googlebot/2.1") or a whole User-Agent header,
// a browser-style one read as the crawler it names in a comment
// ("Mozilla/5.0 (compatible; Googlebot/2.1; +url)").
func appliesTo(name string, agents []string) bool {
	if strings.EqualFold(name, "robots") {
		return true
	}
	for _, a := range agents {
		if a := agentname.Caller(a); a != "" && strings.EqualFold(name, a) {
			return true
		}
	}
	return false
}

// inHeadAfterHead reports whether the HTML parser, after </head>, still
// puts a start tag in the head, or ignores it (HTML Living Standard
// section 13.2.6.4.6); any other starts the body.
func inHeadAfterHead(a atom.Atom) bool {
	switch a {
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
		atom.Script, atom.Style, atom.Template, atom.Title, atom.Head, atom.Html:
		return true
	}
	return false
}

// isRawText reports whether the tokenizer reads the text of element a as
// one text token, which after </head> is the head's, not the body's.
func isRawText(a atom.Atom) bool {
	return a == atom.Title || a == atom.Script || a == atom.Style || a == atom.Noframes
}
