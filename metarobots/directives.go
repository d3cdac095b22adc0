// Package metarobots reads the page-level robots rules of a fetched page:
// <meta name="robots"> tags in its HTML head ([FromHTML]), X-Robots-Tag
// response headers ([FromHeader]), and rel="nofollow" on links
// ([IsNoFollow]). robots.txt says what a crawler may fetch; these say what
// it may do with what it fetched.
//
// Names and values compare case-insensitively. A crawler is given by its
// names: each a name ("googlebot"), a name with its version
// ("Googlebot/2.1") or its whole User-Agent header, read as the root
// package reads a caller's name in RFC mode (a browser-style header by the
// crawler it names in a comment, "Mozilla/5.0 (compatible; Googlebot/2.1;
// +url)"). Where several tags or
// headers apply, the most restrictive value of each directive wins, as
// search engines combine them. All functions are safe for concurrent use.
package metarobots

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Directives are the page-level rules that apply to one crawler. The zero
// value restricts nothing.
type Directives struct {
	NoIndex         bool // do not show the page in results
	NoFollow        bool // do not follow the page's links
	NoArchive       bool // do not show a cached copy
	NoSnippet       bool // do not show a text snippet or video preview
	NoImageIndex    bool // do not index the page's images
	NoTranslate     bool // do not offer a translation
	IndexIfEmbedded bool // index the page's content when embedded elsewhere, despite NoIndex

	MaxSnippet      Limit        // longest text snippet, in characters
	MaxImagePreview ImagePreview // largest image preview
	MaxVideoPreview Limit        // longest video preview, in seconds

	// UnavailableAfter is the time after which the page should no longer
	// be shown; the zero time means never. A date is read in one of the
	// formats of RFC 822, RFC 850, RFC 1123 or ISO 8601, in at most
	// MaxDateBytes bytes. Its instant never depends on the machine's zone:
	// a date without a zone is UTC, the US zone abbreviations (EST, EDT,
	// CST, CDT, MST, MDT, PST, PDT) have their RFC 822 offsets, GMT and
	// UTC none, and another abbreviation is read as UTC.
	UnavailableAfter time.Time

	// Unknown holds the directives not understood here, lower-cased, in
	// order of appearance and without repeats: at most MaxUnknown of them.
	Unknown []string
	// UnknownOmitted counts the unknown directives left out of Unknown
	// because it already held MaxUnknown values, repeats included.
	UnknownOmitted int
}

// MaxUnknown bounds Directives.Unknown. A page or header may list any
// number of distinct made-up directives; keeping them all would let one
// page cost memory, and checking each new one against the others time,
// in proportion to the square of its length. With the bound, reading is
// linear in the input (BenchmarkFromHTMLUnknown).
const MaxUnknown = 64

// A Limit is an upper bound. Its zero value means no limit, as does the
// value -1 in a tag ("max-snippet:-1").
type Limit struct {
	N   int  // the bound, when Set
	Set bool // whether there is a bound
}

func (l Limit) min(o Limit) Limit {
	switch {
	case !l.Set:
		return o
	case !o.Set || l.N <= o.N:
		return l
	}
	return o
}

// ImagePreview is the value of max-image-preview: "none", "standard" or
// "large". The empty value means no limit, which is the same as "large".
type ImagePreview string

// Image preview sizes, from the most restrictive.
const (
	ImagePreviewNone     ImagePreview = "none"
	ImagePreviewStandard ImagePreview = "standard"
	ImagePreviewLarge    ImagePreview = "large"
)

func (p ImagePreview) rank() int {
	switch p {
	case ImagePreviewNone:
		return 0
	case ImagePreviewStandard:
		return 1
	}
	return 2
}

// Merge returns the directives that hold when both d and o apply: each
// restriction of either, the smaller of each limit, the earlier
// unavailable_after time.
func (d Directives) Merge(o Directives) Directives {
	m := d
	m.NoIndex = d.NoIndex || o.NoIndex
	m.NoFollow = d.NoFollow || o.NoFollow
	m.NoArchive = d.NoArchive || o.NoArchive
	m.NoSnippet = d.NoSnippet || o.NoSnippet
	m.NoImageIndex = d.NoImageIndex || o.NoImageIndex
	m.NoTranslate = d.NoTranslate || o.NoTranslate
	m.IndexIfEmbedded = d.IndexIfEmbedded || o.IndexIfEmbedded
	m.MaxSnippet = d.MaxSnippet.min(o.MaxSnippet)
	m.MaxVideoPreview = d.MaxVideoPreview.min(o.MaxVideoPreview)
	m.MaxImagePreview = d.MaxImagePreview.min(o.MaxImagePreview)
	if !o.UnavailableAfter.IsZero() && (d.UnavailableAfter.IsZero() || o.UnavailableAfter.Before(d.UnavailableAfter)) {
		m.UnavailableAfter = o.UnavailableAfter
	}
	m.Unknown = slices.Clone(d.Unknown)
	m.UnknownOmitted += o.UnknownOmitted
	for _, u := range o.Unknown {
		m.addUnknown(u)
	}
	return m
}

// min returns the more restrictive of two previews.
func (p ImagePreview) min(o ImagePreview) ImagePreview {
	if o != "" && (p == "" || o.rank() < p.rank()) {
		return o
	}
	return p
}

// addUnknown adds s to d.Unknown unless it is there already, or counts it
// in d.UnknownOmitted when the list is full. The scan for a repeat costs
// at most MaxUnknown comparisons, whatever the length of the input.
func (d *Directives) addUnknown(s string) {
	switch {
	case slices.Contains(d.Unknown, s):
	case len(d.Unknown) >= MaxUnknown:
		d.UnknownOmitted++
	default:
		d.Unknown = append(d.Unknown, s)
	}
}

// parseList reads a directive list such as "noindex, max-snippet:20" or
// "noindex nofollow" into d. Items are separated by commas or whitespace;
// a name and its value are separated by ':', with optional whitespace
// after it.
func (d *Directives) parseList(s string) {
	words := splitWords(s)
	for i := 0; i < len(words); i++ {
		raw := words[i]
		name, value, hasValue := strings.Cut(raw, ":")
		name = strings.ToLower(strings.TrimSpace(name))
		if hasValue && value == "" && i+1 < len(words) && !isDirectiveName(words[i+1]) {
			i++ // "max-snippet: 20": the value is the next word
			value = words[i]
			raw += " " + value
		}
		if name == "unavailable_after" {
			// A date may contain spaces and commas: take the longest run of
			// the following words (up to a few) that makes a date.
			t, used, ok := parseDateWords(value, words[i+1:])
			if !ok {
				d.addUnknown(strings.ToLower(raw))
				continue
			}
			d.setUnavailableAfter(t)
			i += used
			continue
		}
		if !d.set(name, strings.ToLower(strings.TrimSpace(value)), hasValue) {
			d.addUnknown(strings.ToLower(raw))
		}
	}
}

// splitWords splits at commas and whitespace, dropping empty words.
func splitWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	})
}

var valueNames = []string{"max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"}

var flagNames = []string{"all", "none", "index", "follow", "noindex", "nofollow", "noarchive", "nocache",
	"nosnippet", "noimageindex", "notranslate", "indexifembedded"}

func isDirectiveName(w string) bool {
	name, _, _ := strings.Cut(strings.ToLower(w), ":")
	return slices.Contains(valueNames, name) || slices.Contains(flagNames, name)
}

// set applies one directive and reports whether it was understood.
func (d *Directives) set(name, value string, hasValue bool) bool {
	if !hasValue {
		switch name {
		case "all", "index", "follow":
			// Permissive: the defaults, which never undo a restriction.
		case "none":
			d.NoIndex, d.NoFollow = true, true
		case "noindex":
			d.NoIndex = true
		case "nofollow":
			d.NoFollow = true
		case "noarchive", "nocache":
			d.NoArchive = true
		case "nosnippet":
			d.NoSnippet = true
		case "noimageindex":
			d.NoImageIndex = true
		case "notranslate":
			d.NoTranslate = true
		case "indexifembedded":
			d.IndexIfEmbedded = true
		default:
			return false
		}
		return true
	}
	switch name {
	case "max-snippet", "max-video-preview":
		n, err := strconv.Atoi(value)
		if err != nil || n < -1 {
			return false
		}
		l := Limit{}
		if n >= 0 {
			l = Limit{N: n, Set: true}
		}
		if name == "max-snippet" {
			d.MaxSnippet = d.MaxSnippet.min(l)
		} else {
			d.MaxVideoPreview = d.MaxVideoPreview.min(l)
		}
	case "max-image-preview":
		p := ImagePreview(value)
		if p != ImagePreviewNone && p != ImagePreviewStandard && p != ImagePreviewLarge {
			return false
		}
		d.MaxImagePreview = d.MaxImagePreview.min(p)
	default:
		return false
	}
	return true
}

func (d *Directives) setUnavailableAfter(t time.Time) {
	if d.UnavailableAfter.IsZero() || t.Before(d.UnavailableAfter) {
		d.UnavailableAfter = t
	}
}

// String returns d as a directive list in a fixed order, as a tag's
// content would say it ("noindex, max-snippet:20"), or "all" when d
// restricts nothing.
func (d Directives) String() string {
	var parts []string
	for _, f := range []struct {
		on   bool
		name string
	}{
		{d.NoIndex, "noindex"}, {d.NoFollow, "nofollow"}, {d.NoArchive, "noarchive"},
		{d.NoSnippet, "nosnippet"}, {d.NoImageIndex, "noimageindex"},
		{d.NoTranslate, "notranslate"}, {d.IndexIfEmbedded, "indexifembedded"},
	} {
		if f.on {
			parts = append(parts, f.name)
		}
	}
	if d.MaxSnippet.Set {
		parts = append(parts, "max-snippet:"+strconv.Itoa(d.MaxSnippet.N))
	}
	if d.MaxImagePreview != "" {
		parts = append(parts, "max-image-preview:"+string(d.MaxImagePreview))
	}
	if d.MaxVideoPreview.Set {
		parts = append(parts, "max-video-preview:"+strconv.Itoa(d.MaxVideoPreview.N))
	}
	if !d.UnavailableAfter.IsZero() {
		parts = append(parts, "unavailable_after: "+d.UnavailableAfter.Format(time.RFC3339))
	}
	parts = append(parts, d.Unknown...)
	if len(parts) == 0 {
		return "all"
	}
	return strings.Join(parts, ", ")
}
