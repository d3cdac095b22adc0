package robotstxt

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A Diagnostic is a problem found in a robots.txt file: something a
// webmaster should fix, or something a crawler read in a way the file's
// author may not have meant.
type Diagnostic struct {
	Line     int // 1-based line number
	Severity Severity
	Code     string // stable identifier, one of the Code constants
	Message  string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%d: %s: %s [%s]", d.Line, d.Severity, d.Message, d.Code)
}

// Severity ranks diagnostics.
type Severity uint8

const (
	// Info marks something legal that some crawlers misread.
	Info Severity = iota
	// Warning marks a line that was read in a way its author may not have
	// meant, or ignored.
	Warning
	// Error marks rules that are lost: they apply to no crawler or were
	// never read.
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", uint8(s))
}

// Diagnostic codes. They are stable: tools may filter on them.
const (
	CodeBOM              = "bom"                // a byte-order mark was skipped
	CodeUTF16            = "utf-16"             // a UTF-16 file was converted (RFC mode)
	CodeNUL              = "nul-byte"           // a NUL byte cut a line short
	CodeLineTooLong      = "line-too-long"      // Google mode cut a line at 16663 bytes
	CodeTruncated        = "truncated"          // the file exceeded the size limit
	CodeTooLarge         = "too-large"          // the patterns exceeded what one parse holds
	CodeKeyTypo          = "key-typo"           // a misspelt or extended key was accepted
	CodeMissingColon     = "missing-colon"      // "key value" was read as "key: value"
	CodeNotKeyValue      = "not-key-value"      // a line that is not "key: value" was ignored
	CodeUnknownKey       = "unknown-key"        // a key this library does not know
	CodeRuleOutsideGroup = "rule-outside-group" // a rule before any user-agent line
	CodeAgentToken       = "agent-token"        // a user-agent value was cut to its product token
	CodeBadValue         = "bad-value"          // an extension's value was invalid and ignored
	CodeDuplicate        = "duplicate"          // a record repeats an earlier one
	CodeOutsideGroup     = "outside-group"      // a group record before any user-agent line
	CodeConflict         = "conflicting-values" // merged groups disagree on a record
	CodeAgentWildcard    = "agent-wildcard"     // a '*' inside a user-agent value
	CodeSeveralPaths     = "several-paths"      // a rule value with spaces in it
	CodeNoSlash          = "no-leading-slash"   // a pattern that can never match
	CodeEOLComment       = "eol-comment"        // a comment after a value
	CodeLeadingSpace     = "leading-space"      // a line that starts with whitespace
	CodeInvalidUTF8      = "invalid-utf8"       // a line that is not UTF-8
	CodeEmptyFile        = "empty-file"         // nothing at all
	CodeNotRobotsTxt     = "not-robots-txt"     // HTML or other text, not robots.txt
	CodeNeverDecides     = "never-decides"      // a rule another rule always outranks
)

// notes holds a file's diagnostics in the compact form parsing records
// them: a file can draw one per line, and a formatted Diagnostic costs a
// hundred bytes or more, most of them the same words each time. A note is
// 12 bytes plus its arguments; its message is formatted when
// [Robots.Diagnostics] is called.
type notes struct {
	list []note
	args []byte // the notes' arguments, each list prefixed by its count
	full bool   // args reached maxPatternText: later notes are dropped
}

type noteKind struct {
	sev          Severity
	code, format string
}

// noteWriter adds notes, with a cache of the kinds it has used (see
// kindOf), so that most reports find theirs without the shared table. The
// cache is not kept with the notes.
type noteWriter struct {
	notes
	seen []seenKind
}

type seenKind struct {
	kind noteKind
	id   uint16
}

// noteKinds is the table of the kinds of note, shared by all parsed files
// so that none keeps a copy: each kind's severity, code and format are
// constants of this package, so it holds a few dozen entries at most. It
// only grows; readers load it without a lock.
var noteKinds struct {
	mu   sync.Mutex
	list atomic.Pointer[[]noteKind]
}

// kindOf returns the index of k in noteKinds, adding it if it is new.
func kindOf(k noteKind) uint16 {
	find := func() (uint16, bool) {
		if l := noteKinds.list.Load(); l != nil {
			for i := range *l {
				if (*l)[i] == k {
					return uint16(i), true
				}
			}
		}
		return 0, false
	}
	if id, ok := find(); ok {
		return id
	}
	noteKinds.mu.Lock()
	defer noteKinds.mu.Unlock()
	if id, ok := find(); ok {
		return id
	}
	var l []noteKind
	if old := noteKinds.list.Load(); old != nil {
		l = slices.Clone(*old)
	}
	l = append(l, k)
	noteKinds.list.Store(&l)
	return uint16(len(l) - 1)
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
// crawlers with versions ("FooBot/1.2") keeps its notes on them small.
type tokenRef struct {
	tok   uint32
	n     int
	value string
}

type note struct {
	line int32
	kind uint16
	args uint32 // offset of the note's arguments in notes.args
}

// add records a diagnostic whose message is fmt.Sprintf(format, args...).
// Arguments are strings, ints, textRefs (a string the file's ruleText
// holds) or tokenRefs; they do not escape, so passing them allocates
// nothing.
//
// The arguments of all notes are bounded like patterns, by maxPatternText
// bytes: the note that would pass the bound is replaced by one that says
// so, and later notes are dropped. Only a file parsed without a size limit
// can reach it.
func (n *noteWriter) add(line int, sev Severity, code, format string, args ...any) {
	if n.full {
		return
	}
	start := len(n.args)
	n.record(line, sev, code, format, args)
	if len(n.args) > maxPatternText {
		n.full = true
		n.list = n.list[:len(n.list)-1]
		n.args = n.args[:start]
		n.record(line, Error, CodeTooLarge, "the file draws more diagnostics than one parsed file holds; this one and the later ones are left out", nil)
	}
}

func (n *noteWriter) record(line int, sev Severity, code, format string, args []any) {
	kind := noteKind{sev, code, format}
	k := 0
	for k < len(n.seen) && n.seen[k].kind != kind {
		k++
	}
	if k == len(n.seen) {
		n.seen = append(n.seen, seenKind{kind, kindOf(kind)})
	}
	n.list = append(n.list, note{line: int32(line), kind: n.seen[k].id, args: uint32(len(n.args))})
	n.args = append(n.args, byte(len(args)))
	prev := ""
	for _, a := range args {
		switch a := a.(type) {
		case int:
			n.args = append(n.args, 'd')
			n.args = binary.AppendVarint(n.args, int64(a))
		case string:
			if a != "" && strings.HasPrefix(prev, a) {
				// A user-agent value and its product token: the token is
				// kept as the length of the prefix it is.
				n.args = append(n.args, 'p')
				n.args = binary.AppendUvarint(n.args, uint64(len(a)))
				continue
			}
			n.args = appendText(n.args, a)
			prev = a
		case tokenRef:
			n.args = append(n.args, 't')
			n.args = binary.AppendUvarint(n.args, uint64(a.tok))
			n.args = binary.AppendUvarint(n.args, uint64(len(a.value)-a.n))
			n.args = append(n.args, a.value[a.n:]...)
			prev = a.value
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
	kinds := *noteKinds.list.Load()
	out := make([]Diagnostic, len(n.list))
	var args []any
	for i, nt := range n.list {
		k := kinds[nt.kind]
		b := n.args[nt.args:]
		count := int(b[0])
		b = b[1:]
		args = args[:0]
		prev := ""
		for range count {
			tag := b[0]
			b = b[1:]
			switch tag {
			case 'd':
				v, w := binary.Varint(b)
				args = append(args, int(v))
				b = b[w:]
			case 'p':
				l, w := binary.Uvarint(b)
				args = append(args, prev[:l])
				b = b[w:]
			case 't':
				i, w1 := binary.Uvarint(b)
				l, w2 := binary.Uvarint(b[w1:])
				b = b[w1+w2:]
				prev = token(uint32(i)) + string(b[:l])
				args = append(args, prev)
				b = b[l:]
			case 'a', 'w':
				off, w1 := binary.Uvarint(b)
				l, w2 := binary.Uvarint(b[w1:])
				b = b[w1+w2:]
				s := text.arena
				if tag == 'w' {
					s = text.writtenText()
				}
				prev = s[off : off+l]
				args = append(args, prev)
			default:
				l, w := binary.Uvarint(b)
				prev = string(b[w : w+int(l)])
				args = append(args, prev)
				b = b[w+int(l):]
			}
		}
		msg := k.format
		if count > 0 {
			msg = fmt.Sprintf(k.format, args...)
		}
		out[i] = Diagnostic{Line: int(nt.line), Severity: k.sev, Code: k.code, Message: msg}
	}
	return out
}
