package main

// This file makes the audit's row of one capture: a WARC response record
// or a file, read as a crawler reads the robots.txt answer it holds (RFC
// 9309 section 2.3.1, through robotshttp.FromResponse), and what that
// answer lets every AI and search crawler of package crawlers do.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// firstSitemaps is how many Sitemap URLs a row lists; it counts them all.
const firstSitemaps = 3

// An auditRow is what the audit says of one capture. AI and Search hold
// the access of auditCrawlers' AI and search crawlers, in their order;
// both are nil when the capture decides nothing (a redirect, or a
// record that could not be read).
type auditRow struct {
	Input         string
	Offset        int64 // of the WARC record in Input; 0 for a file
	URL           string
	Status        int    // HTTP status; 0 for a file
	Redirect      string // a redirect's Location
	Fetched       string // WARC-Date
	Access        string // robotshttp.Access's name, or "redirect"
	Bytes         int64  // of the body, all of it, read or not
	Truncated     bool   // the body is longer than the parse limit
	HTML          bool   // an HTML page served as robots.txt
	UTF16         bool   // a UTF-16 body, converted (RFC mode)
	BOM           bool   // a byte-order mark starts the body
	Groups        int
	Rules         int
	Agents        []string // the user-agent tokens the file names, once each
	Sitemaps      int
	FirstSitemaps []string
	CrawlDelay    *float64 // seconds, for "*"
	ContentSignal string   // the "*" group's Content-Signal values
	Errors        int      // diagnostics by severity
	Warnings      int
	Infos         int
	AI            []crawlers.Access
	Search        []crawlers.Access
	Error         string // why the record could not be read
}

// auditCrawlers are the crawlers a row reports on: the AI crawlers of the
// registry, in the order of crawlers.Audit's verdicts, and its search
// engines' crawlers (purpose search), in the registry's order.
type auditCrawlers struct {
	ai, search []string
}

func newAuditCrawlers() auditCrawlers {
	var c auditCrawlers
	for _, v := range crawlers.Audit(nil).Verdicts {
		c.ai = append(c.ai, v.Name())
	}
	for _, cr := range crawlers.List() {
		if cr.Purpose == crawlers.Search && !cr.AI {
			c.search = append(c.search, cr.Name())
		}
	}
	return c
}

// An auditor makes rows; each worker has its own, with its buffer.
type auditor struct {
	opts     robotstxt.Options
	crawlers auditCrawlers
	head     *bufio.Reader // a response block's HTTP header
}

func newAuditor(o robotstxt.Options, c auditCrawlers) *auditor {
	return &auditor{opts: o, crawlers: c, head: bufio.NewReaderSize(nil, maxWARCHeader)}
}

// errNotHTTP is the error of a response record whose block is no HTTP
// response.
var errNotHTTP = errors.New("the response record's block is not an HTTP response")

// response makes the row of a WARC response record, reading its block to
// the end. A block that is not an HTTP response gives a row with Error
// set.
func (a *auditor) response(input string, rec warcRecord) auditRow {
	row := auditRow{Input: input, Offset: rec.Offset, URL: rec.TargetURI, Fetched: rec.Date}
	a.head.Reset(rec.Block)
	resp, err := readHTTPHead(a.head)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	row.Status = resp.StatusCode
	var body io.Reader = a.head
	if resp.chunked {
		body = httputil.NewChunkedReader(body)
	}
	a.decide(&row, resp.Response, body)
	return row
}

// file makes the row of a robots.txt file read from r.
func (a *auditor) file(input, name string, r io.Reader) auditRow {
	row := auditRow{Input: input, URL: name}
	a.decide(&row, &http.Response{StatusCode: http.StatusOK, Header: http.Header{}}, r)
	return row
}

// decide reads body as resp's, as a crawler reads its robots.txt answer
// (robotshttp.FromResponse: RFC 9309 section 2.3.1), and fills row with
// what it found. A redirect (3xx) is recorded with its Location and
// decides nothing here: the file is at the end of the redirects, which
// the crawler follows (section 2.3.1.2) and a crawl captures apart.
func (a *auditor) decide(row *auditRow, resp *http.Response, body io.Reader) {
	counted := &countingReader{r: body}
	defer func() {
		if _, err := io.Copy(io.Discard, counted); err != nil && row.Error == "" {
			row.Error = err.Error()
		}
		row.Bytes = counted.n
	}()
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		row.Access = "redirect"
		row.Redirect = resp.Header.Get("Location")
		return
	}
	resp.Body = io.NopCloser(counted)
	r, access := robotshttp.FromResponse(resp, a.opts)
	row.Access = access.String()
	row.AI = make([]crawlers.Access, len(a.crawlers.ai))
	for i, v := range crawlers.Audit(r).Verdicts {
		row.AI[i] = v.Access
	}
	// SiteAccess reads the group crawlers.Group chooses, and every rule
	// of it: a group that several search crawlers obey is read once.
	row.Search = make([]crawlers.Access, len(a.crawlers.search))
	seen := make(map[*robotstxt.Group]crawlers.Access)
	for i, name := range a.crawlers.search {
		g := crawlers.Group(r, name)
		acc, ok := seen[g]
		if !ok {
			acc = crawlers.SiteAccess(r, name)
			seen[g] = acc
		}
		row.Search[i] = acc
	}
	if access == robotshttp.Available {
		describe(row, r)
	}
}

// describe fills row with what the file r holds.
func describe(row *auditRow, r *robotstxt.Robots) {
	seen := make(map[string]bool)
	for _, g := range r.Groups() {
		row.Groups++
		row.Rules += len(g.Rules())
		for _, a := range g.Agents() {
			if k := strings.ToLower(a); !seen[k] {
				seen[k] = true
				row.Agents = append(row.Agents, a)
			}
		}
	}
	sm := r.Sitemaps()
	row.Sitemaps = len(sm)
	row.FirstSitemaps = sm[:min(len(sm), firstSitemaps)]
	star := r.Group()
	if d, ok := star.CrawlDelay(); ok {
		s := d.Seconds()
		row.CrawlDelay = &s
	}
	// The "*" group's signals, or the file's when it has no such group:
	// what applies to a crawler the file does not name, where Cloudflare's
	// Content Signals Policy puts them.
	signals := r.ContentSignals()
	if star != nil {
		signals = star.ContentSignals()
	}
	row.ContentSignal = signalsText(signals)
	for _, d := range r.Diagnostics() {
		switch d.Severity {
		case robotstxt.Error:
			row.Errors++
		case robotstxt.Warning:
			row.Warnings++
		default:
			row.Infos++
		}
		switch d.Code {
		case robotstxt.CodeTruncated:
			row.Truncated = true
		case robotstxt.CodeUTF16:
			row.UTF16 = true
		case robotstxt.CodeBOM:
			row.BOM = true
		case robotstxt.CodeNotRobotsTxt:
			row.HTML = strings.Contains(d.Message, "HTML")
		}
	}
}

// An httpHead is the status and header of an HTTP response as a WARC
// response record stores them.
type httpHead struct {
	*http.Response
	chunked bool // the body is stored in chunks (RFC 9112 section 7.1)
}

// readHTTPHead reads the status line and header of an HTTP response, at
// most maxWARCHeader bytes of them. Common Crawl stores a body decoded,
// and renames the Transfer-Encoding and Content-Encoding headers that
// would say otherwise; a body stored chunked, as other crawlers keep it,
// is read through its chunks, and a body stored in gzip is decoded by
// robotshttp.FromResponse.
func readHTTPHead(br *bufio.Reader) (httpHead, error) {
	var resp *http.Response
	total := 0
	for {
		line, err := br.ReadSlice('\n')
		total += len(line)
		switch {
		case errors.Is(err, bufio.ErrBufferFull) || total > maxWARCHeader:
			return httpHead{}, fmt.Errorf("HTTP %w", errHeaderTooBig)
		case err != nil && (err != io.EOF || len(line) == 0):
			return httpHead{}, fmt.Errorf("%w: %w", errNotHTTP, cutEOF(err))
		}
		text := strings.TrimRight(string(line), "\r\n")
		if resp == nil {
			proto, rest, _ := strings.Cut(text, " ")
			code, _, _ := strings.Cut(rest, " ")
			status, err := strconv.Atoi(code)
			if !strings.HasPrefix(proto, "HTTP/") || len(code) != 3 || err != nil || status < 100 {
				return httpHead{}, fmt.Errorf("%w: status line %q", errNotHTTP, text)
			}
			resp = &http.Response{StatusCode: status, Header: http.Header{}}
			continue
		}
		if text == "" || err == io.EOF {
			break
		}
		if name, value, ok := strings.Cut(text, ":"); ok && name != "" && name[0] != ' ' && name[0] != '\t' {
			resp.Header.Add(textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name)), strings.TrimSpace(value))
		}
	}
	chunked := false
	for _, v := range resp.Header.Values("Transfer-Encoding") {
		chunked = chunked || strings.Contains(strings.ToLower(v), "chunked")
	}
	return httpHead{resp, chunked}, nil
}

// cutEOF reads an end of input inside a header as a cut one.
func cutEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
