// The browser entry (index.mjs) run by Node.js: it uses nothing of
// Node.js's, loads the module from where init says (bytes, or a URL it
// fetches), refuses calls before ready, and reports a failed load.
// test/browser.test.mjs runs it in Chromium, bundled. Each test imports
// index.mjs by a URL of its own, which Node.js loads as a module of its
// own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const url = 'https://example.com/robots.txt';
const file = 'User-agent: *\nDisallow: /private\n';

test('index.mjs imports nothing of Node.js, so that bundlers for browsers take it as it is', () => {
	for (const name of ['index.mjs', 'core.mjs']) {
		// The code, without its comments.
		const text = readFileSync(new URL(`../${name}`, import.meta.url), 'utf8').replace(/^\s*\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
		const imports = [...text.matchAll(/\bimport\s*(?:[^'"]*from\s*)?\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
		assert.deepEqual(imports.filter((s) => !s.startsWith('./')), [], `${name} imports ${imports}`);
		assert.doesNotMatch(text, /\brequire\(|\bprocess\.|\bBuffer\b/, name);
	}
});

test('init with the module\'s bytes: throws before ready, answers after', async () => {
	const m = await import('./browser/init-bytes.mjs');
	assert.throws(() => m.robotsParser(url, file), { message: 'robotstxt: the WebAssembly module is still loading; await ready first' });
	assert.equal(await m.initialised, undefined);
	await m.ready;
	const robots = m.robotsParser(url, file);
	assert.equal(robots.isAllowed('https://example.com/private/x', 'bot'), false);
	assert.equal(robots.getMatchingLineNumber('https://example.com/private/x'), 2);
	assert.equal(robots.isDisallowed('https://other.example/'), true);
	assert.equal(m.robotsParser.default, m.robotsParser);
	robots.free();
});

test('init with a URL fetches the module from there; a URL that fails is reported by ready and every call', async () => {
	const wasm = readFileSync(new URL('../robotstxt.wasm', import.meta.url));
	const server = http.createServer((req, res) => {
		if (req.url === '/assets/engine.wasm') {
			res.writeHead(200, { 'content-type': 'application/wasm' });
			res.end(wasm);
			return;
		}
		res.writeHead(404);
		res.end();
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${server.address().port}`;
	try {
		const good = await import(`./browser/init-url.mjs?wasm=${encodeURIComponent(`${base}/assets/engine.wasm`)}`);
		await good.ready;
		assert.equal(good.robotsParser(url, file).isAllowed('https://example.com/private'), false);

		const bad = await import(`./browser/init-missing.mjs?wasm=${encodeURIComponent(`${base}/missing.wasm`)}`);
		await assert.rejects(bad.ready, /fetching .*missing\.wasm: 404/);
		assert.throws(() => bad.robotsParser(url, file), /robotstxt: the WebAssembly module failed to load: fetching .*404/);
	} finally {
		server.close();
	}
});

test('init after the module started loading is refused', async () => {
	const m = await import('../index.mjs?late-init');
	// The default location, beside index.mjs, is a file: URL, which
	// Node.js's fetch does not read: that load fails, as it should.
	await assert.rejects(m.ready);
	await assert.rejects(m.init({ wasm: new Uint8Array(0) }), /init\(\) must be called before the module starts loading/);
});
