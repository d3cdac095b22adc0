//go:build wasm

package main

import (
	"bytes"
	"runtime"
	"strconv"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/lint"
)

// gone is what a call on a handle that is not held returns; failed what a
// call that went wrong returns, the message in lastError.
const (
	failed = -2
	gone   = -3
)

// files holds the parsed files JavaScript has handles to (files.go).
var files = newTable()

// lastError tells why the last export that returned failed did.
var lastError string

// recovered turns a panic into failed, its value into lastError; each
// export defers it.
func recovered(result *int32) {
	if p := recover(); p != nil {
		msg := "a panic"
		switch v := p.(type) {
		case error:
			msg = v.Error()
		case string:
			msg = v
		}
		lastError, *result = "robotstxt: internal error: "+msg, failed
	}
}

// fail records err and returns failed.
func fail(err string) int32 {
	lastError = err
	return failed
}

// lastErrorText writes lastError, as bytes without a length, to the
// output buffer.
//
//go:wasmexport lastError
func lastErrorText() int32 {
	return done(append(answer(), lastError...))
}

// parseFile parses the first n bytes of the input buffer, in mode 0 (RFC)
// or 1 (Google), reading at most maxBytes of them (0: the default limit,
// negative: all), and returns the file's handle. JavaScript passes no
// more than the limit and one byte, which tells that the file is longer.
//
//go:wasmexport parse
func parseFile(mode, maxBytes, n int32) (result float64) {
	var code int32
	defer func() {
		recovered(&code)
		if code != 0 {
			result = float64(code)
		}
	}()
	var o robotstxt.Options
	switch mode {
	case 0:
	case 1:
		o.Mode = robotstxt.Google
	default:
		return float64(fail("robotstxt: internal error: mode " + strconv.Itoa(int(mode))))
	}
	o.MaxBytes = int(maxBytes)
	if n < 0 || int(n) > len(input) {
		return float64(fail("robotstxt: internal error: the file does not fit the input buffer"))
	}
	// No copy: the library keeps no view of what it is given
	// (TestParseKeepsNoViewOfItsInput), so the input buffer may be
	// written again at once.
	data := input[:n]
	h := files.add(parse(o, data))
	dropBigInput()
	yieldToCollector()
	if h == 0 {
		return float64(fail("robotstxt: every handle has been given"))
	}
	return float64(h)
}

// yieldToCollector lets the garbage collector's worker run, if a cycle
// is marking, once every yieldEvery parses. The module has one thread and
// no preemption, so a worker runs only when the goroutine of an export
// yields; without this, a cycle's marking was done piecemeal by the
// allocations of the parses that followed, each paying its share
// (assists), and with the write barrier on for all of them: about a fifth
// of a small file's time under node --cpu-prof, where a worker that marks
// at once takes a few hundredths. A yield when no cycle is marking costs a
// pass of the scheduler, which finds nothing else to run, so it is not
// made on every parse: bench/compare.mjs's small file measured about 10%
// faster yielding every 8 or 32 parses, and no faster yielding every one.
func yieldToCollector() {
	parsesSinceYield++
	if parsesSinceYield >= yieldEvery {
		parsesSinceYield = 0
		runtime.Gosched()
	}
}

const yieldEvery = 32

// parsesSinceYield counts the parses since yieldToCollector last yielded.
var parsesSinceYield int

// parse parses data, which JavaScript cut one byte past o's limit when the
// file is longer. o.Parse would count the rules lost past the limit in
// that one byte, and say none were; o.ParseReader, which reads as far,
// says they were not read.
func parse(o robotstxt.Options, data []byte) *robotstxt.Robots {
	if l := limitOf(o.MaxBytes); l >= 0 && len(data) > l {
		// A bytes.Reader never fails.
		r, _ := o.ParseReader(bytes.NewReader(data))
		return r
	}
	return o.Parse(data)
}

// limit returns how many bytes of a file Options{MaxBytes: maxBytes}
// reads, or -1 for all.
//
//go:wasmexport limit
func limit(maxBytes int32) int32 {
	return int32(limitOf(int(maxBytes)))
}

// limitOf reads Options.MaxBytes as the library does: 0 is
// robotstxt.DefaultMaxBytes, a negative value no limit (-1).
func limitOf(maxBytes int) int {
	switch {
	case maxBytes == 0:
		return robotstxt.DefaultMaxBytes
	case maxBytes < 0:
		return -1
	}
	return maxBytes
}

// free lets the garbage collector have the file of handle h.
//
//go:wasmexport free
func free(h float64) int32 {
	files.drop(handleOf(h))
	return 0
}

// handles counts the files held, for the tests of free, of the
// FinalizationRegistry and of the bound on a run of synchronous code.
//
//go:wasmexport handles
func handles() int32 {
	return int32(files.held())
}

// query decides the URL in the input buffer for the given number of user
// agents after it, against the file of handle h.
func query(h float64, agents int32) (robotstxt.Decision, int32) {
	r, ok := files.get(handleOf(h))
	if !ok {
		return robotstxt.Decision{}, gone
	}
	texts, err := readTexts(int(agents) + 1)
	if err != nil {
		return robotstxt.Decision{}, fail(err.Error())
	}
	if len(texts) == 2 {
		// One name: a small file's first query is then answered by one
		// pass over its text, without building its tables.
		return r.Decide(texts[1], texts[0]), 0
	}
	return r.Group(texts[1:]...).Decide(texts[0]), 0
}

// allowed answers isAllowed: 1 or 0.
//
//go:wasmexport allowed
func allowed(h float64, agents int32) (result int32) {
	defer recovered(&result)
	d, code := query(h, agents)
	if code != 0 {
		return code
	}
	if d.Allowed {
		return 1
	}
	return 0
}

// line answers getMatchingLineNumber: the deciding rule's line, -1 when
// no rule matched.
//
//go:wasmexport line
func line(h float64, agents int32) (result int32) {
	defer recovered(&result)
	d, code := query(h, agents)
	if code != 0 {
		return code
	}
	if d.Rule == (robotstxt.Rule{}) {
		return -1
	}
	return int32(d.Rule.Line)
}

// decide answers decide: the verdict (1 or 0), the deciding rule's kind
// (0: none, 1: Disallow, 2: Allow), its line and its pattern.
//
//go:wasmexport decide
func decide(h float64, agents int32) (result int32) {
	defer recovered(&result)
	d, code := query(h, agents)
	if code != 0 {
		return code
	}
	b := appendUint(answer(), boolUint(d.Allowed))
	kind := uint32(0)
	if d.Rule != (robotstxt.Rule{}) {
		kind = 1 + boolUint(d.Rule.Allow)
	}
	b = appendUint(appendUint(b, kind), uint32(d.Rule.Line))
	return done(appendText(b, d.Rule.Pattern))
}

func boolUint(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// crawlDelay answers getCrawlDelay for the user agents in the input
// buffer, written as for a query but without a URL: seconds, or -1 for
// none.
//
//go:wasmexport crawlDelay
func crawlDelay(h float64, agents int32) (result float64) {
	var code int32
	defer func() {
		recovered(&code)
		if code != 0 {
			result = float64(code)
		}
	}()
	r, ok := files.get(handleOf(h))
	if !ok {
		return gone
	}
	names, err := readTexts(int(agents) + 1)
	if err != nil {
		return float64(fail(err.Error()))
	}
	if d, ok := r.Group(names[1:]...).CrawlDelay(); ok {
		return d.Seconds()
	}
	return -1
}

// sitemaps answers getSitemaps: their number, then each URL.
//
//go:wasmexport sitemaps
func sitemaps(h float64) (result int32) {
	defer recovered(&result)
	r, ok := files.get(handleOf(h))
	if !ok {
		return gone
	}
	list := r.Sitemaps()
	b := appendUint(answer(), uint32(len(list)))
	for _, s := range list {
		b = appendText(b, s)
	}
	return done(b)
}

// host answers getPreferredHost: 1 and the host, or 0 for none.
//
//go:wasmexport host
func host(h float64) (result int32) {
	defer recovered(&result)
	r, ok := files.get(handleOf(h))
	if !ok {
		return gone
	}
	host, ok := r.Host()
	return done(appendText(appendUint(answer(), boolUint(ok)), host))
}

// diagnostics answers diagnostics: their number, then for each its line,
// severity, code and message.
//
//go:wasmexport diagnostics
func diagnostics(h float64) (result int32) {
	defer recovered(&result)
	r, ok := files.get(handleOf(h))
	if !ok {
		return gone
	}
	list := lint.Check(r)
	b := appendUint(answer(), uint32(len(list)))
	for _, d := range list {
		b = appendUint(b, uint32(d.Line))
		b = appendText(appendText(appendText(b, d.Severity.String()), string(d.Code)), d.Message)
	}
	return done(b)
}
