package redisstore

// This file holds what a stored value is: the layout of a
// robotshttp.Entry (its one versioned layout, which every Store can
// keep), within the store's bounds, written or read, so that a value
// read back is trusted no further than its limits. MarshalText gives the
// layout as base64 text, for encoding/json; Redis keeps bytes, and the
// layout's own bytes cost a quarter less than its text.

import (
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// errTooLarge is a body over the store's MaxBody, or a text over its
// MaxText, written or read, or a value longer than maxValue.
var errTooLarge = errors.New("over the size limit")

// entryTextOverhead is what robotshttp.Entry.MarshalText documents its
// layout to hold, at most, besides the bodies and texts of its fetches:
// the base64 text is EncodedLen of it and them, and the layout, the
// value, it and them.
const entryTextOverhead = 220

// encode returns e's layout, the base64 text of MarshalText decoded.
// Only a body or text over its limit fails it (a Store cuts the texts
// first: see cutTexts).
func encode(e robotshttp.Entry, lim limits) ([]byte, error) {
	if err := lim.check(e); err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	text, err := e.MarshalText()
	if err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	b := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(b, text)
	if err != nil {
		return nil, fmt.Errorf("redisstore: entry text: %w", err)
	}
	return b[:n], nil
}

// maxValue is the longest value encode writes within lim: the layout of
// an entry of two fetches, each with a body and three texts at their
// limits. It counts in int64, where limits of maxLimit sum to 4.3 GB,
// past an int of 32 bits.
func (lim limits) maxValue() int64 {
	return entryTextOverhead + 2*(int64(lim.body)+3*int64(lim.text))
}

// heldValue is the bytes of the array that the bodies of an entry
// decoded from a value of n bytes share: UnmarshalText decodes the
// value's base64 text into an array of DecodedLen bytes, which is n and
// up to the two bytes the text's padding stands for.
func heldValue(n int) int64 {
	return int64(base64.StdEncoding.DecodedLen(base64.StdEncoding.EncodedLen(n)))
}

// decode reads a value that encode wrote; a value longer than maxValue,
// or bodies and texts over their limits, fail it, so that a value
// written by hand or by a store with larger limits is a miss. A value
// over maxValue is not decoded at all (Get reads one byte more than
// maxValue, to see it), so that reading it costs no more than the
// limits. A value of the base64 text that MarshalText writes, as an
// earlier version of this package stored, does not decode either.
func decode(b []byte, lim limits) (robotshttp.Entry, error) {
	if n := int64(len(b)); n > lim.maxValue() {
		return robotshttp.Entry{}, fmt.Errorf("redisstore: bad value: more than %d bytes: %w", lim.maxValue(), errTooLarge)
	}
	text := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(text, b)
	var e robotshttp.Entry
	if err := e.UnmarshalText(text); err != nil {
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
