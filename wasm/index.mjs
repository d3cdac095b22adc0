// The package's entry point in browsers, where a module this size must be
// compiled asynchronously: robots-parser's function, which throws until
// `ready` resolves, and answers synchronously after. In Node.js, import
// and require() load index.node.mjs and index.cjs instead, which are
// ready at once; this file also runs there, reading the module from disk.

import { load } from './core.mjs';

let parser;
let loadError;

async function compile(imports) {
	const url = new URL('./robotstxt.wasm', import.meta.url);
	if (url.protocol === 'file:') {
		// Node.js. A dynamic import, so that browsers never see it.
		const { readFile } = await import('node:fs/promises');
		return (await WebAssembly.instantiate(await readFile(url), imports)).instance;
	}
	const response = await fetch(url);
	if (!response.ok) {
		throw new Error(`fetching ${url}: ${response.status} ${response.statusText}`);
	}
	if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
		return (await WebAssembly.instantiateStreaming(response, imports)).instance;
	}
	return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

/** Resolves once the module is loaded; robotsParser can be called after. */
export const ready = load(compile).then(
	(p) => {
		parser = p;
	},
	(err) => {
		loadError = err;
		throw err;
	},
);
// A failed load is reported by every later call, so it must not also end
// the process as an unhandled rejection when nobody awaits ready.
ready.catch(() => {});

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

export { robotsParser };

/** The number of parsed files the Go side holds, for tests. */
export function liveHandles() {
	return loaded().liveHandles();
}
