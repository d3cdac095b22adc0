package robotstxt

// This file keeps a file's diagnostics compactly while it is parsed and
// words them when they are asked for.

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// notes holds a file's diagnostics in the compact form parsing records
// them: a file can draw one per line, and a formatted Diagnostic costs a
// hundred bytes or more, most of them the same words each time. A note is
// 12 bytes plus its arguments; its message is formatted when
// [Robots.Diagnostics] is called.
type notes struct {
	list []note
	args []byte // the notes' arguments, each list prefixed by its count
	full bool   // args reached their bound: later notes are dropped
}

// reset empties n for the next parse (see parseBuffers.reset).
func (n *notes) reset() (room int) {
	n.list, n.args, n.full = emptied(n.list, &room), emptied(n.args, &room), false
	return room
}

// noteWriter adds notes to a file's notes while it is parsed.
type noteWriter struct {
	*notes
	max int // the bound on the bytes of the notes' arguments
}

// textRef is a note's argument that a parsed file keeps already: the
// text at off of its pattern arena, or of its written forms.
type textRef struct {
	written bool
	off, n  uint32
}

// tokenRef is a note's argument that starts with a user-agent token the
// parsed file keeps: the value is the token numbered tok, followed by
// value[n:], and only that rest is stored. A file that names hundreds of
// crawlers with versions ("FooBot/1.2") keeps its notes on them a third
// smaller than as plain strings (BenchmarkAgentNotes, general: the plain
// encoding).
type tokenRef struct {
	tok   uint32
	n     int
	value string
}

type note struct {
	line int32
	kind noteKind
	args uint32 // offset of the note's arguments in notes.args
}

// add records a note of kind, whose message is the kind's format with args.
// Arguments are strings, ints, textRefs (a string the file's ruleText holds)
// or tokenRefs; they do not escape, so passing them allocates nothing.
//
// The arguments of all notes are bounded like patterns, by n.max bytes: the
// note that would pass the bound is replaced by one that says so, and later
// notes are dropped. Only a file parsed without a size limit can reach it.
func (n *noteWriter) add(line int, kind noteKind, args ...any) {
	if n.full {
		return
	}
	start := len(n.args)
	n.record(line, kind, args)
	if len(n.args) > n.max {
		n.full = true
		n.list = n.list[:len(n.list)-1]
		n.args = n.args[:start]
		n.record(line, noteTooManyNotes, nil)
	}
}

func (n *noteWriter) record(line int, kind noteKind, args []any) {
	n.list = append(n.list, note{line: int32(line), kind: kind, args: uint32(len(n.args))})
	n.args = append(n.args, byte(len(args)))
	for _, a := range args {
		switch a := a.(type) {
		case int:
			n.args = append(n.args, 'd')
			n.args = binary.AppendVarint(n.args, int64(a))
		case string:
			n.args = appendText(n.args, a)
		case tokenRef:
			n.args = append(n.args, 't')
			n.args = binary.AppendUvarint(n.args, uint64(a.tok))
			n.args = binary.AppendUvarint(n.args, uint64(len(a.value)-a.n))
			n.args = append(n.args, a.value[a.n:]...)
		case textRef:
			// A rule's written form, kept by the rule already.
			tag := byte('a')
			if a.written {
				tag = 'w'
			}
			n.args = append(n.args, tag)
			n.args = binary.AppendUvarint(n.args, uint64(a.off))
			n.args = binary.AppendUvarint(n.args, uint64(a.n))
		default:
			// Only strings, ints and textRefs are passed: anything that
			// could make args escape (fmt, an interface method) would cost
			// every report an allocation per argument.
			n.args = appendText(n.args, "?")
		}
	}
}

func appendText(b []byte, s string) []byte {
	b = append(b, 's')
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// sort orders the notes by line, keeping the order of those of one line.
func (n *notes) sort() {
	slices.SortStableFunc(n.list, func(a, b note) int { return cmp.Compare(a.line, b.line) })
}

// diagnostics formats the notes; text holds the strings of their
// textRefs, and token returns the text of a tokenRef's token.
func (n *notes) diagnostics(text *ruleText, token func(i uint32) string) []Diagnostic {
	if len(n.list) == 0 {
		return nil
	}
	out := make([]Diagnostic, len(n.list))
	var args []any
	// The messages are written back to back into one buffer, sized for
	// them at once, and cut out of it: a file can draw a note per line,
	// and a string each cost more than formatting them
	// (BenchmarkManyLines, unknown-keys). The arguments' text
	// is mostly in n.args; the rest (textRefs) is a rule's pattern, a few
	// dozen octets.
	size := len(n.args)
	for _, nt := range n.list {
		size += len(noteKinds[nt.kind].format) + 32
	}
	msgs := make([]byte, 0, size)
	ends := make([]int, len(n.list))
	for i, nt := range n.list {
		k := &noteKinds[nt.kind]
		b := n.args[nt.args:]
		count := int(b[0])
		b = b[1:]
		args = args[:0]
		for range count {
			tag := b[0]
			b = b[1:]
			switch tag {
			case 'd':
				v, w := binary.Varint(b)
				args = append(args, int(v))
				b = b[w:]
			case 't':
				i, w1 := binary.Uvarint(b)
				l, w2 := binary.Uvarint(b[w1:])
				b = b[w1+w2:]
				args = append(args, token(uint32(i))+string(b[:l]))
				b = b[l:]
			case 'a', 'w':
				off, w1 := binary.Uvarint(b)
				l, w2 := binary.Uvarint(b[w1:])
				b = b[w1+w2:]
				s := text.arena
				if tag == 'w' {
					s = text.writtenText()
				}
				args = append(args, s[off:off+l])
			default:
				l, w := binary.Uvarint(b)
				args = append(args, string(b[w:w+int(l)]))
				b = b[w+int(l):]
			}
		}
		if b, ok := appendMessage(msgs, k.format, args); ok {
			msgs = b
		} else {
			// No kind's format and arguments get here
			// (TestAppendMessage, TestNoteArguments): the format
			// unfilled says more than nothing.
			msgs = append(msgs, k.format...)
		}
		ends[i] = len(msgs)
		out[i] = Diagnostic{Line: int(nt.line), Severity: k.sev, Code: k.code}
	}
	all := view(msgs) // msgs is not written again: the messages share it
	start := 0
	for i, end := range ends {
		out[i].Message = all[start:end]
		start = end
	}
	return out
}

// appendMessage appends format with args as fmt.Sprintf would, for the
// verbs the formats of noteKinds use: %s and %q of a string, %d of an int,
// and %[n]s. It reports false, having appended nothing, for anything else.
// The package does not use fmt: fmt.Sprintf costs several times as much,
// for its generality and a string per message (BenchmarkManyLines,
// unknown-keys), and fmt, with the reflect code it runs, would be about
// 170 kB of the WebAssembly module's code (wasm/README.md, "Size").
func appendMessage(b []byte, format string, args []any) ([]byte, bool) {
	start := len(b)
	next := 0 // the argument of the next verb
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			n := strings.IndexByte(format[i:], '%') // the text up to the next verb, at once
			if n < 0 {
				n = len(format) - i
			}
			b = append(b, format[i:i+n]...)
			i += n - 1
			continue
		}
		i++
		if i < len(format) && format[i] == '[' {
			// An explicit argument index of one digit: "%[2]s".
			if i+3 >= len(format) || format[i+2] != ']' || format[i+1] < '1' || format[i+1] > '9' {
				return b[:start], false
			}
			next = int(format[i+1] - '1')
			i += 3
		}
		if i >= len(format) || next >= len(args) {
			return b[:start], false
		}
		switch a := args[next].(type) {
		case string:
			switch format[i] {
			case 's':
				b = append(b, a...)
			case 'q':
				b = strconv.AppendQuote(b, a)
			default:
				return b[:start], false
			}
		case int:
			if format[i] != 'd' {
				return b[:start], false
			}
			b = strconv.AppendInt(b, int64(a), 10)
		default:
			return b[:start], false
		}
		next++
	}
	if next != len(args) {
		return b[:start], false // fmt reports extra arguments
	}
	return b, true
}
