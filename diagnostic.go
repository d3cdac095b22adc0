package robotstxt

import "strconv"

// A Diagnostic is a problem found in a robots.txt file: something a
// webmaster should fix, or something a crawler read in a way the file's
// author may not have meant.
type Diagnostic struct {
	Line     int // 1-based line number
	Severity Severity
	Code     Code
	Message  string
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
	return "severity(" + strconv.Itoa(int(s)) + ")"
}

// A Code identifies the kind of a [Diagnostic]. The codes are stable:
// tools filter on them, and JSON output carries them as strings.
type Code string

// The diagnostic codes.
const (
	CodeBOM              Code = "bom"                // a byte-order mark was skipped
	CodeUTF16            Code = "utf-16"             // a UTF-16 file was converted (RFC mode)
	CodeNUL              Code = "nul-byte"           // a NUL byte cut a line short
	CodeLineTooLong      Code = "line-too-long"      // Google mode cut a line at 16663 bytes
	CodeTruncated        Code = "truncated"          // the file exceeded the size limit
	CodeTooLarge         Code = "too-large"          // the patterns exceeded what one parse holds
	CodeKeyTypo          Code = "key-typo"           // a misspelt or extended key was accepted
	CodeMissingColon     Code = "missing-colon"      // "key value" was read as "key: value"
	CodeNotKeyValue      Code = "not-key-value"      // a line that is not "key: value" was ignored
	CodeUnknownKey       Code = "unknown-key"        // a key this library does not know
	CodeRuleOutsideGroup Code = "rule-outside-group" // a rule before any user-agent line
	CodeAgentToken       Code = "agent-token"        // a user-agent value was cut to the crawler name it is matched as
	CodeAgentNoName      Code = "agent-no-name"      // a user-agent value that names no crawler
	CodeBadValue         Code = "bad-value"          // an extension's value was invalid and ignored
	CodeDuplicate        Code = "duplicate"          // a record repeats an earlier one
	CodeOutsideGroup     Code = "outside-group"      // a group record before any user-agent line
	CodeConflict         Code = "conflicting-values" // merged groups disagree on a record
	CodeAgentWildcard    Code = "agent-wildcard"     // a '*' inside a user-agent value
	CodeSeveralPaths     Code = "several-paths"      // a rule value with spaces in it
	CodeNoSlash          Code = "no-leading-slash"   // a pattern that can never match
	CodeEOLComment       Code = "eol-comment"        // a comment after a value
	CodeLeadingSpace     Code = "leading-space"      // a line that starts with whitespace
	CodeInvalidUTF8      Code = "invalid-utf8"       // a line that is not UTF-8
	CodeEmptyFile        Code = "empty-file"         // nothing at all
	CodeNotRobotsTxt     Code = "not-robots-txt"     // HTML or other text, not robots.txt
	CodeNeverDecides     Code = "never-decides"      // a rule another rule always outranks

	// The checks webmasters expect: the parser notes Noindex lines, records
	// that split a group and blank lines in a group; package lint the rest.
	CodeNoindex            Code = "noindex"              // a Noindex, Nofollow or Noarchive line, which no crawler obeys
	CodeGlobalNotInherited Code = "global-not-inherited" // a named group that drops the "*" group's disallows
	CodeCrawlDelayGoogle   Code = "crawl-delay-google"   // a Crawl-delay that Googlebot ignores
	CodeMatchesAnywhere    Code = "matches-anywhere"     // "*.pdf": any path containing ".pdf"
	CodeBlocksResources    Code = "blocks-resources"     // CSS, JavaScript or images closed to search engines
	CodeSiteClosed         Code = "site-closed"          // "Disallow: /" for every crawler
	CodeSensitivePath      Code = "sensitive-path"       // a listed path that looks private
	CodeBlankLineInGroup   Code = "blank-line-in-group"  // rules after a blank line, with no user-agent line between
	CodeGlobalRepeated     Code = "global-repeated"      // a second "User-agent: *" group, which some parsers never read
	CodeRecordSplitsGroup  Code = "record-splits-group"  // a record between user-agent lines, where some parsers end the group
	CodeEmptyDisallow      Code = "empty-disallow"       // a named group whose only rule, "Disallow:", allows what it would without the group
	CodeGroupWithoutRules  Code = "group-without-rules"  // user-agent lines with no rule after them, which free their crawlers of the "*" group
	CodeHost               Code = "host"                 // a Host record, which no major crawler reads
)

// noteKind names one kind of diagnostic: its severity, code and message
// format, in noteKinds. A parsed file keeps its notes as kinds and
// arguments (see notes.go), and words them when they are asked for.
type noteKind uint8

const (
	noteBOM noteKind = iota
	noteUTF16
	noteLineTooLong
	noteNUL
	noteInvalidUTF8
	noteEOLComment
	noteLeadingSpace
	noteNotKeyValue
	noteNoKey
	noteMissingColon
	noteKeyTypo
	noteUnknownKey
	noteAgentWildcard
	noteAgentToken
	noteAgentName
	noteAgentNoName
	noteSeveralPaths
	noteNoSlash
	noteRuleOutsideGroup
	noteSitemapNotAbsolute
	noteSitemapRepeated
	noteBadValue
	noteHostRepeated
	noteOutsideGroup
	noteConflictInGroup
	noteConflictMerged
	noteTruncatedLost
	noteTruncatedUnread
	noteTooManyLines
	noteTooMuchTokenText
	noteTooMuchPatternText
	noteTooMuchRecordText
	noteTooManyNotes
	noteEmptyFile
	noteHTMLPage
	noteNoRecord
	// The checks webmasters expect (see CodeNoindex).
	noteNoindex
	noteRecordSplitsGroup
	// A UTF-16 byte-order mark before text that is not UTF-16
	// (internal/sniff): RFC mode skips it, Google mode keeps it, as Google's
	// parser does.
	noteUTF16MarkSkipped
	noteUTF16MarkKept
	noteBlankLineInGroup
	noteHost
	noteURLPattern
	numNoteKinds
)

// noteKinds is the severity, code and message format of each kind of
// note. Its arguments are those the format takes, in order.
var noteKinds = [numNoteKinds]struct {
	sev    Severity
	code   Code
	format string
}{
	noteBOM:                {Info, CodeBOM, "a byte-order mark starts the file; it is skipped"},
	noteUTF16MarkSkipped:   {Warning, CodeBOM, "a UTF-16 byte-order mark starts the file, but the text after it is not UTF-16; the mark is skipped and the text read as UTF-8"},
	noteUTF16MarkKept:      {Warning, CodeBOM, "a UTF-16 byte-order mark starts the file; Google's parser skips only UTF-8's, so its bytes start the first line, which it then does not read as a key"},
	noteUTF16:              {Warning, CodeUTF16, "the file is UTF-16, not UTF-8 (RFC 9309 section 2.2); it was converted"},
	noteLineTooLong:        {Warning, CodeLineTooLong, "the line is longer than %d bytes; Google's parser ignores the rest of it"},
	noteNUL:                {Warning, CodeNUL, "a NUL byte ends the line; the rest of it is ignored"},
	noteInvalidUTF8:        {Warning, CodeInvalidUTF8, "the line is not valid UTF-8 (RFC 9309 section 2.2); its bytes are read as they are"},
	noteEOLComment:         {Info, CodeEOLComment, "a comment follows the value; some old crawlers read it as part of the value"},
	noteLeadingSpace:       {Info, CodeLeadingSpace, "the line starts with whitespace; some old crawlers ignore such lines"},
	noteNotKeyValue:        {Warning, CodeNotKeyValue, `the line is not a "key: value" pair; it is ignored`},
	noteNoKey:              {Warning, CodeNotKeyValue, "the line has no key before its colon; it is ignored"},
	noteMissingColon:       {Warning, CodeMissingColon, "the colon after %q is missing; the line is read as if it had one"},
	noteKeyTypo:            {Warning, CodeKeyTypo, "%q is read as %q"},
	noteUnknownKey:         {Info, CodeUnknownKey, "unknown key %q is ignored"},
	noteAgentWildcard:      {Warning, CodeAgentWildcard, "user-agent %q has a '*' inside; '*' is the global group only alone, and tokens are matched exactly (RFC 9309 section 2.2.1)"},
	noteAgentToken:         {Warning, CodeAgentToken, "user-agent %q is read as the product token %q: Google's parser stops at the first character that is not a letter, '-' or '_'"},
	noteAgentName:          {Info, CodeAgentToken, "user-agent %q is matched as %q (RFC 9309 section 2.2.1)"},
	noteAgentNoName:        {Warning, CodeAgentNoName, "user-agent %q names no crawler: it starts with no letter or digit, so its group applies to none (RFC 9309 section 2.2.1)"},
	noteSeveralPaths:       {Warning, CodeSeveralPaths, "the value %q holds several words; it is one pattern, with the spaces in it, not several paths"},
	noteNoSlash:            {Warning, CodeNoSlash, "the pattern %q does not start with '/' or '*', so it never matches (RFC 9309 section 2.2.2)"},
	noteRuleOutsideGroup:   {Error, CodeRuleOutsideGroup, "this rule comes before any user-agent line, so it applies to no crawler (RFC 9309 section 2.1)"},
	noteSitemapNotAbsolute: {Warning, CodeBadValue, "sitemap %q is not an absolute http or https URL; it is ignored"},
	noteSitemapRepeated:    {Info, CodeDuplicate, "sitemap %q is listed again"},
	noteBadValue:           {Warning, CodeBadValue, "%s value %q is ignored: %s"},
	noteHostRepeated:       {Info, CodeDuplicate, "a Host record came earlier; only the first applies"},
	noteOutsideGroup:       {Warning, CodeOutsideGroup, "%s comes before any user-agent line, so it applies to no crawler"},
	noteConflictInGroup:    {Warning, CodeConflict, "%s is given again for the same group; the most restrictive value applies"},
	noteConflictMerged:     {Warning, CodeConflict, "this value disagrees with another for the same crawler; the most restrictive one applies"},
	noteTruncatedLost:      {Error, CodeTruncated, "the file is larger than the %d-byte limit; everything from byte %d on is ignored (RFC 9309 section 2.5): %d allow and disallow rules are lost"},
	noteTruncatedUnread:    {Error, CodeTruncated, "the file is larger than the %d-byte limit; everything from byte %d on is ignored (RFC 9309 section 2.5): its rules were not read"},
	noteTooManyLines:       {Error, CodeTooLarge, "the file has more than %d lines, the most one parse reads; this line and the rest are ignored"},
	noteTooMuchTokenText:   {Error, CodeTooLarge, "the file's user-agent tokens exceed %d bytes, the most one parsed file holds; this line and the rest of the file are ignored"},
	noteTooMuchPatternText: {Error, CodeTooLarge, "the file's patterns exceed %d bytes, the most one parsed file holds; this rule and the rest are ignored"},
	noteTooMuchRecordText:  {Error, CodeTooLarge, "the text of the file's records exceeds %d bytes, the most one parsed file holds; this line is ignored"},
	noteTooManyNotes:       {Error, CodeTooLarge, "the file draws more diagnostics than one parsed file holds; this one and the later ones are left out"},
	noteEmptyFile:          {Info, CodeEmptyFile, "the file is empty: everything is allowed"},
	noteHTMLPage:           {Error, CodeNotRobotsTxt, "the file is an HTML page, not a robots.txt file; only the lines that happen to be robots.txt lines apply (notes on the markup's other lines are left out)"},
	noteNoRecord:           {Error, CodeNotRobotsTxt, "no line of the file is a robots.txt record: everything is allowed"},
	// The checks webmasters expect.
	noteNoindex:           {Warning, CodeNoindex, `%q is not a robots.txt rule and no crawler obeys it (RFC 9309 has no such key; Google stopped reading it in 2019): to keep a page out of search results, let crawlers fetch it and send <meta name="robots" content="%s"> or the header "X-Robots-Tag: %[2]s"`},
	noteRecordSplitsGroup: {Warning, CodeRecordSplitsGroup, `this %s line comes between user-agent lines: RFC 9309 section 2.1 and Google's parser read one group of %s, whose rules follow, but Python's urllib.robotparser (and crawlers built on it) ends the group here, so the user-agents above it get no rules and may fetch everything; put every user-agent line of a group before its other records`},
	noteHost:              {Info, CodeHost, `no major crawler reads Host: Yandex, the one that did, replaced it with 301 redirects in 2018, and Google and Bing never read it; to name a site's main host, redirect the other hosts to it and point each page's <link rel="canonical"> at it`},
	noteURLPattern:        {Warning, CodeNoSlash, "the pattern %q is a whole URL, and a pattern is a path, so it never matches (RFC 9309 section 2.2.2); write the URL's path, %q, which applies on the host that serves the file, as every rule does"},
	noteBlankLineInGroup:  {Info, CodeBlankLineInGroup, "a blank line comes before this rule with no user-agent line since: in RFC 9309 the rule still belongs to the group above, but older parsers end a group at a blank line and may drop it; remove the blank line, or start a group with user-agent lines"},
}
