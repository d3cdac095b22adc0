package robotstxt

import "fmt"

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
