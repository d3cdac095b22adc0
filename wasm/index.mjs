// The package's entry point in browsers and bundlers, where a module this
// size must be compiled asynchronously: robots-parser's function, which
// throws until `ready` resolves, and answers synchronously after. It uses
// nothing of Node.js's, so that esbuild, webpack and Vite bundle it as it
// is. In Node.js, import and require() load index.node.mjs and index.cjs
// instead, which are ready at once.
//
// The module is loaded from beside this file, as a bundler emits it, unless
// init({ wasm }) says where, in the same task as the import (README.md).

import { load } from './core.mjs';

let parser;
let loadError;
let started = false;
let settle;

/** Resolves once the module is loaded; robotsParser can be called after. */
export const ready = new Promise((resolve, reject) => {
	settle = { resolve, reject };
});
// A failed load is reported by every later call, so it must not also end
// the process as an unhandled rejection when nobody awaits ready.
ready.catch(() => {});

// script is the URL of the classic script this file was bundled into
// (esbuild's default format, where import.meta is empty), read while it
// runs: the module is beside it.
const script = globalThis.document?.currentScript?.src;

// where returns the default location of robotstxt.wasm: beside this file.
// The expression new URL('./robotstxt.wasm', import.meta.url) is the one
// webpack and Vite recognise, to emit the module with the bundle and put
// its URL here.
function where() {
	if (import.meta.url) {
		return new URL('./robotstxt.wasm', import.meta.url);
	}
	return new URL('robotstxt.wasm', script ?? globalThis.location?.href);
}

// instantiate compiles and instantiates source: a URL or its text, a
// Response or a promise of one, the module's bytes, or a compiled
// WebAssembly.Module.
async function instantiate(source, imports) {
	source = await source;
	if (source instanceof WebAssembly.Module) {
		return WebAssembly.instantiate(source, imports);
	}
	if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
		return (await WebAssembly.instantiate(source, imports)).instance;
	}
	let response = source;
	if (typeof source === 'string' || source instanceof URL) {
		response = await fetch(source);
	}
	if (typeof Response === 'undefined' || !(response instanceof Response)) {
		throw new TypeError('robotstxt: options.wasm must be a URL, a Response, the module\'s bytes or a WebAssembly.Module');
	}
	if (!response.ok) {
		throw new Error(`fetching ${response.url}: ${response.status} ${response.statusText}`);
	}
	if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
		return (await WebAssembly.instantiateStreaming(response, imports)).instance;
	}
	return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

function start(source) {
	started = true;
	load((imports) => instantiate(source, imports)).then(
		(p) => {
			parser = p;
			settle.resolve();
		},
		(err) => {
			loadError = err;
			settle.reject(err);
		},
	);
}

/**
 * Says where to load robotstxt.wasm from, and starts loading it: a URL (or
 * its text), a Response or a promise of one, the module's bytes, or a
 * WebAssembly.Module. Called in the same task as the import, before the
 * module starts loading from its default location, beside this file;
 * returns ready.
 */
export function init(options = {}) {
	if (started) {
		return Promise.reject(new Error('robotstxt: init() must be called before the module starts loading, in the task that imports the package'));
	}
	start(options.wasm ?? where());
	return ready;
}

// The default location is loaded once the task that imported the package
// has run, unless init was called in it.
queueMicrotask(() => {
	if (!started) {
		try {
			start(where());
		} catch (err) {
			started = true;
			loadError = err;
			settle.reject(err);
		}
	}
});

function loaded() {
	if (parser) {
		return parser;
	}
	if (loadError) {
		throw new Error(`robotstxt: the WebAssembly module failed to load: ${loadError.message}`);
	}
	throw new Error('robotstxt: the WebAssembly module is still loading; await ready first');
}

/**
 * Parses contents, the robots.txt file served at url, once. options.mode
 * is "rfc" (the default: RFC 9309) or "google" (the answers of Google's
 * library); options.maxBytes is how much of the file is read (0: 500 KiB;
 * negative: all).
 */
export default function robotsParser(url, contents, options) {
	return loaded().robotsParser(url, contents, options);
}
// As robots-parser's types give its function to an ES module.
robotsParser.default = robotsParser;

export { robotsParser };

/** The number of parsed files the Go side holds, for tests. */
export function liveHandles() {
	return loaded().liveHandles();
}

/** The number of files parsed since the module loaded, for tests. */
export function parseCount() {
	return loaded().parseCount();
}
