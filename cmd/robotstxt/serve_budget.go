package main

// This file bounds the work of one API request of robotstxt serve: a
// deadline checked between decisions, the end of the work when the client
// goes away, and answers written a piece at a time.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// retryAfterSeconds is the Retry-After of an answer refused because
// serveConfig.maxRequests requests are under way.
const retryAfterSeconds = 1

// A budget is the work one API request may still do. A decision on a
// hostile file and target can take milliseconds, and a request may ask
// for hundreds of thousands, so the work stops at the request's deadline
// and when its client goes away (ctx ends), whichever comes first, rather
// than going on for minutes after anyone reads the answer.
type budget struct {
	// ctx ends when the client goes away; it is given to fetches.
	ctx      context.Context
	now      func() time.Time
	deadline time.Time
	timeout  time.Duration
	// spent and planned count decisions, for the message of a cut.
	spent, planned int
}

// plan says how many decisions the answer takes.
func (b *budget) plan(n int) { b.planned = n }

// spend accounts for one more decision, or answers why it may not be
// made: the deadline passed (503, saying how far the work went) or the
// client went away (an answer no one reads).
func (b *budget) spend() *apiError {
	if err := b.over(); err != nil {
		return err
	}
	b.spent++
	return nil
}

// over says why no more work may be done, or nil. ctx carries the same
// deadline as the clock (whichever sees it first ends the work), so that a
// fetch ends at the deadline too.
func (b *budget) over() *apiError {
	switch err := b.ctx.Err(); {
	case errors.Is(err, context.DeadlineExceeded) || err == nil && !b.now().Before(b.deadline):
		return &apiError{http.StatusServiceUnavailable, fmt.Sprintf(
			"the answer was cut at the tester's %v limit, after %d of %d decisions: test fewer targets or crawlers, or a smaller file",
			b.timeout, b.spent, b.planned)}
	case err != nil:
		return &apiError{http.StatusServiceUnavailable, "the request ended before its answer"}
	}
	return nil
}

// A jsonAnswer writes itself as JSON, a piece at a time, so that a request
// holds its decisions but never the whole text of its answer: each
// deciding rule is spelt out, and a rule may be as long as the file.
type jsonAnswer interface {
	writeJSON(w *jsonWriter)
}

// jsonWriter writes an answer's pieces until the first error, which it
// keeps: a write that failed (the client went away) or the request's
// budget ending between two items of an array.
type jsonWriter struct {
	w *bufio.Writer
	// enc writes each value through encoding/json's pooled buffers, so
	// that writing an answer allocates little more than its largest item.
	enc *json.Encoder
	b   *budget
	err error
}

func newJSONWriter(w io.Writer, b *budget) *jsonWriter {
	bw := bufio.NewWriter(w)
	return &jsonWriter{w: bw, enc: json.NewEncoder(bw), b: b}
}

func (w *jsonWriter) raw(s string) {
	if w.err == nil {
		_, w.err = w.w.WriteString(s)
	}
}

func (w *jsonWriter) value(v any) {
	if w.err == nil {
		w.err = w.enc.Encode(v)
	}
}

// array writes an array of n items, item(i) marshalled one at a time.
func (w *jsonWriter) array(n int, item func(i int) any) {
	w.raw("[")
	for i := range n {
		if w.err != nil {
			return
		}
		if err := w.b.over(); err != nil {
			w.err = fmt.Errorf("robotstxt serve: %s", err.message)
			return
		}
		if i > 0 {
			w.raw(",")
		}
		w.value(item(i))
	}
	w.raw("]")
}

// auditAI is crawlers.Audit within the budget, spent a decision at a
// time.
func auditAI(b *budget, r *robotstxt.Robots, targets []string) (crawlers.Report, *apiError) {
	b.plan(aiCrawlers() * max(len(targets), 1))
	rep, err := crawlers.AuditUntil(r, func() error {
		if err := b.spend(); err != nil {
			return err
		}
		return nil
	}, targets...)
	if cut := (*apiError)(nil); errors.As(err, &cut) {
		return crawlers.Report{}, cut
	}
	return rep, nil
}

// aiCrawlers counts the registry's AI crawlers, one verdict each in an
// audit.
var aiCrawlers = sync.OnceValue(func() int {
	n := 0
	for _, c := range crawlers.List() {
		if c.AI {
			n++
		}
	}
	return n
})
