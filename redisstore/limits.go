package redisstore

// This file holds the bounds of what an entry holds, written or read: a
// body is refused over its limit, since cutting it could drop or change
// rules ("half a line could turn Disallow: /private into Disallow: /p");
// a URL or error text is cut, since the Cache decides nothing by it.

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// textCut ends a URL or error text that was cut to the store's MaxText,
// so that a reader sees it is not the whole.
const textCut = "...[truncated]"

// minMaxText is the least MaxText: room for the start of a URL and the
// mark of its cut.
const minMaxText = 64

// limits are a store's bounds of an entry, its settings or their
// defaults.
type limits struct {
	body int // bytes of a body: larger is refused
	text int // bytes of a URL, final URL or error text: longer is cut when written, refused when read
}

// maxLimit is the largest MaxBody or MaxText: 512 MiB, the longest value
// Redis holds (its proto-max-bulk-len). A larger limit bounds nothing
// more, and counts as maxLimit, so that the bound on what Get reads, a
// sum of the limits, cannot wrap: MaxBody math.MaxInt made it 65,800
// bytes, and every longer value a miss.
const maxLimit = 512 << 20

// cutText returns s whole if it has at most max bytes, else its start
// and textCut in max bytes, cut between runes (its start alone where max
// leaves no room for the mark, which a Store's MaxText always does).
func cutText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	mark := textCut
	if max < len(mark) {
		mark = ""
	}
	n := max - len(mark)
	// A rune is at most utf8.UTFMax bytes: look back no further, so that
	// bytes that are not UTF-8 are cut where they are.
	for i := 0; i < utf8.UTFMax-1 && n > 0 && !utf8.RuneStart(s[n]); i++ {
		n--
	}
	return s[:n] + mark
}

// cutTexts returns e with the texts of its fetches cut to max bytes. A
// fetch with nothing to cut is e's own; one with something is a copy,
// its error replaced by one with the text cut, which keeps the text a
// Store must give back (robotshttp.Store) as far as it goes. A good copy
// that is the latest fetch stays so.
func cutTexts(e robotshttp.Entry, max int) robotshttp.Entry {
	fetch := cutFetch(e.Fetch, max)
	if e.Good == e.Fetch {
		e.Good = fetch
	} else {
		e.Good = cutFetch(e.Good, max)
	}
	e.Fetch = fetch
	return e
}

func cutFetch(f *robotshttp.Fetch, max int) *robotshttp.Fetch {
	if f == nil {
		return nil
	}
	var errText string
	if f.Err != nil {
		errText = f.Err.Error()
	}
	if len(f.URL) <= max && len(f.FinalURL) <= max && len(errText) <= max {
		return f
	}
	c := *f
	c.URL, c.FinalURL = cutText(f.URL, max), cutText(f.FinalURL, max)
	if len(errText) > max {
		c.Err = errors.New(cutText(errText, max))
	}
	return &c
}

// maxValue is the longest value encode writes within lim: the layout of
// an entry of two fetches, each with a body and three texts at their
// limits, and robotshttp.MaxEntryOverhead. It counts in int64, where limits of maxLimit sum to 4.3 GB,
// past an int of 32 bits.
func (lim limits) maxValue() int64 {
	return robotshttp.MaxEntryOverhead + 2*(int64(lim.body)+3*int64(lim.text))
}

// check reports a body of e over lim.body, or a URL, final URL or error
// text over lim.text.
func (lim limits) check(e robotshttp.Entry) error {
	for _, f := range [2]*robotshttp.Fetch{e.Fetch, e.Good} {
		if f == nil {
			continue
		}
		if len(f.Body) > lim.body {
			return fmt.Errorf("%s: body of %d bytes: %w", cutText(f.URL, lim.text), len(f.Body), errTooLarge)
		}
		var errText string
		if f.Err != nil {
			errText = f.Err.Error()
		}
		if n := max(len(f.URL), len(f.FinalURL), len(errText)); n > lim.text {
			return fmt.Errorf("%s: text of %d bytes: %w", cutText(f.URL, lim.text), n, errTooLarge)
		}
	}
	return nil
}
