package redisstore

// This file holds what a stored value is: the text of a robotshttp.Entry
// (its one versioned layout, which every Store can keep), within the
// store's bounds, written or read, so that a value read back is trusted
// no further than its limits.

import (
	"errors"
	"fmt"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// errTooLarge is a body over the store's MaxBody, or a text over its
// MaxText, written or read.
var errTooLarge = errors.New("over the size limit")

// entryTextOverhead is what robotshttp.Entry.MarshalText documents its
// text to hold, at most, besides the bodies and texts of its fetches,
// before base64.
const entryTextOverhead = 220

// encode returns e's text. Only a body or text over its limit fails it
// (a Store cuts the texts first: see cutTexts).
func encode(e robotshttp.Entry, lim limits) ([]byte, error) {
	if err := lim.check(e); err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	return e.MarshalText()
}

// maxValue is the longest value encode writes within lim: the text of an
// entry of two fetches, each with a body and three texts at their
// limits. It counts in int64, where limits of maxLimit sum to 5.7 GB,
// past an int of 32 bits.
func (lim limits) maxValue() int64 {
	n := entryTextOverhead + 2*(int64(lim.body)+3*int64(lim.text))
	return (n + 2) / 3 * 4 // base64.StdEncoding.EncodedLen(n), in int64
}

// decode reads a value that encode wrote; bodies and texts over their
// limits fail it, so that a value written by hand or by a store with
// larger limits is a miss. The value itself is no longer than maxValue
// (Get reads no more of it), so that reading it costs no more than the
// limits.
func decode(b []byte, lim limits) (robotshttp.Entry, error) {
	var e robotshttp.Entry
	if err := e.UnmarshalText(b); err != nil {
		return robotshttp.Entry{}, fmt.Errorf("redisstore: bad value: %w", err)
	}
	if err := lim.check(e); err != nil {
		return robotshttp.Entry{}, fmt.Errorf("redisstore: bad value: %w", err)
	}
	return e, nil
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
