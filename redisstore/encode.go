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
