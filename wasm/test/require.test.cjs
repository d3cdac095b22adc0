// The package as robots-parser's users load it: require(), answering at
// once, the same function as import's; and memory held by the Go side
// bounded when nothing frees and no finalizer can run.

'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const robotsParser = require('@rfc9309/robotstxt');

const url = 'https://example.com/robots.txt';
const file = 'User-agent: *\nDisallow: /private\nSitemap: https://example.com/sitemap.xml\n';

test('require() returns robots-parser\'s function, which answers at once', () => {
	assert.equal(typeof robotsParser, 'function');
	const robots = robotsParser(url, file);
	assert.equal(robots.isAllowed('https://example.com/private/a', 'Sams-Bot'), false);
	assert.equal(robots.isDisallowed('https://example.com/public', 'Sams-Bot'), false);
	assert.equal(robots.getMatchingLineNumber('https://example.com/private'), 2);
	assert.deepEqual(robots.getSitemaps(), ['https://example.com/sitemap.xml']);
	assert.equal(robots.getCrawlDelay(), undefined);
	assert.equal(robots.getPreferredHost(), null);
});

test('require() and import give the same function', async () => {
	const m = await import('@rfc9309/robotstxt');
	assert.equal(m.default, robotsParser);
	assert.equal(m.robotsParser, robotsParser);
	assert.equal(robotsParser.default, robotsParser);
	assert.equal(m.liveHandles, robotsParser.liveHandles);
	await m.ready;
});

test('a loop that never yields holds at most 2048 of the files it parsed on the Go side, and files it evicted answer alike', () => {
	const held = [];
	const before = robotsParser.liveHandles();
	for (let i = 0; i < 5000; i++) {
		const robots = robotsParser(url, `${file}Disallow: /file/${i}\n`);
		assert.equal(robots.isAllowed(`https://example.com/file/${i}`), false, `isAllowed("/file/${i}")`);
		if (i % 2000 === 0) {
			held.push([i, robots]);
		}
	}
	assert.ok(robotsParser.liveHandles() - before <= 2048, `liveHandles() = ${robotsParser.liveHandles()}, want at most 2048 more than ${before}`);
	// The first two were evicted long ago: they are parsed again, and
	// answer as before.
	for (const [i, robots] of held) {
		assert.equal(robots.getMatchingLineNumber(`https://example.com/file/${i}`), 4, `getMatchingLineNumber("/file/${i}")`);
		assert.equal(robots.isAllowed(`https://example.com/file/${i + 1}`), true, `isAllowed("/file/${i + 1}")`);
		assert.deepEqual(robots.decide(`https://example.com/file/${i}`), { allowed: false, rule: { allow: false, pattern: `/file/${i}`, line: 4 } });
	}
});

test('a file evicted from the Go side parses again from its bytes, limit and mode', () => {
	const bytes = new TextEncoder().encode('User-agent: *\nDisallow: /caf\u00e9\n');
	const robots = robotsParser(url, bytes, { mode: 'google', maxBytes: 20 });
	bytes.fill(0); // the caller's array, changed after the parse, is not read again
	const want = robots.diagnostics();
	for (let i = 0; i < 2100; i++) {
		robotsParser(url, `${file}Disallow: /file/${i}\n`);
	}
	assert.deepEqual(robots.diagnostics(), want);
	assert.equal(robots.isAllowed('https://example.com/caf'), true, 'the rule past 20 bytes is not read');
});

test('the module is read into WebAssembly memory, not a Buffer that glibc\'s malloc would hold', () => {
	const { readFileSync } = require('node:fs');
	const { join } = require('node:path');
	const { readModule } = require('../read.cjs');
	const path = join(__dirname, '..', 'robotstxt.wasm');
	const bytes = readModule(path);
	assert.ok(!Buffer.isBuffer(bytes), 'readModule returned a Buffer');
	assert.deepEqual(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), readFileSync(path));
	// Transferring an ArrayBuffer detaches it, unless it is a
	// WebAssembly.Memory's, which stays as it is.
	const size = bytes.buffer.byteLength;
	structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
	assert.equal(bytes.buffer.byteLength, size, 'the module\'s bytes were in a detachable ArrayBuffer');
});
