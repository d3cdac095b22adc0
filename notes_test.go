package robotstxt

import (
	"fmt"
	"testing"
)

// TestAppendMessage checks that each kind of note is worded as
// fmt.Sprintf words it, with arguments that need quoting, and that a
// format appendMessage does not know is left to fmt.
func TestAppendMessage(t *testing.T) {
	for kind, k := range noteKinds {
		var args []any
		for i := 0; i < len(k.format); i++ {
			if k.format[i] != '%' {
				continue
			}
			i++
			if k.format[i] == '[' {
				continue // "%[2]s" repeats an argument
			}
			switch k.format[i] {
			case 'd':
				args = append(args, -42-i)
			default:
				args = append(args, fmt.Sprintf("a\"é\x01\t%d/*$", i))
			}
		}
		if len(args) == 0 {
			continue
		}
		want := fmt.Sprintf(k.format, args...)
		got, ok := appendMessage([]byte("x"), k.format, args)
		if !ok || string(got) != "x"+want {
			t.Errorf("appendMessage(%q) of note kind %d = %q, %v, want %q, true", k.format, kind, got, ok, "x"+want)
		}
	}
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"%d", []any{"s"}},
		{"%s", []any{1}},
		{"%x", []any{1}},
		{"%s %s", []any{"a"}},
		{"%s", []any{"a", "b"}},
		{"%[3]s", []any{"a"}},
		{"50%", []any{"a"}},
		{"%v", []any{1.5}},
	} {
		if got, ok := appendMessage([]byte("x"), c.format, c.args); ok || string(got) != "x" {
			t.Errorf("appendMessage(%q, %v) = %q, %v, want %q, false", c.format, c.args, got, ok, "x")
		}
	}
}
