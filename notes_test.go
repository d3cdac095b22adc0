package robotstxt

import (
	"fmt"
	"strings"
	"testing"
	"time"
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

// BenchmarkAgentNotes records the notes that user-agent lines with a
// version or a comment draw ("FooBot/1.2" is matched as "FooBot"), for
// the files of the corpus that have most of them, and reports the bytes
// their arguments take (args-B). tokenRef is how the parser records them,
// keeping of the value only what follows the token the file keeps
// anyway; general forces the plain encoding, both strings whole.
func BenchmarkAgentNotes(b *testing.B) {
	for _, file := range []string{"026_www.koreanair.com.txt", "027_www.brainyquote.com.txt", "090_elpais.com.txt"} {
		type agent struct{ value, tok string }
		var agents []agent
		d := RFC.dialect()
		for _, line := range strings.Split(string(corpusFile(b, file)), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "user-agent") {
				continue
			}
			v = strings.TrimSpace(v)
			if tok := d.lineName(v); tok != "" && tok != v && !strings.Contains(v, "*") {
				agents = append(agents, agent{v, tok})
			}
		}
		for _, enc := range []string{"tokenRef", "general"} {
			b.Run(file+"/"+enc, func(b *testing.B) {
				var n notes
				for b.Loop() {
					n.reset()
					w := noteWriter{notes: &n, max: defaultLimits.text}
					for i, a := range agents {
						if enc == "general" {
							w.add(i, noteAgentName, a.value, a.tok)
							continue
						}
						w.add(i, noteAgentName, tokenRef{tok: uint32(i), n: len(a.tok), value: a.value}, tokenRef{tok: uint32(i), n: len(a.tok), value: a.tok})
					}
				}
				b.ReportMetric(float64(len(n.args)), "args-B")
			})
		}
	}
}

// TestNoteArguments parses the corpus in both modes, and with a limit
// that cuts most files, and checks that no diagnostic is a format left
// unfilled: appendMessage formats every note the parser and the checks
// record, with the arguments they pass.
func TestNoteArguments(t *testing.T) {
	unfilled := make(map[string]bool)
	for _, k := range noteKinds {
		if strings.Contains(k.format, "%") {
			unfilled[k.format] = true
		}
	}
	formatted := 0
	for _, f := range corpus(t) {
		for _, o := range []Options{{}, {Mode: Google}, {MaxBytes: 2000}} {
			for _, d := range o.Parse(f.data).Diagnostics() {
				if unfilled[d.Message] {
					t.Errorf("%s, %+v: line %d: message %q left unfilled", f.name, o, d.Line, d.Message)
				}
				formatted++
			}
		}
	}
	if formatted == 0 {
		t.Fatal("the corpus drew no diagnostics")
	}
}

// TestMessagesAsFmt checks that the package's other messages read as the
// fmt formats they replace.
func TestMessagesAsFmt(t *testing.T) {
	for _, s := range []Severity{Info, Warning, Error, 3, 200} {
		var want string
		switch s {
		case Info, Warning, Error:
			want = []string{"info", "warning", "error"}[s]
		default:
			want = fmt.Sprintf("severity(%d)", uint8(s))
		}
		if got := s.String(); got != want {
			t.Errorf("Severity(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
	for _, w := range []Window{
		{Start: 0, End: 0},
		{Start: 6 * time.Hour, End: 8*time.Hour + 45*time.Minute},
		{Start: 23*time.Hour + 59*time.Minute, End: 10*time.Hour + 5*time.Minute},
		{Start: 100 * time.Hour, End: -5 * time.Minute},
	} {
		f := func(d time.Duration) string {
			return fmt.Sprintf("%02d%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
		}
		if got, want := w.String(), f(w.Start)+"-"+f(w.End); got != want {
			t.Errorf("%#v.String() = %q, want %q", w, got, want)
		}
	}
	for _, item := range []string{"ai-train=maybe", `a"é\x01=`, "=yes"} {
		_, err := parseContentSignal(item)
		if want := fmt.Sprintf("%q is not name=yes or name=no", item); err == nil || err.Error() != want {
			t.Errorf("parseContentSignal(%q) error = %v, want %q", item, err, want)
		}
	}
}
