//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"math"
	"syscall/js"

	"github.com/rfc9309/robotstxt"
)

// api is what index.mjs calls through syscall/js; the calls per URL are
// WebAssembly exports, in query.go. A parsed file stays on the Go side,
// named to JavaScript by a handle: a number that is never reused, so a
// freed handle can only fail, never reach another file.
var api = map[string]func(args []js.Value) (any, error){
	// parse(contents, mode, maxBytes) parses a file and returns its handle.
	"parse": func(args []js.Value) (any, error) {
		o, err := options(args)
		if err != nil {
			return nil, err
		}
		data, err := contents(arg(args, 0), limitOf(o))
		if err != nil {
			return nil, err
		}
		lastHandle++
		files[lastHandle] = parse(o, data)
		return lastHandle, nil
	},
	// free(handle) lets the Go garbage collector have the file.
	"free": func(args []js.Value) (any, error) {
		h, _, err := file(args)
		if err != nil {
			return nil, err
		}
		delete(files, h)
		return nil, nil
	},
	// handles() counts the files not yet freed, for the tests of free and
	// of the FinalizationRegistry.
	"handles": func([]js.Value) (any, error) {
		return len(files), nil
	},
	// lastError() tells why the last call of query.go failed.
	"lastError": func([]js.Value) (any, error) {
		return lastError, nil
	},
	// decide(handle, target, ...agents) is the verdict and the deciding
	// rule: {allowed, rule: {allow, pattern, line} or null}.
	"decide": onFile(func(r *robotstxt.Robots, args []js.Value) (any, error) {
		target, err := stringArg(args, 0)
		if err != nil {
			return nil, err
		}
		agents, err := agentArgs(args[1:])
		if err != nil {
			return nil, err
		}
		d := r.Group(agents...).Decide(target)
		var rule any
		if d.Rule != (robotstxt.Rule{}) {
			rule = object("allow", d.Rule.Allow, "pattern", d.Rule.Pattern, "line", d.Rule.Line)
		}
		return object("allowed", d.Allowed, "rule", rule), nil
	}),
	// crawlDelay(handle, ...agents) is the Crawl-delay in seconds, or
	// undefined.
	"crawlDelay": onFile(func(r *robotstxt.Robots, args []js.Value) (any, error) {
		agents, err := agentArgs(args)
		if err != nil {
			return nil, err
		}
		if d, ok := r.Group(agents...).CrawlDelay(); ok {
			return d.Seconds(), nil
		}
		return js.Undefined(), nil
	}),
	// sitemaps(handle) lists the Sitemap URLs.
	"sitemaps": onFile(func(r *robotstxt.Robots, _ []js.Value) (any, error) {
		return list(r.Sitemaps(), func(s string) any { return s }), nil
	}),
	// host(handle) is the Host record, or null.
	"host": onFile(func(r *robotstxt.Robots, _ []js.Value) (any, error) {
		if h, ok := r.Host(); ok {
			return h, nil
		}
		return nil, nil
	}),
	// diagnostics(handle) lists {line, severity, code, message}.
	"diagnostics": onFile(func(r *robotstxt.Robots, _ []js.Value) (any, error) {
		return list(r.Diagnostics(), func(d robotstxt.Diagnostic) any {
			return object("line", d.Line, "severity", d.Severity.String(), "code", string(d.Code), "message", d.Message)
		}), nil
	}),
}

// files holds the parsed files by handle. Only the functions of api and
// the exports of query.go touch it, and JavaScript runs them one at a
// time, so it needs no lock.
var (
	files      = map[int]*robotstxt.Robots{}
	lastHandle int
)

// file returns the handle in args[0] and its file.
func file(args []js.Value) (int, *robotstxt.Robots, error) {
	v := arg(args, 0)
	if v.Type() != js.TypeNumber {
		return 0, nil, fmt.Errorf("robotstxt: internal error: the handle is %s, not a number", v.Type())
	}
	h := v.Int()
	r, ok := files[h]
	if !ok {
		// index.mjs stops calls after free() itself.
		return 0, nil, fmt.Errorf("robotstxt: internal error: no file has the handle %d", h)
	}
	return h, r, nil
}

// onFile makes an api function of f, which is given the file of the
// handle in the call's first argument and the other arguments.
func onFile(f func(r *robotstxt.Robots, args []js.Value) (any, error)) func([]js.Value) (any, error) {
	return func(args []js.Value) (any, error) {
		_, r, err := file(args)
		if err != nil {
			return nil, err
		}
		return f(r, args[1:])
	}
}

// list makes a JavaScript array of items, each made by f; an empty one
// for none.
func list[T any](items []T, f func(T) any) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = f(it)
	}
	return out
}

// agentArgs reads the crawler's names. None at all asks for the "*" group.
func agentArgs(args []js.Value) ([]string, error) {
	agents := make([]string, len(args))
	for i := range args {
		s, err := stringArg(args, i)
		if err != nil {
			return nil, err
		}
		agents[i] = s
	}
	return agents, nil
}

// contents reads a file's body, text or exact bytes, but no more of it
// than o.Parse reads with the given limit (-1: none), and one byte more,
// which tells whether the file goes past the limit. Copying the whole of
// a 300 MB string to read its first 500 KiB took 15 s and grew the
// module's memory, which never shrinks, by 614 MB.
func contents(v js.Value, limit int) ([]byte, error) {
	if v.Type() == js.TypeString {
		// syscall/js calls methods of objects only: Object(v) wraps the
		// text in a String object, without copying it.
		if limit >= 0 && js.Global().Get("Object").Invoke(v).Length() > limit+1 {
			// Every UTF-16 unit is at least one byte of UTF-8, so limit+1
			// units make at least limit+1 bytes. A surrogate pair cut in
			// two makes U+FFFD at byte limit or later, whose first byte,
			// like that of the whole character, is no line break: the
			// parse reads the same up to the limit and learns the same
			// cut.
			v = js.Global().Get("Object").Invoke(v).Call("slice", 0, limit+1)
		}
		s := v.String()
		if limit >= 0 && len(s) > limit+1 {
			s = s[:limit+1]
		}
		return []byte(s), nil
	}
	// index.mjs passes a Uint8Array of its own making, whose length and
	// prototype run no code of the caller's.
	if v.Type() != js.TypeObject || !v.InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, fmt.Errorf("robotstxt: internal error: the contents are %s, not a string or a Uint8Array", v.Type())
	}
	n := v.Length()
	if limit >= 0 && n > limit+1 {
		n = limit + 1
	}
	b := make([]byte, n)
	js.CopyBytesToGo(b, v)
	return b, nil
}

// limitOf returns how many bytes of a file o parses: MaxBytes, or
// robotstxt.DefaultMaxBytes when that is 0, or -1 for no limit.
func limitOf(o robotstxt.Options) int {
	switch {
	case o.MaxBytes == 0:
		return robotstxt.DefaultMaxBytes
	case o.MaxBytes < 0:
		return -1
	}
	return o.MaxBytes
}

// parse parses data, which contents cut one byte past o's limit when the
// file is longer. o.Parse would count the rules lost past the limit in
// that one byte, and say none were; o.ParseReader, which reads as far,
// says they were not read.
func parse(o robotstxt.Options, data []byte) *robotstxt.Robots {
	if l := limitOf(o); l >= 0 && len(data) > l {
		// A bytes.Reader never fails.
		r, _ := o.ParseReader(bytes.NewReader(data))
		return r
	}
	return o.Parse(data)
}

// options reads the mode and maxBytes arguments of parse: a string and a
// number, whose values index.mjs leaves to be checked here.
func options(args []js.Value) (robotstxt.Options, error) {
	var o robotstxt.Options
	mode, err := stringArg(args, 1)
	if err != nil {
		return o, err
	}
	switch mode {
	case "rfc":
	case "google":
		o.Mode = robotstxt.Google
	default:
		return o, fmt.Errorf(`robotstxt: options.mode must be "rfc" or "google", not %q`, mode)
	}
	maxBytes := arg(args, 2)
	if maxBytes.Type() != js.TypeNumber {
		return o, fmt.Errorf("robotstxt: internal error: maxBytes is %s, not a number", maxBytes.Type())
	}
	f := maxBytes.Float()
	if f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
		return o, fmt.Errorf("robotstxt: options.maxBytes must be an integer between -2^31 and 2^31, not %v", f)
	}
	o.MaxBytes = int(f)
	return o, nil
}
