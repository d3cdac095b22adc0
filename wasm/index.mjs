// The robotstxt Go library, compiled to WebAssembly, behind the interface
// of robots-parser (npm), so that its users can switch by changing an
// import. A file is parsed once, by robotsParser, and stays on the Go side
// until free() or the garbage collector releases it.
//
// Where this differs from robots-parser, and why, is listed in README.md.

import './wasm_exec.js';

// robots-parser resolves relative URLs against this base, so that a
// relative robots.txt URL accepts relative URLs and nothing else. Keeping
// its base keeps that behaviour exactly.
const relativeBase = 'http://robots-relative.samclarke.com/';

// fns holds the functions of api.go once the module runs, wasm the
// module's exports (those of query.go among them); loadError the reason
// it did not run.
let fns;
let wasm;
let loadError;

async function load() {
	const url = new URL('./robotstxt.wasm', import.meta.url);
	const go = new globalThis.Go();
	let code;
	if (url.protocol === 'file:') {
		// Node. A dynamic import, so that browsers never see it.
		const { readFile } = await import('node:fs/promises');
		code = await readFile(url);
	} else {
		const response = await fetch(url);
		if (!response.ok) {
			throw new Error(`fetching ${url}: ${response.status} ${response.statusText}`);
		}
		code = await response.arrayBuffer();
	}
	const { instance } = await WebAssembly.instantiate(code, go.importObject);

	// main.go hands its functions to the callback named by its first
	// argument, during go.run, before it blocks; the name is used once.
	const callback = `robotstxt_${Date.now()}_${Math.random().toString(36).slice(2)}`;
	let api;
	globalThis[callback] = (f) => {
		api = f;
	};
	go.argv = ['robotstxt.wasm', callback];
	try {
		go.run(instance);
	} finally {
		delete globalThis[callback];
	}
	if (!api) {
		throw new Error('the Go program exited before it was ready');
	}
	fns = api;
	wasm = instance.exports;
}

/** Resolves once the module is loaded; robotsParser can be called after. */
export const ready = load().catch((err) => {
	loadError = err;
	throw err;
});
// A failed load is reported by every later call, so it must not also end
// the process as an unhandled rejection when nobody awaits ready.
ready.catch(() => {});

function loaded() {
	if (fns) {
		return fns;
	}
	if (loadError) {
		throw new Error(`robotstxt: the WebAssembly module failed to load: ${loadError.message}`);
	}
	throw new Error('robotstxt: the WebAssembly module is still loading; await ready first');
}

// check throws the Error values with which api.go reports bad input.
function check(v) {
	if (v instanceof Error) {
		throw v;
	}
	return v;
}

// ask writes url and the user agents into Go's query buffer (query.go),
// a uint32 length for each and then their UTF-8 bytes, and calls fn, one
// of query.go's exports, on them.
const encoder = new TextEncoder();
const failed = -2;
let scratch = 0;
let scratchSize = 0;
let memory = null;
let bytes;
let view;

function ask(fn, handle, url, list) {
	const head = 4 * (list.length + 1);
	let size = head + 3 * url.length; // UTF-8 takes at most 3 bytes per UTF-16 unit
	for (const a of list) {
		size += 3 * a.length;
	}
	if (size > scratchSize) {
		scratch = wasm.scratch(size) >>> 0; // an address: unsigned, where i32 reaches JavaScript signed
		scratchSize = size;
	}
	// The memory's buffer is replaced whenever Go grows it.
	if (wasm.mem.buffer !== memory) {
		memory = wasm.mem.buffer;
		bytes = new Uint8Array(memory);
		view = new DataView(memory);
	}
	let at = scratch + head;
	const end = scratch + scratchSize;
	for (let i = 0; i <= list.length; i++) {
		const { written } = encoder.encodeInto(i === 0 ? url : list[i - 1], bytes.subarray(at, end));
		view.setUint32(scratch + 4 * i, written, true);
		at += written;
	}
	const result = fn(handle, list.length);
	if (result === failed) {
		throw new Error(fns.lastError());
	}
	return result;
}

// registry frees the Go side of a Robots that was never freed by hand.
const registry = new FinalizationRegistry((handle) => {
	fns.free(handle);
});

function parseURL(url) {
	try {
		return new URL(url, relativeBase);
	} catch {
		return null;
	}
}

// originOf is what robots-parser compares: protocol, host name and port,
// the port defaulted from the scheme.
function originOf(u) {
	const port = u.port || (u.protocol === 'https:' ? '443' : '80');
	return `${u.protocol}//${u.hostname}:${port}`;
}

// typeOf names a value's type for a message, telling null and arrays
// apart from other objects.
function typeOf(v) {
	return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function mustBe(ok, what, v) {
	if (!ok) {
		throw new TypeError(`robotstxt: ${what}, not ${typeOf(v)}`);
	}
}

// The values passed to Go are checked here and are only strings, numbers
// and Uint8Arrays of this file's making: reading them runs no code of the
// caller's (a getter, a Proxy's trap), which could throw in the middle of
// a Go function and leave the module broken.

// body reads a file's contents: text, exact bytes, or nothing (null and
// undefined, which robots-parser reads as an empty file).
function body(contents) {
	if (contents === null || contents === undefined) {
		return '';
	}
	if (typeof contents === 'string') {
		return contents;
	}
	mustBe(contents instanceof Uint8Array, 'the contents must be a string or a Uint8Array', contents);
	// A view of the caller's bytes, not a copy of them all: api.go copies
	// no more than it parses, the limit and one byte.
	return new Uint8Array(bufferOf.call(contents), offsetOf.call(contents), lengthOf.call(contents));
}

// The getters of every typed array, taken from the prototype before a
// caller's subclass can hide them: they read the array's own fields and
// run no code of the caller's.
const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (name) => Object.getOwnPropertyDescriptor(typedArray, name).get;
const bufferOf = getter('buffer');
const offsetOf = getter('byteOffset');
const lengthOf = getter('byteLength');

// agents reads a user agent, or an array of the names a crawler answers
// to. None asks for the "*" group, as robots-parser's default does.
function agents(ua) {
	if (ua === undefined || ua === null) {
		return [];
	}
	const list = Array.isArray(ua) ? [...ua] : [ua];
	for (const a of list) {
		mustBe(typeof a === 'string', 'a user agent must be a string or an array of strings', a);
	}
	return list;
}

class Robots {
	#handle;
	#origin;
	#prefix;

	constructor(url, contents, options = {}) {
		const f = loaded();
		mustBe(typeof url === 'string', 'the robots.txt URL must be a string', url);
		const u = parseURL(url);
		if (!u) {
			throw new Error(`robotstxt: the robots.txt URL ${JSON.stringify(url)} is not a URL`);
		}
		mustBe(options !== null && typeof options === 'object', 'options must be an object', options);
		const { mode = 'rfc', maxBytes = 0 } = options;
		mustBe(typeof mode === 'string', 'options.mode must be a string', mode);
		mustBe(typeof maxBytes === 'number', 'options.maxBytes must be a number', maxBytes);
		const text = body(contents);
		this.#origin = originOf(u);
		// Shaped for speed (bench/compare.mjs): a URL that starts with the
		// origin as URL serialises it, followed by the end of the host, is
		// of that origin without being parsed. Non-http(s) origins have no
		// serialisation ("null").
		this.#prefix = u.origin === 'null' ? null : u.origin;
		this.#handle = check(f.parse(text, mode, maxBytes));
		registry.register(this, this.#handle, this);
	}

	#live() {
		if (this.#handle === 0) {
			throw new Error('robotstxt: this robots.txt object was used after free()');
		}
		return this.#handle;
	}

	// #covers reports whether url belongs to this file's origin; a URL
	// that does not parse belongs to none, as in robots-parser.
	#covers(url) {
		this.#live();
		mustBe(typeof url === 'string', 'a URL must be a string', url);
		const p = this.#prefix;
		if (p !== null && url.startsWith(p) && (url.length === p.length || '/?#'.includes(url[p.length]))) {
			return true;
		}
		const u = parseURL(url);
		return u !== null && originOf(u) === this.#origin;
	}

	/**
	 * Whether ua (a user agent, or an array of the names a crawler answers
	 * to) may fetch url; undefined for a URL of another origin.
	 */
	isAllowed(url, ua) {
		if (!this.#covers(url)) {
			return undefined;
		}
		return ask(wasm.allowed, this.#handle, url, agents(ua)) === 1;
	}

	/** The opposite of isAllowed; undefined for a URL of another origin. */
	isDisallowed(url, ua) {
		const allowed = this.isAllowed(url, ua);
		return allowed === undefined ? undefined : !allowed;
	}

	/**
	 * The 1-based line of the rule that decides url, -1 when no rule
	 * matches; undefined for a URL of another origin.
	 */
	getMatchingLineNumber(url, ua) {
		if (!this.#covers(url)) {
			return undefined;
		}
		return ask(wasm.line, this.#handle, url, agents(ua));
	}

	/**
	 * The verdict and the rule that decided, {allowed, rule: {allow,
	 * pattern, line} or null}; undefined for a URL of another origin.
	 */
	decide(url, ua) {
		if (!this.#covers(url)) {
			return undefined;
		}
		return check(fns.decide(this.#handle, url, ...agents(ua)));
	}

	/** The Crawl-delay in seconds, or undefined. */
	getCrawlDelay(ua) {
		return check(fns.crawlDelay(this.#live(), ...agents(ua)));
	}

	/** The Sitemap URLs, in file order. */
	getSitemaps() {
		return check(fns.sitemaps(this.#live()));
	}

	/** The Host record, or null. */
	getPreferredHost() {
		return check(fns.host(this.#live()));
	}

	/** The problems found in the file: {line, severity, code, message}. */
	diagnostics() {
		return check(fns.diagnostics(this.#live()));
	}

	/**
	 * Releases the parsed file at once instead of when this object is
	 * garbage collected. Any later call but free() throws.
	 */
	free() {
		if (this.#handle === 0) {
			return;
		}
		registry.unregister(this);
		check(fns.free(this.#handle));
		this.#handle = 0;
	}
}

/**
 * Parses contents, the robots.txt file served at url, once. options.mode
 * is "rfc" (the default: RFC 9309) or "google" (the answers of Google's
 * library); options.maxBytes is how much of the file is read (0: 500 KiB;
 * negative: all).
 */
export default function robotsParser(url, contents, options) {
	return new Robots(url, contents, options);
}

export { robotsParser };

/** The number of parsed files not yet released, for tests. */
export function liveHandles() {
	return check(loaded().handles());
}
