package main

// This file is the JSON API of robotstxt serve: POST /api/check,
// /api/diff and /api/ai. Their shapes follow the command line's -json
// output.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt"
	rlint "github.com/rfc9309/robotstxt/lint"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// Request limits. A file is read as crawlers read it: its first
// maxRobotsBytes (robotstxt.DefaultMaxBytes, RFC 9309 section 2.5), cut
// at the last line end within them, and the answer says so (see
// readRobotsText); a request body, which holds at most two files (the
// diff's) and the targets, is refused with 413 past maxRequestBytes.
const (
	maxRequestBytes = 4 << 20
	maxRobotsBytes  = robotstxt.DefaultMaxBytes
	maxTargets      = 10000
	maxTargetBytes  = 8 << 10
	maxCrawlers     = 20
	maxCrawlerBytes = 256
	maxSiteURLBytes = 2048
)

// api answers the JSON endpoints.
type api struct {
	fetcher *robotshttp.Fetcher
	// fetches holds a token per fetch by URL under way.
	fetches chan struct{}
	// requests holds a token per API request under way.
	requests chan struct{}
	timeout  time.Duration
	now      func() time.Time
}

func newAPI(c serveConfig) *api {
	a := &api{fetcher: newURLFetcher(c.allowPrivate), fetches: make(chan struct{}, maxFetches),
		timeout: c.requestTimeout, now: c.now}
	if a.timeout <= 0 {
		a.timeout = defaultRequestTimeout
	}
	if a.now == nil {
		a.now = time.Now
	}
	n := c.maxRequests
	if n <= 0 {
		n = defaultMaxRequests
	}
	a.requests = make(chan struct{}, n)
	return a
}

// apiError is an answer with a status other than 200.
type apiError struct {
	status  int
	message string
}

func (e *apiError) Error() string { return e.message }

func badRequest(format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func writeError(w http.ResponseWriter, status int, message string) {
	writeJSONAnswer(w, status, struct {
		Error string `json:"error"`
	}{message})
}

func writeJSONAnswer(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// decodeRequest reads a POST request's JSON body into v. A body other than
// JSON is refused (415) so that a page on another site cannot send one
// without the browser first asking this server, which never agrees (CORS).
func decodeRequest(w http.ResponseWriter, r *http.Request, v any) *apiError {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return &apiError{http.StatusMethodNotAllowed, "use POST with a JSON body"}
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return &apiError{http.StatusUnsupportedMediaType, "the body must be JSON, with Content-Type: application/json"}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxRequestBytes)}
		}
		return badRequest("the body is not the JSON this endpoint takes: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("the body holds more than one JSON value")
	}
	return nil
}

// endpoint makes a handler of an answer: the request decoded, the answer
// or its error encoded.
//
// At most cap(a.requests) requests are under way at once; one more is
// answered 503 with Retry-After at once rather than queued, so that a
// burst of costly requests holds neither memory nor CPU beyond that many.
// Each request's work ends at its deadline, a.timeout after it began, or
// when its client goes away (see budget).
func endpoint[Req any, Resp jsonAnswer](a *api, answer func(*budget, *Req) (Resp, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case a.requests <- struct{}{}:
			defer func() { <-a.requests }()
		default:
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("%d API requests are under way, the most this tester answers at once; try again in a moment", cap(a.requests)))
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), a.timeout)
		defer cancel()
		b := &budget{ctx: ctx, now: a.now, deadline: a.now().Add(a.timeout), timeout: a.timeout}
		var req Req
		err := decodeRequest(w, r, &req)
		var resp Resp
		if err == nil {
			resp, err = answer(b, &req)
		}
		if err != nil {
			writeError(w, err.status, err.message)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		jw := newJSONWriter(w, b)
		resp.writeJSON(jw)
		if jw.err == nil {
			jw.err = jw.w.Flush()
		}
		if jw.err != nil {
			// Close the connection without ending the answer, so that
			// the client sees an answer cut short, never a short one.
			panic(http.ErrAbortHandler)
		}
	}
}

// options reads the mode field: "rfc" (or nothing) or "google".
func options(mode string) (robotstxt.Options, *apiError) {
	var f modeFlag
	if mode == "" {
		return robotstxt.Options{}, nil
	}
	if err := f.Set(mode); err != nil {
		return robotstxt.Options{}, badRequest("%v", err)
	}
	return robotstxt.Options{Mode: f.m}, nil
}

func readCrawlers(agents []string) ([]crawler, *apiError) {
	if len(agents) > maxCrawlers {
		return nil, badRequest("%d crawlers; the tester takes at most %d", len(agents), maxCrawlers)
	}
	if len(agents) == 0 {
		return []crawler{{name: "*", tokens: []string{"*"}}}, nil
	}
	out := make([]crawler, 0, len(agents))
	for _, a := range agents {
		a = strings.TrimSpace(a)
		switch {
		case a == "":
			return nil, badRequest("an empty crawler name")
		case len(a) > maxCrawlerBytes:
			return nil, badRequest("a crawler name of %d bytes; at most %d", len(a), maxCrawlerBytes)
		}
		var tokens []string
		for _, t := range splitNames(a) {
			if t != "" {
				tokens = append(tokens, t)
			}
		}
		out = append(out, crawler{name: a, tokens: tokens})
	}
	return out, nil
}

// readQuery reads the fields check and diff share: the mode, the
// crawlers and the targets, within their limits.
func readQuery(mode string, agents, targets []string) (robotstxt.Options, []crawler, *apiError) {
	o, err := options(mode)
	if err != nil {
		return o, nil, err
	}
	cs, err := readCrawlers(agents)
	if err != nil {
		return o, nil, err
	}
	return o, cs, checkTargets(targets)
}

func checkTargets(targets []string) *apiError {
	if len(targets) > maxTargets {
		return badRequest("%d targets; the tester takes at most %d", len(targets), maxTargets)
	}
	for _, t := range targets {
		if len(t) > maxTargetBytes {
			return badRequest("a target of %d bytes; at most %d", len(t), maxTargetBytes)
		}
	}
	return nil
}

// readRobotsText parses a file of a request, named name, as crawlers
// read it: its first maxRobotsBytes, cut at a line (see cutAtLine). When
// it was cut, notes gets a note that says so, where, and what the cut
// drops (see cutReport).
func readRobotsText(name, text string, o robotstxt.Options, notes *[]string) *robotstxt.Robots {
	r, _ := readRobotsCut(name, text, o, notes)
	return r
}

// readRobotsCut is readRobotsText that also returns what the cut drops,
// nil when the file was read whole.
func readRobotsCut(name, text string, o robotstxt.Options, notes *[]string) (*robotstxt.Robots, *cutReport) {
	read, cut := cutAtLine(text, maxRobotsBytes)
	if !cut {
		return o.Parse([]byte(read)), nil
	}
	// The text is in memory: what follows the cut is counted whole.
	c, _ := describeCut(lineAt(read, len(read)), strings.NewReader(text[len(read):]), o)
	*notes = append(*notes, fmt.Sprintf("%s is %d bytes; the tester read its first %d, up to the last line that ends within %d bytes, as crawlers read no more (RFC 9309 section 2.5): %s",
		name, len(text), len(read), maxRobotsBytes, c))
	return o.Parse([]byte(read)), &c
}

// cutAtLine returns text cut to at most max bytes at the end of its last
// whole line within them, and whether it was cut: half a line could turn
// "Disallow: /private" into "Disallow: /p". A line end is LF, CR or
// CRLF (RFC 9309 section 2.2); a cut between CR and LF keeps the CR,
// which ends the line already.
func cutAtLine(text string, max int) (string, bool) {
	if len(text) <= max {
		return text, false
	}
	head := text[:max]
	return head[:strings.LastIndexAny(head, "\r\n")+1], true
}

type apiDecision struct {
	Agent   string    `json:"agent,omitempty"`
	Allowed bool      `json:"allowed"`
	Rule    *jsonRule `json:"rule"`
	// Group and Reason, in /api/check, are the user-agent names of the
	// group the crawler obeys (null: none) and why it obeys that group,
	// as robotstxt check -json writes them.
	Group  []string `json:"group,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

type apiTarget struct {
	Target   string        `json:"target"`
	Crawlers []apiDecision `json:"crawlers"`
}

type apiDiagnostic struct {
	Line     int    `json:"line"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// apiFetch is what fetch by URL found: the robotstxt fetch command's
// fields and the file's text, cut at the size limit, for the editor.
type apiFetch struct {
	jsonFetch
	Error string `json:"error,omitempty"`
	Body  string `json:"body"`
	// unreachable says the fetch reached no file: every crawler is
	// disallowed (RFC 9309 section 2.3.1.4).
	unreachable bool
}

// unreachableReason is what a decision says when the fetch reached no
// file: "robots.txt unreachable (503): everything disallowed", or "(no
// answer)" when no status came back. It stands where a rule would: a
// "Disallow: /" would be a rule that is in no file.
func (f *apiFetch) unreachableReason() string {
	why := "no answer"
	if f.Status != 0 {
		why = strconv.Itoa(f.Status)
	}
	return "robots.txt unreachable (" + why + "): everything disallowed"
}

type checkRequest struct {
	Robots  string   `json:"robots"`
	URL     string   `json:"url"`
	Agents  []string `json:"agents"`
	Targets []string `json:"targets"`
	Mode    string   `json:"mode"`
	// Plain asks for the file's plain reading of each crawler's name, as
	// robotstxt check -plain does; by default each crawler obeys the group
	// it obeys by its documented precedence.
	Plain bool `json:"plain"`
}

// checkResponse is the answer's JSON shape, as clients read it.
type checkResponse struct {
	Results     []apiTarget     `json:"results"`
	Diagnostics []apiDiagnostic `json:"diagnostics"`
	Fetch       *apiFetch       `json:"fetch,omitempty"`
	// Notes say what the tester read of a file it did not read whole.
	Notes []string `json:"notes,omitempty"`
}

// checkAnswer is a checkResponse as the server holds it: the decisions
// alone, targets by crawlers, whose JSON (which spells out each deciding
// rule, up to a file's size each) is written a target at a time.
type checkAnswer struct {
	targets     []string
	crawlers    []crawler
	choices     []choice // one per crawler
	decisions   []robotstxt.Decision
	diagnostics []apiDiagnostic
	fetch       *apiFetch
	notes       []string
}

func (c *checkAnswer) writeJSON(w *jsonWriter) {
	w.raw(`{"results":`)
	w.array(len(c.targets), func(i int) any {
		row := apiTarget{Target: c.targets[i], Crawlers: make([]apiDecision, len(c.crawlers))}
		for j, cr := range c.crawlers {
			d := c.decisions[i*len(c.crawlers)+j]
			ch := &c.choices[j]
			if c.fetch != nil && c.fetch.unreachable {
				// No file's rule decides: the rules stand in for a file
				// that was never read.
				row.Crawlers[j] = apiDecision{Agent: cr.name, Allowed: false, Reason: c.fetch.unreachableReason()}
				continue
			}
			row.Crawlers[j] = apiDecision{Agent: cr.name, Allowed: d.Allowed, Rule: jsonRuleOf(d.Rule), Group: ch.agents, Reason: ch.because}
		}
		return row
	})
	w.raw(`,"diagnostics":`)
	w.array(len(c.diagnostics), func(i int) any { return c.diagnostics[i] })
	if c.fetch != nil {
		w.raw(`,"fetch":`)
		w.value(c.fetch)
	}
	if c.notes != nil {
		w.raw(`,"notes":`)
		w.value(c.notes)
	}
	w.raw("}\n")
}

func (a *api) check(b *budget, req *checkRequest) (*checkAnswer, *apiError) {
	o, cs, err := readQuery(req.Mode, req.Agents, req.Targets)
	if err != nil {
		return nil, err
	}
	resp := &checkAnswer{targets: req.Targets, crawlers: cs}
	var robots *robotstxt.Robots
	switch {
	case req.URL != "" && req.Robots != "":
		return nil, badRequest("give robots (a file's text) or url (a site whose file to fetch), not both")
	case req.URL != "":
		var ferr *apiError
		robots, resp.fetch, ferr = a.fetchForCheck(b.ctx, req.URL, o)
		if ferr != nil {
			return nil, ferr
		}
		if line := truncatedLine(robots); resp.fetch.Truncated && line > 0 {
			resp.notes = append(resp.notes, fmt.Sprintf("the site's robots.txt is over the %d-byte size limit crawlers read (RFC 9309 section 2.5): cut at line %d; the tester fetched no more of it, as crawlers do, so what the cut drops is not known",
				maxRobotsBytes, line))
		}
	default:
		var cut *cutReport
		robots, cut = readRobotsCut("robots", req.Robots, o, &resp.notes)
		if cut != nil {
			// The tester parsed the part crawlers read, whose parse
			// cannot tell it was cut: lint says so at the first line
			// not read, as it does for a file cut by the library.
			resp.diagnostics = append(resp.diagnostics, apiDiagnostic{cut.line, robotstxt.Error.String(), string(robotstxt.CodeTruncated),
				fmt.Sprintf("the file is over the %d-byte size limit crawlers read (RFC 9309 section 2.5); %s", maxRobotsBytes, cut)})
		}
	}
	for _, d := range rlint.Check(robots) {
		resp.diagnostics = append(resp.diagnostics, apiDiagnostic{d.Line, d.Severity.String(), string(d.Code), lintMessage(d)})
	}
	// A fetch that reached no file disallows every crawler (RFC 9309
	// section 2.3.1.4), whatever group its precedence would choose.
	plain := req.Plain || resp.fetch != nil && resp.fetch.unreachable
	resp.choices = make([]choice, len(cs))
	for i, c := range cs {
		resp.choices[i] = c.choose(robots, plain)
	}
	b.plan(len(req.Targets) * len(cs))
	resp.decisions = make([]robotstxt.Decision, 0, len(req.Targets)*len(cs))
	for _, t := range req.Targets {
		for i := range resp.choices {
			if err := b.spend(); err != nil {
				return nil, err
			}
			resp.decisions = append(resp.decisions, resp.choices[i].group.Decide(t))
		}
	}
	return resp, nil
}

// fetchForCheck fetches the robots.txt file of site and returns the rules
// it leaves a crawler with, as RFC 9309 section 2.3.1 says.
func (a *api) fetchForCheck(ctx context.Context, site string, o robotstxt.Options) (*robotstxt.Robots, *apiFetch, *apiError) {
	if len(site) > maxSiteURLBytes {
		return nil, nil, badRequest("a url of %d bytes; at most %d", len(site), maxSiteURLBytes)
	}
	if !isURL(site) {
		return nil, nil, badRequest("url must be an http or https URL, not %q", site)
	}
	select {
	case a.fetches <- struct{}{}:
		defer func() { <-a.fetches }()
	default:
		return nil, nil, &apiError{http.StatusTooManyRequests, fmt.Sprintf("%d fetches are under way; try again when one ends", maxFetches)}
	}
	res, err := a.fetchRobots(ctx, site, o)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	body := res.Body
	if res.Truncated {
		body = body[:len(body)-1] // the byte past the limit, read to tell the cut
	}
	f := &apiFetch{jsonFetch: jsonFetchOf(res), Body: string(body), unreachable: res.Access == robotshttp.Unreachable}
	if res.Err != nil {
		f.Error = res.Err.Error()
	}
	return res.Robots(o), f, nil
}

type diffRequest struct {
	Old     string   `json:"old"`
	New     string   `json:"new"`
	Agents  []string `json:"agents"`
	Targets []string `json:"targets"`
	Mode    string   `json:"mode"`
}

type apiChange struct {
	Agent string      `json:"agent"`
	Old   apiDecision `json:"old"`
	New   apiDecision `json:"new"`
}

type apiChangedTarget struct {
	Target  string      `json:"target"`
	Changes []apiChange `json:"changes"`
}

type diffResponse struct {
	Targets int                `json:"targets"`
	Changed []apiChangedTarget `json:"changed"`
	Notes   []string           `json:"notes,omitempty"`
}

func (d *diffResponse) writeJSON(w *jsonWriter) {
	w.raw(`{"targets":` + strconv.Itoa(d.Targets) + `,"changed":`)
	w.array(len(d.Changed), func(i int) any { return d.Changed[i] })
	if d.Notes != nil {
		w.raw(`,"notes":`)
		w.value(d.Notes)
	}
	w.raw("}\n")
}

func (a *api) diff(b *budget, req *diffRequest) (*diffResponse, *apiError) {
	o, cs, err := readQuery(req.Mode, req.Agents, req.Targets)
	if err != nil {
		return nil, err
	}
	var notes []string
	oldR, newR := readRobotsText("old", req.Old, o, &notes), readRobotsText("new", req.New, o, &notes)
	oldG, newG := make([]*robotstxt.Group, len(cs)), make([]*robotstxt.Group, len(cs))
	for i, c := range cs {
		oldG[i], newG[i] = oldR.Group(c.tokens...), newR.Group(c.tokens...)
	}
	// A change holds two decisions, so the answer holds at most twice
	// targets by crawlers of them.
	b.plan(len(req.Targets) * len(cs))
	resp := &diffResponse{Targets: len(req.Targets), Changed: []apiChangedTarget{}, Notes: notes}
	for _, t := range req.Targets {
		var changes []apiChange
		for i, c := range cs {
			if err := b.spend(); err != nil {
				return nil, err
			}
			od, nd := oldG[i].Decide(t), newG[i].Decide(t)
			if od.Allowed != nd.Allowed {
				changes = append(changes, apiChange{Agent: c.name,
					Old: apiDecision{Allowed: od.Allowed, Rule: jsonRuleOf(od.Rule)},
					New: apiDecision{Allowed: nd.Allowed, Rule: jsonRuleOf(nd.Rule)}})
			}
		}
		if changes != nil {
			resp.Changed = append(resp.Changed, apiChangedTarget{t, changes})
		}
	}
	return resp, nil
}

type aiRequest struct {
	Robots  string   `json:"robots"`
	Targets []string `json:"targets"`
	Mode    string   `json:"mode"`
}

type aiResponse struct {
	Crawlers       []jsonAIVerdict `json:"crawlers"`
	Summary        []jsonAISummary `json:"summary"`
	ContentSignals map[string]bool `json:"content_signals,omitempty"`
	// GroupSignals are the Content-Signal values of each group that
	// states some, as ai -json writes them.
	GroupSignals []jsonGroupSignals `json:"group_content_signals,omitempty"`
	Notes        []string           `json:"notes,omitempty"`
}

func (r *aiResponse) writeJSON(w *jsonWriter) {
	w.raw(`{"crawlers":`)
	w.array(len(r.Crawlers), func(i int) any { return r.Crawlers[i] })
	w.raw(`,"summary":`)
	w.value(r.Summary)
	if len(r.ContentSignals) > 0 {
		w.raw(`,"content_signals":`)
		w.value(r.ContentSignals)
	}
	if len(r.GroupSignals) > 0 {
		w.raw(`,"group_content_signals":`)
		w.value(r.GroupSignals)
	}
	if r.Notes != nil {
		w.raw(`,"notes":`)
		w.value(r.Notes)
	}
	w.raw("}\n")
}

func (a *api) ai(b *budget, req *aiRequest) (*aiResponse, *apiError) {
	o, err := options(req.Mode)
	if err == nil {
		err = checkTargets(req.Targets)
	}
	if err != nil {
		return nil, err
	}
	var notes []string
	robots := readRobotsText("robots", req.Robots, o, &notes)
	rep, err := auditAI(b, robots, req.Targets)
	if err != nil {
		return nil, err
	}
	resp := &aiResponse{Crawlers: []jsonAIVerdict{}, Summary: aiSummaryJSON(rep.Summaries), ContentSignals: rep.ContentSignals,
		GroupSignals: groupSignals(robots), Notes: notes}
	for _, v := range rep.Verdicts {
		resp.Crawlers = append(resp.Crawlers, aiVerdictJSON(v))
	}
	return resp, nil
}
