package robotstxt

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// encodeUTF16 encodes s as UTF-16 with its byte-order mark, little-endian
// ("le") or big-endian ("be").
func encodeUTF16(s, order string) string {
	var b []byte
	if order == "le" {
		b = append(b, 0xFF, 0xFE)
	} else {
		b = append(b, 0xFE, 0xFF)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if order == "le" {
			b = append(b, byte(u), byte(u>>8))
		} else {
			b = append(b, byte(u>>8), byte(u))
		}
	}
	return string(b)
}

// TestUTF16ByteOrderMark checks what each mode makes of a file that starts
// with a UTF-16 byte-order mark: a real UTF-16 file is converted in RFC
// mode; a mark before plain ASCII (seen in peer test suites and in the
// wild) is dropped in RFC mode, which then reads every rule, and says so;
// Google mode reads both as Google's library does, which skips only
// UTF-8's mark, and says what that costs.
func TestUTF16ByteOrderMark(t *testing.T) {
	const file = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n"
	// A comment of 150 CJK characters: no 0 byte in 150 of the first
	// 256 code units.
	longComment := "#" + strings.Repeat("\u5b57", 150) + "\n"
	tests := []struct {
		source  string
		robots  string
		mode    Mode
		allowed map[string]bool // target: Allowed("foobot", target)
		codes   []Code          // the codes of the file's warnings and errors
	}{
		{"RFC 9309 section 2.2: UTF-16LE with its mark, converted", encodeUTF16(file, "le"), RFC,
			map[string]bool{"/private/a": false, "/private/press/b": true, "/": true}, []Code{CodeUTF16}},
		{"RFC 9309 section 2.2: UTF-16BE with its mark, converted", encodeUTF16(file, "be"), RFC,
			map[string]bool{"/private/a": false, "/private/press/b": true, "/": true}, []Code{CodeUTF16}},
		{"UTF-16LE whose first line is a long non-ASCII comment", encodeUTF16(longComment+file, "le"), RFC,
			map[string]bool{"/private/a": false}, []Code{CodeUTF16}},
		{"a UTF-16LE mark before ASCII: the mark is dropped", "\xff\xfe" + file, RFC,
			map[string]bool{"/private/a": false, "/private/press/b": true, "/": true}, []Code{CodeBOM}},
		{"a UTF-16BE mark before ASCII: the mark is dropped", "\xfe\xff" + file, RFC,
			map[string]bool{"/private/a": false, "/private/press/b": true, "/": true}, []Code{CodeBOM}},
		{"a UTF-16LE mark before UTF-8 with non-ASCII", "\xff\xfe# caf\u00e9\n" + file, RFC,
			map[string]bool{"/private/a": false, "/": true}, []Code{CodeBOM}},
		{"a UTF-16LE mark before ASCII with stray NULs", "\xff\xfe" + strings.Replace(file, "/private/", "/a\x00b\x00c\x00/", 1) + "Disallow: /private/\n", RFC,
			map[string]bool{"/private/a": false, "/": true}, []Code{CodeBOM, CodeNUL}},
		{"a UTF-16 mark alone", "\xff\xfe", RFC, map[string]bool{"/": true}, []Code{CodeBOM}},
		// Google's robots.cc skips a UTF-8 byte-order mark alone: the
		// bytes of a UTF-16 mark start the first line's key, which is
		// then no key it knows, so the file's first group has no
		// user-agent line and its rules belong to no group.
		{"Google's library: a UTF-16LE mark before ASCII stays in the first line", "\xff\xfe" + file, Google,
			map[string]bool{"/private/a": true, "/": true}, []Code{CodeBOM, CodeInvalidUTF8, CodeRuleOutsideGroup, CodeRuleOutsideGroup}},
		{"Google's library does not read UTF-16", encodeUTF16(file, "le"), Google,
			map[string]bool{"/private/a": true}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			r := Options{Mode: tt.mode}.Parse([]byte(tt.robots))
			for target, want := range tt.allowed {
				if got := r.Allowed("foobot", target); got != want {
					t.Errorf("Allowed(%q, %q) = %v, want %v", "foobot", target, got, want)
				}
			}
			var codes []Code
			for _, d := range r.Diagnostics() {
				if d.Severity >= Warning {
					codes = append(codes, d.Code)
				}
			}
			if tt.codes != nil && !slices.Equal(codes, tt.codes) {
				t.Errorf("warnings and errors %q, want %q", codes, tt.codes)
			}
		})
	}
}
