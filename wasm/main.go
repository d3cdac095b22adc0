//go:build js && wasm

// Command robotstxt.wasm is the robotstxt package built for JavaScript
// (GOOS=js, GOARCH=wasm). It hands the functions of api.go to index.mjs,
// which wraps them and the exports of query.go in robots-parser's
// interface, and then waits for calls.
//
// The boundary with JavaScript is the one place where a mistake could stop
// the module for good: a Go panic that reaches the runtime exits the
// program, and every later call then fails. So each function of api.go is
// called through [export], which turns a panic into an error, and every
// error goes back to JavaScript as an Error value for index.mjs to throw,
// never as a thrown exception or an exit; query.go recovers alike.
package main

import (
	"fmt"
	"os"
	"syscall/js"
)

// main passes the functions to the JavaScript callback named by its first
// argument, then blocks: in a js/wasm program the runtime hands control
// back to JavaScript while main waits, and the functions run as callbacks.
func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "robotstxt.wasm: the name of a callback is expected as the first argument; load the module through index.mjs")
		os.Exit(2)
	}
	fns := map[string]any{}
	for name, f := range api {
		fns[name] = export(f)
	}
	js.Global().Get(os.Args[1]).Invoke(js.ValueOf(fns))
	select {}
}

// export makes f callable from JavaScript. Whatever f returns or panics
// with becomes the call's result: its value, or an Error object.
func export(f func(args []js.Value) (any, error)) js.Func {
	jsError := js.Global().Get("Error")
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if p := recover(); p != nil {
				result = jsError.New(fmt.Sprintf("robotstxt: internal error: %v", p))
			}
		}()
		v, err := f(args)
		if err != nil {
			return jsError.New(err.Error())
		}
		return v
	})
}

// arg returns args[i], or undefined when the call passed fewer.
func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

// stringArg returns args[i], a string. index.mjs checks the types of
// what it passes, and passes only strings, numbers and Uint8Arrays, which
// Go can read without running JavaScript code of the caller's; a wrong
// type here is a mistake of index.mjs.
func stringArg(args []js.Value, i int) (string, error) {
	v := arg(args, i)
	if v.Type() != js.TypeString {
		return "", fmt.Errorf("robotstxt: internal error: argument %d is %s, not a string", i, v.Type())
	}
	return v.String(), nil
}

// object builds a JavaScript object with its keys in the order given,
// which js.ValueOf of a map would not keep: key-value pairs, each key a
// string.
func object(kv ...any) js.Value {
	o := js.Global().Get("Object").New()
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}
