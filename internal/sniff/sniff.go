// Package sniff tells what a robots.txt body is before it is read as
// lines: UTF-16, a byte-order mark, or an HTML page served as robots.txt.
package sniff

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// BOM is UTF-8's byte-order mark.
const BOM = "\xEF\xBB\xBF"

// SkipBOM returns src without a leading byte-order mark, or a leading
// part of one, and whether it had one. Elsewhere its bytes are content.
func SkipBOM(src string) (string, bool) {
	i := 0
	for i < len(src) && i < len(BOM) && src[i] == BOM[i] {
		i++
	}
	return src[i:], i > 0
}

// utf16Sniff is how many code units after a UTF-16 byte-order mark
// plausiblyUTF16 looks at.
const utf16Sniff = 256

// UTF16Mark returns the byte order a leading UTF-16 byte-order mark names:
// "le" for FF FE, "be" for FE FF, "" for none.
func UTF16Mark(s string) string {
	switch {
	case len(s) < 2:
	case s[0] == 0xFF && s[1] == 0xFE:
		return "le"
	case s[0] == 0xFE && s[1] == 0xFF:
		return "be"
	}
	return ""
}

// plausiblyUTF16 reports whether body, which follows a UTF-16 byte-order
// mark, reads as UTF-16 in that order: whether at least a quarter of its
// first utf16Sniff code units (all of them, when it has fewer) have a 0
// high byte. A robots.txt file's keys, paths and line ends are ASCII,
// which UTF-16 writes with a 0 byte beside each, so even a UTF-16 file
// that opens with a long comment in another script passes; UTF-8 text
// has no 0 byte but a stray NUL, so a UTF-16 mark before ASCII or UTF-8
// text (seen in peer test suites and in the wild) does not.
func plausiblyUTF16(body, order string) bool {
	units := min(len(body)/2, utf16Sniff)
	if units == 0 {
		return false
	}
	high := 1 // the high byte's offset within a unit
	if order == "be" {
		high = 0
	}
	zero := 0
	for i := range units {
		if body[2*i+high] == 0 {
			zero++
		}
	}
	return 4*zero >= units
}

// DecodeUTF16 converts a body that starts with a UTF-16 byte-order mark,
// and is plausibly UTF-16 (see plausiblyUTF16), to UTF-8. RFC 9309
// section 2.2 asks for UTF-8, but servers do send UTF-16, and read as
// UTF-8 such a file has no usable line; RFC mode reads it, Google mode
// (like Google's parser) does not. ok is false when s has no such mark
// or is not UTF-16 after it.
func DecodeUTF16(s string) (string, bool) {
	order := UTF16Mark(s)
	if order == "" || !plausiblyUTF16(s[2:], order) {
		return "", false
	}
	var unit func(a, b byte) uint16
	if order == "be" {
		unit = func(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }
	} else {
		unit = func(a, b byte) uint16 { return uint16(b)<<8 | uint16(a) }
	}
	units := make([]uint16, 0, len(s)/2-1)
	for i := 2; i+1 < len(s); i += 2 {
		units = append(units, unit(s[i], s[i+1]))
	}
	b := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		b = utf8.AppendRune(b, r)
	}
	return string(b), true
}

// LooksLikeHTML reports whether src is an HTML page (an error page or a
// site's home page served as robots.txt): whether its first 1 KiB, past
// a byte-order mark and blanks, opens with a tag that starts a page.
func LooksLikeHTML(src string) bool {
	head := strings.TrimPrefix(src[:min(len(src), 1024)], BOM)
	i := 0
	for i < len(head) && isSpace(head[i]) {
		i++
	}
	if i == len(head) || head[i] != '<' {
		return false // HTML served as robots.txt starts with a tag
	}
	head = head[i:]
	for _, tag := range []string{"<!doctype html", "<html", "<head", "<body", "<?xml", "<div", "<p>", "<meta"} {
		if len(head) >= len(tag) && strings.EqualFold(head[:len(tag)], tag) {
			return true
		}
	}
	return strings.Contains(strings.ToLower(head), "<body")
}

// isSpace reports whether c is a blank as robots.txt reads one: a space
// or a control octet from tab to carriage return.
func isSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t'
}
