package robotstxt

// This file tells what a body is before it is read as lines: UTF-16, a
// byte-order mark, or an HTML page served as robots.txt.

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

var bom = "\xEF\xBB\xBF"

// skipBOM returns src without a leading byte-order mark, or a leading
// part of one, and whether it had one. Elsewhere its bytes are content.
func skipBOM(src string) (string, bool) {
	i := 0
	for i < len(src) && i < len(bom) && src[i] == bom[i] {
		i++
	}
	return src[i:], i > 0
}

// decodeUTF16 converts a body that starts with a UTF-16 byte-order mark to
// UTF-8. RFC 9309 section 2.2 asks for UTF-8, but servers do send UTF-16,
// and read as UTF-8 such a file has no usable line; RFC mode reads it,
// Google mode (like Google's parser) does not.
func decodeUTF16(s string) (string, bool) {
	if len(s) < 2 {
		return "", false
	}
	var order func(a, b byte) uint16
	switch {
	case s[0] == 0xFE && s[1] == 0xFF:
		order = func(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }
	case s[0] == 0xFF && s[1] == 0xFE:
		order = func(a, b byte) uint16 { return uint16(b)<<8 | uint16(a) }
	default:
		return "", false
	}
	units := make([]uint16, 0, len(s)/2-1)
	for i := 2; i+1 < len(s); i += 2 {
		units = append(units, order(s[i], s[i+1]))
	}
	b := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		b = utf8.AppendRune(b, r)
	}
	return string(b), true
}

func looksLikeHTML(src string) bool {
	head := trimSpace(strings.TrimPrefix(src[:min(len(src), 1024)], bom))
	if head == "" || head[0] != '<' {
		return false // HTML served as robots.txt starts with a tag
	}
	for _, tag := range []string{"<!doctype html", "<html", "<head", "<body", "<?xml", "<div", "<p>", "<meta"} {
		if len(head) >= len(tag) && strings.EqualFold(head[:len(tag)], tag) {
			return true
		}
	}
	return strings.Contains(strings.ToLower(head), "<body")
}
