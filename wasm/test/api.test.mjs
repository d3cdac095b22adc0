// What this package adds to robots-parser's interface: the deciding rule,
// diagnostics, several user agents, the modes and the size limit, exact
// bytes, releasing memory, and errors as exceptions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import robotsParser, { ready, liveHandles, parseCount } from '@rfc9309/robotstxt';

await ready;

const url = 'https://example.com/robots.txt';
const page = (path) => `https://example.com${path}`;

// The example file of RFC 9309 section 5.1, after a line of comment.
const example = readFileSync(new URL('../../testdata/rfc9309-example.txt', import.meta.url), 'utf8');

test('decide gives the verdict and the deciding rule (RFC 9309 section 5.1)', () => {
	const robots = robotsParser(url, example);
	assert.deepEqual(robots.decide(page('/example/page.html'), 'foobot'), {
		allowed: true,
		rule: { allow: true, pattern: '/example/page.html', line: 9 },
	});
	assert.deepEqual(robots.decide(page('/publications/'), 'foobot'), {
		allowed: false,
		rule: { allow: false, pattern: '/', line: 8 },
	});
	assert.deepEqual(robots.decide(page('/a/b.gif'), 'otherbot'), {
		allowed: false,
		rule: { allow: false, pattern: '*.gif$', line: 3 },
	});
	assert.deepEqual(robots.decide(page('/example/page.html'), 'quxbot'), { allowed: true, rule: null });
	assert.equal(robots.decide('https://example.org/', 'foobot'), undefined);
	robots.free();
});

test('several user agents: the rules of every group naming one of them', () => {
	const robots = robotsParser(url, example);
	// barbot's group alone allows /example/other, foobot's alone allows
	// /example/page.html; together the longest match decides each.
	assert.equal(robots.isAllowed(page('/example/page.html'), ['barbot']), false);
	assert.equal(robots.isAllowed(page('/example/page.html'), ['foobot', 'barbot']), true);
	assert.equal(robots.getMatchingLineNumber(page('/example/other'), ['foobot', 'barbot']), 8);
	assert.equal(robots.isAllowed(page('/example/other'), ['barbot']), true);
	// Neither given nor empty: the "*" group.
	assert.equal(robots.isAllowed(page('/example/x')), false);
	assert.equal(robots.isAllowed(page('/example/x'), []), false);
	robots.free();
});

test('crawler names: a versioned name or a whole User-Agent finds its group in RFC mode', () => {
	const lines = 'User-agent: *\nAllow: /\n\nUser-agent: Sams-Bot\nDisallow: /\n\nUser-agent: MJ12bot\nDisallow: /private\n';
	const rfc = robotsParser(url, lines);
	assert.equal(rfc.isAllowed(page('/x'), 'Sams-Bot/1.0'), false);
	assert.equal(rfc.isAllowed(page('/x'), 'Sams-Bot/1.0 (+https://example.com/bot)'), false);
	assert.equal(rfc.isAllowed(page('/private'), 'MJ12bot/1.4'), false);
	assert.equal(rfc.isAllowed(page('/private'), 'MJ12'), true);
	rfc.free();
	// Google's library takes the caller's name as given, and reads
	// "MJ12bot" on the line as "MJ".
	const google = robotsParser(url, lines, { mode: 'google' });
	assert.equal(google.isAllowed(page('/x'), 'Sams-Bot/1.0'), true);
	assert.equal(google.isAllowed(page('/private'), 'MJ'), false);
	google.free();
});

test('modes: Google takes the URL as given, RFC mode normalises it (ID_Encoding/3)', () => {
	const text = 'User-agent: FooBot\nDisallow: /foo/bar/%E3%83%84\n';
	const target = page('/foo/bar/ツ');
	const rfc = robotsParser(url, text);
	const google = robotsParser(url, text, { mode: 'google' });
	const explicit = robotsParser(url, text, { mode: 'rfc' });
	assert.equal(rfc.isAllowed(target, 'FooBot'), false);
	assert.equal(explicit.isAllowed(target, 'FooBot'), false);
	assert.equal(google.isAllowed(target, 'FooBot'), true);
	for (const r of [rfc, google, explicit]) {
		r.free();
	}
});

test('options.maxBytes: what lies past the limit is not read', () => {
	const text = `User-agent: *\n${'#'.repeat(600 * 1024)}\nDisallow: /late\n`;
	const limited = robotsParser(url, text);
	const whole = robotsParser(url, text, { maxBytes: -1 });
	assert.equal(limited.isAllowed(page('/late')), true);
	assert.ok(limited.diagnostics().some((d) => d.code === 'truncated'));
	assert.equal(whole.isAllowed(page('/late')), false);
	limited.free();
	whole.free();
});

// memoryGrowth returns how much the resident memory of the process grows
// while f runs, after a garbage collection on each side.
function memoryGrowth(f) {
	v8.setFlagsFromString('--expose-gc');
	const gc = vm.runInNewContext('gc');
	gc();
	const before = process.memoryUsage().rss;
	const result = f();
	gc();
	return { growth: process.memoryUsage().rss - before, result };
}

test('options.maxBytes: a file far past the limit is copied only up to it', () => {
	// 64 MB of rules after the 500 KiB that are read. Copying the whole
	// text into the module grew its memory, which never shrinks, by twice
	// that. Only the limit and one byte more, which tells that the file
	// goes on, are copied. The bound is a quarter of the text: copying it
	// whole grows memory by four times that, and what the process's
	// resident memory does besides, on a loaded machine, was seen at up
	// to 10 MB.
	const size = 64e6;
	const head = 'User-agent: *\nDisallow: /early\n';
	const tail = 'Disallow: /late\n';
	const text = head + '# filler\n'.repeat((500 * 1024) / 9) + tail.repeat(size / tail.length);
	text.charCodeAt(text.length - 1); // flattens the string before measuring
	const bytes = new TextEncoder().encode(text);
	for (const contents of [text, bytes]) {
		const kind = typeof contents === 'string' ? 'a string' : 'a Uint8Array';
		const { growth, result: robots } = memoryGrowth(() => robotsParser(url, contents));
		assert.ok(growth < size / 4, `parsing ${kind} of ${size} bytes grew memory by ${growth} bytes, want less than ${size / 4}`);
		assert.equal(robots.isAllowed(page('/early')), false, kind);
		assert.equal(robots.isAllowed(page('/late')), true, kind);
		const cut = robots.diagnostics().filter((d) => d.code === 'truncated');
		assert.equal(cut.length, 1, kind);
		assert.match(cut[0].message, /larger than the 512000-byte limit/, kind);
		robots.free();
	}
});

test('options.maxBytes: a cut between the halves of a surrogate pair reads as the whole text', () => {
	// The limit's byte is the first of a four-byte character, past the
	// rules; a newline there would keep the line before.
	const text = 'User-agent: *\nDisallow: /a\n';
	for (const tail of ['😀😀', '😀\n', '\n😀']) {
		const limited = robotsParser(url, text + tail, { maxBytes: text.length });
		const whole = robotsParser(url, new TextEncoder().encode(text + tail), { maxBytes: text.length });
		assert.deepEqual(limited.diagnostics(), whole.diagnostics(), JSON.stringify(tail));
		assert.equal(limited.isAllowed(page('/a')), false);
		limited.free();
		whole.free();
	}
});

test('diagnostics: line, severity, stable code and message', () => {
	const robots = robotsParser(url, 'User-agent: *\nDissallow: /x\n');
	assert.deepEqual(robots.diagnostics(), [
		{ line: 2, severity: 'warning', code: 'key-typo', message: '"Dissallow" is read as "disallow"' },
	]);
	assert.equal(robots.isAllowed(page('/x')), false);
	robots.free();
});

test('contents as exact bytes, and as a string, parse alike', () => {
	const bytes = new TextEncoder().encode(example);
	const fromBytes = robotsParser(url, bytes);
	const fromBuffer = robotsParser(url, Buffer.from(example));
	assert.equal(fromBytes.getMatchingLineNumber(page('/example/page.html'), 'foobot'), 9);
	assert.equal(fromBuffer.getMatchingLineNumber(page('/example/page.html'), 'foobot'), 9);
	// A byte that is not UTF-8 reaches the parser as it is.
	const latin1 = robotsParser(url, Uint8Array.from([...'User-agent: *\nDisallow: /caf', 0xe9, ...'\n'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c))));
	assert.equal(latin1.isAllowed(page('/caf%E9')), false);
	assert.equal(latin1.isAllowed(page('/caf')), true);
	for (const r of [fromBytes, fromBuffer, latin1]) {
		r.free();
	}
});

test('free releases the Go side at once; later calls throw', () => {
	const before = liveHandles();
	const robots = robotsParser(url, example);
	assert.equal(liveHandles(), before + 1);
	for (let i = 0; i < 100; i++) {
		robots.isAllowed(page(`/example/${i}`), 'foobot');
	}
	assert.equal(liveHandles(), before + 1, 'queries parse nothing and hold nothing');
	robots.free();
	assert.equal(liveHandles(), before);
	robots.free(); // a second free does nothing
	assert.equal(liveHandles(), before);
	const calls = [
		(r) => r.isAllowed(page('/')),
		(r) => r.isDisallowed(page('/')),
		(r) => r.getMatchingLineNumber(page('/')),
		(r) => r.decide(page('/')),
		(r) => r.getCrawlDelay(),
		(r) => r.getSitemaps(),
		(r) => r.getPreferredHost(),
		(r) => r.diagnostics(),
	];
	for (const call of calls) {
		assert.throws(() => call(robots), { name: 'Error', message: 'robotstxt: this robots.txt object was used after free()' });
	}
});

// small is a small file whose third line disallows /file/i.
const small = (i) => `User-agent: *\nDisallow: /private\nDisallow: /file/${i}\n`;

// countParses returns how many files f parses.
function countParses(f) {
	const before = parseCount();
	f();
	return parseCount() - before;
}

// collector returns gc and collect, which collects and lets finalizers,
// which run between tasks, run.
function collector() {
	v8.setFlagsFromString('--expose-gc');
	const gc = vm.runInNewContext('gc');
	const turn = () => new Promise((resolve) => setTimeout(resolve, 5));
	return { gc, turn, collect: async () => { gc(); await turn(); } };
}

test('the garbage collector releases what free() did not, small files and large', async () => {
	const { collect, turn } = collector();
	for (let i = 0; i < 5; i++) {
		await collect(); // the garbage of earlier tests
	}
	const large = example + '# a comment that makes the file larger\n'.repeat(32 * 1024 / 32);
	const before = liveHandles();
	(() => {
		for (let i = 0; i < 10; i++) {
			robotsParser(url, i % 2 === 0 ? large : `${example}Disallow: /file/${i}\n`).isAllowed(page('/'));
		}
	})();
	assert.equal(liveHandles(), before + 10);
	await turn(); // the files are handed to the registry when the event loop turns
	for (let i = 0; i < 200 && liveHandles() > before; i++) {
		await collect();
	}
	assert.equal(liveHandles(), before);
});

test('kept files stay parsed as long as their objects live, however many', async () => {
	const { collect, turn } = collector();
	// A crawler's table of files: each parsed after a fetch, so the
	// event loop turns between them, then all asked again. 3,000 files
	// are more than the 512 the Go side once held, which parsed each
	// again on every call past them.
	const kept = [];
	for (let i = 0; i < 3000; i++) {
		kept.push(robotsParser(`https://host${i}.example/robots.txt`, small(i)));
		if (i % 100 === 99) {
			await turn();
		}
	}
	const held = liveHandles();
	assert.ok(held >= 3000, `liveHandles() = ${held}, want at least 3000`);
	for (let i = 0; i < 5; i++) {
		await collect();
	}
	assert.ok(liveHandles() >= 3000, `liveHandles() = ${liveHandles()} after collections, want the 3000 kept files still held`);
	const parses = countParses(() => {
		for (let pass = 0; pass < 2; pass++) {
			for (let i = 0; i < kept.length; i++) {
				assert.equal(kept[i].isAllowed(`https://host${i}.example/file/${i}`, 'foobot'), false);
				assert.equal(kept[i].getMatchingLineNumber(`https://host${i}.example/file/${i}`, 'foobot'), 3);
			}
		}
	});
	assert.equal(parses, 0, 'kept files were parsed again');
	for (const r of kept) {
		r.free();
	}
});

test('a run of synchronous code holds a bounded number of files it parsed; those evicted answer alike', async () => {
	const { turn } = collector();
	await turn();
	const before = liveHandles();
	const early = [];
	for (let i = 0; i < 5000; i++) {
		const robots = robotsParser(url, small(i));
		assert.equal(robots.isAllowed(page(`/file/${i}`)), false, `isAllowed("/file/${i}")`);
		if (i < 3) {
			early.push(robots);
		}
	}
	assert.ok(liveHandles() - before <= 2048, `liveHandles() = ${liveHandles()}, want at most 2048 more than ${before}`);
	// The first files were evicted: each is parsed again on its next call,
	// and answers as before.
	for (const [i, robots] of early.entries()) {
		assert.equal(robots.getMatchingLineNumber(page(`/file/${i}`)), 3, `getMatchingLineNumber("/file/${i}")`);
		assert.equal(robots.isAllowed(page(`/file/${i + 1}`)), true, `isAllowed("/file/${i + 1}")`);
		assert.deepEqual(robots.decide(page(`/file/${i}`)), { allowed: false, rule: { allow: false, pattern: `/file/${i}`, line: 3 } });
	}
	await turn();
	// Parsed again in a run that has ended: now left to the registry.
	const parses = countParses(() => early[0].isAllowed(page('/file/0')));
	assert.equal(parses, 0);
	for (const r of early) {
		r.free();
	}
});

test('the objects of a loop that never yields die young, as robots-parser\'s do', () => {
	const { gc } = collector();
	const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
	const loop = (from, to) => {
		for (let i = from; i < to; i++) {
			robotsParser(url, `${example}Disallow: /file/${i}\n`).isAllowed(page(`/file/${i}`));
		}
	};
	// The run holds the objects of its last 2,048 files, with their
	// texts, so that it can hand them to the registry when it ends; those
	// it evicted are no longer held by the package, though most lived long
	// enough to move to the old generation (about 200 bytes a file, to be
	// collected by the next full collection). Young-generation collections
	// only: what survives them was kept alive. An object registered with a
	// FinalizationRegistry is, through every one of them (about 560 bytes
	// a file, with its file's text), so the registry is handed only the
	// files that outlive the run that parsed them.
	gc();
	loop(0, 4000);
	gc({ type: 'minor' });
	gc({ type: 'minor' });
	const before = oldSpace();
	const files = 8000;
	loop(4000, 4000 + files);
	gc({ type: 'minor' });
	gc({ type: 'minor' });
	const perFile = (oldSpace() - before) / files;
	assert.ok(perFile < 350, `the old generation grew by ${perFile.toFixed(0)} bytes a file, want under 350`);
});

// urlsMade returns how many URL objects f makes, counted by standing in
// for the global URL while it runs.
function urlsMade(f) {
	const real = globalThis.URL;
	let made = 0;
	globalThis.URL = class extends real {
		constructor(...args) {
			super(...args);
			made++;
		}
	};
	try {
		f();
	} finally {
		globalThis.URL = real;
	}
	return made;
}

test('an http(s) robots.txt URL of a plain host name is read without a URL object', () => {
	// A URL object costs about a microsecond, a tenth of a small file's
	// parse.
	const made = urlsMade(() => {
		for (const robotsTxt of ['https://example.com/robots.txt', 'http://www.example.com:8080/robots.txt', 'https://a-b.example/robots.txt']) {
			const robots = robotsParser(robotsTxt, example);
			assert.equal(robots.isAllowed(robotsTxt.replace('/robots.txt', '/example/page.html'), 'foobot'), true, robotsTxt);
			robots.free();
		}
	});
	assert.equal(made, 0, 'URL objects made');
});

test('files of the same robots.txt URL read its origin once', () => {
	// An IP address is not a plain host name, so its origin is read with a
	// URL object: one for the first file, none for the next of that URL.
	const robotsTxt = 'http://192.0.2.7:8080/robots.txt';
	const made = urlsMade(() => {
		for (let i = 0; i < 3; i++) {
			const robots = robotsParser(robotsTxt, example);
			assert.equal(robots.isAllowed('http://192.0.2.7:8080/example/page.html', 'foobot'), true, `file ${i}`);
			assert.equal(robots.isAllowed('http://192.0.2.7/example/page.html', 'foobot'), undefined, `file ${i}, another port`);
			robots.free();
		}
	});
	// Each file's query of another port makes one; the robots.txt URL one in all.
	assert.equal(made, 1 + 3, 'URL objects made');
});

test('bad input throws an Error with a message, and the module goes on', () => {
	const robots = robotsParser(url, example);
	const bad = [
		[() => robotsParser(url, 42), TypeError, 'robotstxt: the contents must be a string or a Uint8Array, not number'],
		[() => robotsParser(url, { length: 3 }), TypeError, 'robotstxt: the contents must be a string or a Uint8Array, not object'],
		[() => robotsParser(url, ['User-agent: *']), TypeError, 'robotstxt: the contents must be a string or a Uint8Array, not array'],
		[() => robotsParser(url, '', null), TypeError, 'robotstxt: options must be an object, not null'],
		[() => robotsParser(url, '', { mode: 'bing' }), Error, 'robotstxt: options.mode must be "rfc" or "google", not "bing"'],
		[() => robotsParser(url, '', { mode: 1 }), TypeError, 'robotstxt: options.mode must be a string, not number'],
		[() => robotsParser(url, '', { maxBytes: '1' }), TypeError, 'robotstxt: options.maxBytes must be a number, not string'],
		[() => robotsParser(url, '', { maxBytes: 0.5 }), Error, 'robotstxt: options.maxBytes must be an integer between -2^31 and 2^31, not 0.5'],
		[() => robotsParser(url, '', { maxBytes: NaN }), Error, 'robotstxt: options.maxBytes must be an integer between -2^31 and 2^31, not NaN'],
		[() => robots.isAllowed(page('/'), 7), TypeError, 'robotstxt: a user agent must be a string or an array of strings, not number'],
		[() => robots.isAllowed(page('/'), ['foobot', {}]), TypeError, 'robotstxt: a user agent must be a string or an array of strings, not object'],
		[() => robots.getCrawlDelay([null]), TypeError, 'robotstxt: a user agent must be a string or an array of strings, not null'],
	];
	for (const [call, type, message] of bad) {
		assert.throws(call, (err) => err.constructor === type && err.message === message, message);
		assert.equal(robots.getMatchingLineNumber(page('/example/page.html'), 'foobot'), 9, `after: ${message}`);
	}
	robots.free();
});

test('a URL that does not parse belongs to no origin, as in robots-parser', () => {
	const robots = robotsParser(url, example);
	assert.equal(robots.isAllowed('https://ex ample.com/'), undefined);
	assert.equal(robots.decide('https://ex ample.com/'), undefined);
	robots.free();
});

test('contents whose getters throw cannot reach the Go side', () => {
	class Hostile extends Uint8Array {
		get length() {
			throw new Error('length');
		}
		get buffer() {
			throw new Error('buffer');
		}
	}
	const hostile = new Hostile(new TextEncoder().encode('User-agent: *\nDisallow: /h\n'));
	const robots = robotsParser(url, hostile);
	assert.equal(robots.isAllowed(page('/h')), false);
	robots.free();
	const trap = new Proxy(
		{},
		{
			getPrototypeOf() {
				throw new Error('trap');
			},
		},
	);
	assert.throws(() => robotsParser(url, trap), { message: 'trap' });
	const after = robotsParser(url, example);
	assert.equal(after.isAllowed(page('/example/page.html'), 'foobot'), true);
	after.free();
});
