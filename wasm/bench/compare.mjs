// Runs this package and robots-parser on the same inputs, side by side,
// and prints Markdown tables: the package's size, start-up, a small file
// parsed and queried, memory over 100,000 files, agreement with Google's
// answers on the conformance records, parse time of the large corpus
// files, and time per query. It writes the tables into README.md, between
// its bench markers, so that the figures there are always this script's.
// `npm run compare` after ./build.sh and npm ci; README.md says how to
// read the tables.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import theirs from 'robots-parser';
import * as package_ from '@rfc9309/robotstxt';
import { googleCases, robotsURL } from '../test/cases.mjs';

await package_.ready;
const ours = package_.default;
const here = new URL('..', import.meta.url);

// out collects the tables, for the console and for README.md.
const out = [];
const print = (line = '') => {
	out.push(line);
	console.log(line);
};

const corpus = new URL('../../testdata/corpus/', import.meta.url);

// text is what a JavaScript caller holds after fetch(...).text().
const text = (contents) => (typeof contents === 'string' ? contents : new TextDecoder().decode(contents));

const kB = (n) => `${(n / 1000).toFixed(0)} kB`;

// The files the package holds and its packed size, as npm pack makes it
// from the last build, and robots-parser's.
function sizes() {
	const pack = (dir) => JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
	const mine = pack(here);
	const rp = pack(new URL('node_modules/robots-parser/', here));
	print('\nSize\n');
	print('| | this package | robots-parser 3.0.1 |');
	print('|---|---:|---:|');
	print(`| \`npm pack\` tarball | ${kB(mine.size)} | ${kB(rp.size)} |`);
	print(`| unpacked | ${kB(mine.unpackedSize)} | ${kB(rp.unpackedSize)} |`);
	for (const f of mine.files.filter((f) => f.path.includes('.wasm'))) {
		const bytes = readFileSync(new URL(f.path, here));
		const raw = f.path.endsWith('.br') ? zlib.brotliDecompressSync(bytes) : bytes;
		print(`| \`${f.path}\` | ${kB(f.size)} (module ${kB(raw.length)}, ${kB(zlib.gzipSync(raw, { level: 9 }).length)} gzipped) | |`);
	}
}

// sizeByPackage builds the module again with its function names, and a
// module of nothing but the Go runtime and one export, and prints what the
// runtime and each package add to the code; the rest of the module is its
// data (type descriptors, function tables for the runtime, strings and
// tables of constants).
function sizeByPackage() {
	const dir = mkdtempSync(join(os.tmpdir(), 'robotstxt-size-'));
	try {
		const env = { ...process.env, GOOS: 'wasip1', GOARCH: 'wasm' };
		const build = (cwd, outFile, flags = []) => execFileSync('go', ['build', '-buildmode=c-shared', '-trimpath', ...flags, '-o', outFile, '.'], { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
		build(here, join(dir, 'named.wasm'));
		writeFileSync(join(dir, 'go.mod'), 'module bare\n\ngo 1.24\n');
		writeFileSync(join(dir, 'main.go'), 'package main\n\n//go:wasmexport add\nfunc add(a, b int32) int32 { return a + b }\n\nfunc main() {}\n');
		build(dir, join(dir, 'bare.wasm'), ['-ldflags=-s -w']);
		const bare = readFileSync(join(dir, 'bare.wasm'));
		const { code, data, byPackage, largest } = wasmSections(readFileSync(join(dir, 'named.wasm')));
		print('\nWhat the module holds: its code by Go package (from the function names of a build without `-s -w`), and a module of the Go runtime alone\n');
		print('| | bytes |');
		print('|---|---:|');
		print(`| a module of the Go runtime alone (one export, \`-s -w\`) | ${kB(bare.length)} (${kB(zlib.gzipSync(bare, { level: 9 }).length)} gzipped) |`);
		print(`| this module's code | ${kB(code)} |`);
		const top = [...byPackage].sort((a, b) => b[1] - a[1]);
		for (const [name, n] of top.slice(0, 14)) {
			print(`| — ${name} | ${kB(n)} |`);
		}
		print(`| — the other ${top.length - 14} packages | ${kB(top.slice(14).reduce((a, [, n]) => a + n, 0))} |`);
		print(`| this module's data | ${kB(data)} |`);
		// V8 compiles the functions that run often again, optimised, and
		// the memory the process keeps after grows with the largest of
		// them: see "What is left in memory" in README.md.
		print(`| the library's largest functions | ${largest.map(([name, n]) => `\`${name}\` ${kB(n)}`).join(', ')} |`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

// wasmSections reads a WebAssembly module's code and data section sizes,
// and the size of each function body, added up by the Go package its name
// (in the name section) gives.
function wasmSections(b) {
	let p = 8;
	const leb = () => {
		let r = 0;
		let shift = 0;
		let x;
		do {
			x = b[p++];
			r += (x & 0x7f) * 2 ** shift;
			shift += 7;
		} while (x & 0x80);
		return r;
	};
	let imported = 0;
	let code = 0;
	let data = 0;
	const bodies = [];
	const names = new Map();
	while (p < b.length) {
		const id = b[p++];
		const size = leb();
		const end = p + size;
		if (id === 2) {
			for (let n = leb(); n > 0; n--) {
				for (let k = 0; k < 2; k++) {
					const len = leb(); // module, then field name
					p += len;
				}
				if (b[p++] === 0) {
					leb();
					imported++;
				} else {
					throw new Error('an import that is not a function');
				}
			}
		} else if (id === 10) {
			code = size;
			for (let n = leb(); n > 0; n--) {
				const s = leb();
				bodies.push(s);
				p += s;
			}
		} else if (id === 11) {
			data = size;
		} else if (id === 0) {
			const n = leb();
			if (b.subarray(p, p + n).toString() === 'name') {
				p += n;
				while (p < end) {
					const sub = b[p++];
					const subEnd = leb() + p;
					if (sub === 1) {
						for (let k = leb(); k > 0; k--) {
							const index = leb();
							const len = leb();
							names.set(index, b.subarray(p, p + len).toString());
							p += len;
						}
					}
					p = subEnd;
				}
			}
		}
		p = end;
	}
	const byPackage = new Map();
	const library = [];
	bodies.forEach((s, i) => {
		// Go names a function package.Name, with the package's path's
		// dots and slashes written as _ in the name section.
		const name = names.get(i + imported) ?? '?';
		const pkg = name.startsWith('github.com_rfc9309_robotstxt.') ? 'the robotstxt library' : name.startsWith('main.') ? 'this module (exports.go, ...)' : name.replace(/\..*$/, '').replace(/^type_$/, 'type equality functions').replace(/_/g, '/');
		byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + s);
		if (pkg === 'the robotstxt library') {
			// The name section writes (*T).M as __T_.M.
			library.push([name.slice('github.com_rfc9309_robotstxt.'.length).replace(/^__(\w+)_\./, '(*$1).'), s]);
		}
	});
	const largest = library.sort((a, b) => b[1] - a[1]).slice(0, 3);
	return { code, data, byPackage, largest };
}

// The small file of the start-up, small-file and memory figures: 448
// bytes, the size of most sites' robots.txt.
const small = readFileSync(new URL('../../testdata/corpus/053_www.rfi.fr.txt', import.meta.url), 'utf8');
const smallURL = 'https://www.rfi.fr/robots.txt';
const smallQuery = 'https://www.rfi.fr/recherche/?Search=x';

// startUp runs a whole node process per measure, which loads a library,
// parses the small file and prints one answer: its wall time, and the
// time from the process's start to the answer as the process sees it.
function startUp() {
	const esm = (spec) => `import * as m from ${JSON.stringify(spec)}; import { readFileSync } from 'node:fs';
const body = readFileSync(${JSON.stringify(new URL('../../testdata/corpus/053_www.rfi.fr.txt', import.meta.url).pathname)}, 'utf8');
const t = performance.now(); await m.ready;
const answer = m.default(${JSON.stringify(smallURL)}, body).isAllowed(${JSON.stringify(smallQuery)}, 'Googlebot');
console.log(JSON.stringify({ answer, first: performance.now(), load: performance.now() - t }));`;
	const cjs = (spec) => `const p = require(${JSON.stringify(spec)}); const body = require('node:fs').readFileSync(${JSON.stringify(new URL('../../testdata/corpus/053_www.rfi.fr.txt', import.meta.url).pathname)}, 'utf8');
console.log(JSON.stringify({ answer: p(${JSON.stringify(smallURL)}, body).isAllowed(${JSON.stringify(smallQuery)}, 'Googlebot'), first: performance.now() }));`;
	const runs = 15;
	// once runs one process and returns its wall time and its own time to
	// the answer; null when it fails.
	const once = (args) => {
		const t = performance.now();
		try {
			const r = JSON.parse(execFileSync(process.execPath, args, { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
			return { wall: performance.now() - t, first: r.first };
		} catch {
			return null;
		}
	};
	// measure runs the two libraries' processes in turn, so that both see
	// the same load of a shared machine, and returns each one's medians.
	const measure = (a, b) => {
		const runsOf = [[], []];
		for (let i = 0; i < runs; i++) {
			for (const [j, args] of [a, b].entries()) {
				const r = once(args);
				if (r === null) {
					return [null, null];
				}
				runsOf[j].push(r);
			}
		}
		const med = (xs) => xs.sort((x, y) => x - y)[xs.length >> 1];
		return runsOf.map((rs) => ({ wall: med(rs.map((r) => r.wall)), first: med(rs.map((r) => r.first)) }));
	};
	const cell = (r) => (r ? `${fmt(r.wall)} (${fmt(r.first)})` : 'fails');
	print('\nStart to first answer: a whole `node` process that loads the library, parses the small file and answers one `isAllowed`; median ms of 15 runs each, the two libraries\' processes in turn, wall time (and the process\'s own time to the answer)\n');
	print('| | this package | robots-parser 3.0.1 | ratio |');
	print('|---|---:|---:|---:|');
	for (const [name, code, flag] of [['`import` (ES module)', esm, '--input-type=module'], ['`require()` (CommonJS)', cjs, '--input-type=commonjs']]) {
		const [a, b] = measure([flag, '-e', code('@rfc9309/robotstxt')], [flag, '-e', code('robots-parser')]);
		print(`| ${name} | ${cell(a)} | ${cell(b)} | ${a && b ? `${(a.wall / b.wall).toFixed(2)}x` : ''} |`);
	}
}

// keptFiles times what a crawler does with the files it keeps, one per
// host: 2,000 files of 8 KB, parsed with the event loop turning between
// them as it does between fetches, then asked in turn, one query each,
// in runs alternating between the libraries.
async function keptFiles() {
	const hosts = 2000;
	const rules = (i) => {
		const lines = ['User-agent: *'];
		for (let j = 0; lines.join('\n').length < 8000; j++) {
			lines.push(`Disallow: /h${i}/section-${j}/private/`, `Allow: /h${i}/section-${j}/public/`);
		}
		return `${lines.join('\n')}\n`;
	};
	const files = Array.from({ length: hosts }, (_, i) => rules(i));
	const keep = async (p) => {
		const kept = [];
		for (let i = 0; i < hosts; i++) {
			kept.push(p(`https://host${i}.example/robots.txt`, files[i]));
			if (i % 50 === 49) {
				await new Promise((resolve) => setImmediate(resolve));
			}
		}
		return kept;
	};
	const mine = await keep(ours);
	const rp = await keep(theirs);
	const ask = (kept) => {
		let i = 0;
		return () => {
			for (let n = 0; n < 100; n++, i = (i + 1) % hosts) {
				kept[i].isAllowed(`https://host${i}.example/h${i}/section-${n % 20}/private/x`, 'Googlebot');
			}
		};
	};
	const [a, b] = alternating([ask(mine), ask(rp)], 500, 2000);
	print(`\nKept files: ${hosts.toLocaleString('en')} files of about 8 KB, one per host, parsed once and kept; then asked in turn, one \`isAllowed\` each, in runs of 100 queries alternating between the libraries: µs per query\n`);
	print('| | this package | robots-parser 3.0.1 | ratio |');
	print('|---|---:|---:|---:|');
	const us = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
	for (const [name, key] of [['wall time, median of the runs', 'wall'], ['CPU time, median of the runs', 'cpu']]) {
		print(`| ${name} | ${us(a[key] * 10)} | ${us(b[key] * 10)} | ${ratio(b[key], a[key])} |`);
	}
	for (const r of mine) {
		r.free();
	}
}

// smallFile times what a crawler does per site: parse a small file and
// ask one question, never freeing, as robots-parser's users do. Runs of
// 100 files alternate between the libraries, so that both see the same
// load of a shared machine, for 3 seconds after a second of warm-up
// (V8 compiles the module's hot functions again, optimised, in the first
// thousands of calls). The median of the runs' wall times leaves out
// some of the runs in which the process waited for a core, which on a
// loaded machine can be most of a mean; the process's CPU time leaves
// out the waiting, and its mean counts every garbage collection,
// including those that fall in a few runs.
function smallFile() {
	const run = (p) => () => {
		for (let i = 0; i < 100; i++) {
			p(smallURL, small).isAllowed(smallQuery, 'Googlebot');
		}
	};
	const [a, b] = alternating([run(ours), run(theirs)], 1000, 3000);
	const us = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
	print(`\nThe small file (${Buffer.byteLength(small)} bytes) parsed and asked one \`isAllowed\`, µs per file, in runs of 100 files alternating between the libraries\n`);
	print('| | this package | robots-parser 3.0.1 | ratio |');
	print('|---|---:|---:|---:|');
	for (const [name, key] of [['wall time, median of the runs', 'wall'], ['CPU time, median of the runs', 'cpu'], ['CPU time, mean of the runs', 'cpuMean']]) {
		print(`| ${name} | ${us(a[key] * 10)} | ${us(b[key] * 10)} | ${ratio(b[key], a[key])} |`);
	}
}

// alternating runs each function of fs in turn, round after round, for
// warm milliseconds unmeasured and then for budget more, and returns for
// each the median of its runs' wall and CPU times and the mean of their
// CPU times, in milliseconds.
function alternating(fs, warm, budget) {
	const times = fs.map(() => ({ wall: [], cpu: [] }));
	const start = performance.now();
	while (performance.now() - start < warm + budget) {
		const measured = performance.now() - start >= warm;
		fs.forEach((f, i) => {
			const c = process.cpuUsage();
			const t = performance.now();
			f();
			const wall = performance.now() - t;
			const { user, system } = process.cpuUsage(c);
			if (measured) {
				times[i].wall.push(wall);
				times[i].cpu.push((user + system) / 1000);
			}
		});
	}
	const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
	return times.map(({ wall, cpu }) => ({ wall: med(wall), cpu: med(cpu), cpuMean: cpu.reduce((x, y) => x + y, 0) / cpu.length }));
}

// memory runs bench/memory.mjs for each library, each in a process of its
// own. The last rows start both processes with MALLOC_ARENA_MAX=2, which
// README.md explains.
function memory() {
	const run = (which, mode, env) => JSON.parse(execFileSync(process.execPath, ['bench/memory.mjs', which, ...mode.split(' ')], { cwd: here, encoding: 'utf8', env: { ...process.env, ...env } }));
	const MB = (n) => `${(n / 1e6).toFixed(0)} MB`;
	print('\n100,000 small files parsed, each asked one question, none freed, kept by the caller or not: peak resident memory of the process (and at the end)\n');
	print('| the loop | this package | robots-parser 3.0.1 | ratio |');
	print('|---|---:|---:|---:|');
	const arenas = { MALLOC_ARENA_MAX: '2' };
	for (const [mode, name, env] of [
		['yield keep', 'keeps every file, the event loop turning every 100 files', {}],
		['loop keep', 'keeps every file, never yields', {}],
		['yield', 'lets the event loop turn every 100 files', {}],
		['loop', 'never yields', {}],
		['yield', 'lets the event loop turn, `MALLOC_ARENA_MAX=2`', arenas],
		['loop', 'never yields, `MALLOC_ARENA_MAX=2`', arenas],
	]) {
		const a = run('ours', mode, env);
		const b = run('theirs', mode, env);
		print(`| ${name} | ${MB(a.peak)} (${MB(a.final)}) | ${MB(b.peak)} (${MB(b.final)}) | ${(a.peak / b.peak).toFixed(2)}x |`);
	}
}

function agreement() {
	const cases = googleCases();
	const single = cases.filter((c) => c.agents.length === 1);
	const count = (list, ask) => list.filter((c) => ask(c) === c.allowed).length;
	const countLines = (list, ask) => list.filter((c) => ask(c) === (c.line === 0 ? -1 : c.line)).length;
	const mine = (mode, method) => (c) => {
		const r = ours(robotsURL(c.url), c.contents, { mode });
		try {
			return r[method](c.url, c.agents);
		} finally {
			r.free();
		}
	};
	const rp = (method) => (c) => theirs(robotsURL(c.url), text(c.contents))[method](c.url, c.agents[0]);
	const rows = [
		['this package, mode "google"', mine('google', 'isAllowed'), mine('google', 'getMatchingLineNumber')],
		['this package, mode "rfc" (the default)', mine('rfc', 'isAllowed'), mine('rfc', 'getMatchingLineNumber')],
		['robots-parser 3.0.1', rp('isAllowed'), rp('getMatchingLineNumber')],
	];
	print(`\nGoogle's answers (testdata/conformance/google_match.json): ${single.length} single-agent records, ${cases.length} in all\n`);
	print('| | verdict, single-agent | and Google\'s line | verdict, all records |');
	print('|---|---:|---:|---:|');
	for (const [name, verdict, line] of rows) {
		const all = name.startsWith('robots') ? 'one agent per call' : `${count(cases, verdict)} / ${cases.length}`;
		print(`| ${name} | ${count(single, verdict)} / ${single.length} | ${countLines(single, line)} / ${single.length} | ${all} |`);
	}
}

// median runs f repeatedly, for at least budget milliseconds and min
// runs, after one unmeasured run, and returns the median in milliseconds.
function median(f, budget, min = 5) {
	f();
	const times = [];
	const start = performance.now();
	while (times.length < min || performance.now() - start < budget) {
		const t = performance.now();
		f();
		times.push(performance.now() - t);
	}
	times.sort((a, b) => a - b);
	return times[times.length >> 1];
}

const fmt = (ms) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));
const ratio = (a, b) => `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}x`;

// largeFile times a file of 12.5 MB, the corpus's files one after the
// other and again, read whole (maxBytes: -1): the parse, and the first
// isAllowed after it, in this package and in the Go library natively
// (bench/native): the first parse of a process of its own ("cold"), and
// the medians of 5 runs in one process.
function largeFile() {
	const size = 12.5e6;
	const all = corpusFiles(0)
		.sort()
		.map((f) => readFileSync(new URL(f, corpus), 'latin1'))
		.join('\n');
	let body = all;
	while (body.length < size) {
		body += `\n${all}`;
	}
	body = body.slice(0, size);
	const dir = mkdtempSync(join(os.tmpdir(), 'robotstxt-large-'));
	try {
		const path = join(dir, 'large.txt');
		writeFileSync(path, body, 'latin1');
		const url = 'https://www.example.com/robots.txt';
		const query = 'https://www.example.com/a/b';
		const native = JSON.parse(execFileSync('go', ['run', './bench/native', path, query, 'Googlebot', '5'], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
		// The cold parse, in a node process of its own.
		const coldCode = `import robotsParser from '@rfc9309/robotstxt'; import { readFileSync } from 'node:fs';
const body = readFileSync(${JSON.stringify(path)}, 'latin1');
const t = performance.now(); const r = robotsParser(${JSON.stringify(url)}, body, { maxBytes: -1 }); const p = performance.now();
r.isAllowed(${JSON.stringify(query)}, 'Googlebot');
console.log(JSON.stringify({ parse: p - t, first: performance.now() - p }));`;
		const cold = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', coldCode], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
		const parse = [];
		const first = [];
		for (let i = 0; i < 5; i++) {
			const t = performance.now();
			const r = ours(url, body, { maxBytes: -1 });
			const p = performance.now();
			r.isAllowed(query, 'Googlebot');
			parse.push(p - t);
			first.push(performance.now() - p);
			r.free();
		}
		const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
		const mine = { parse: med(parse), first: med(first) };
		print(`\nA file of ${(size / 1e6).toFixed(1)} MB (the corpus's files, one after the other and again) read whole, \`maxBytes: -1\`: milliseconds, the first parse of a process of its own and the median of 5 runs in one process, and how many times the Go library's natively (\`bench/native\`)\n`);
		print('| | this package | the Go library, natively | ratio |');
		print('|---|---:|---:|---:|');
		for (const [name, a, b] of [
			['the process\'s first parse', cold.parse, native.coldParse],
			['the first `isAllowed` after it', cold.first, native.coldFirst],
			['parse, median of 5', mine.parse, native.parse],
			['the first `isAllowed` after it, median of 5', mine.first, native.first],
		]) {
			print(`| ${name} | ${fmt(a)} | ${fmt(b)} | ${(a / b).toFixed(1)}x |`);
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function corpusFiles(minBytes) {
	return readdirSync(corpus)
		.filter((f) => f.endsWith('.txt') && statSync(new URL(f, corpus)).size >= minBytes)
		.sort((a, b) => statSync(new URL(b, corpus)).size - statSync(new URL(a, corpus)).size);
}

const site = (file) => `https://${file.replace(/^\d+_/, '').replace(/\.txt$/, '')}`;
const ruleCount = (body) => body.split(/\r\n|\r|\n/).filter((l) => /^\s*(dis)?allow\s*:/i.test(l)).length;

function parsing() {
	print('\nParse, median milliseconds (this package with maxBytes: -1, so both read the whole file)\n');
	print('| file | size | rules | this package | robots-parser | ratio |');
	print('|---|---:|---:|---:|---:|---:|');
	for (const file of corpusFiles(100_000)) {
		const body = readFileSync(new URL(file, corpus), 'utf8');
		const url = `${site(file)}/robots.txt`;
		const a = median(() => ours(url, body, { maxBytes: -1 }).free(), 1000);
		const b = median(() => theirs(url, body), 1000);
		const kb = Buffer.byteLength(body) / 1024;
		print(`| ${file} | ${kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb.toFixed(0)} KB`} | ${ruleCount(body).toLocaleString('en')} | ${fmt(a)} | ${fmt(b)} | ${ratio(b, a)} |`);
	}
}

// targets makes queries from a file's own rules: each rule's path with
// its wildcards dropped, then a variant that goes on past it, n in all.
function targets(body, origin, n) {
	const paths = body
		.split(/\r\n|\r|\n/)
		.map((l) => /^\s*(?:dis)?allow\s*:\s*(\/[^\s#]*)/i.exec(l)?.[1])
		.filter(Boolean)
		.map((p) => p.replace(/[*$]/g, ''));
	const out = [];
	for (let i = 0; out.length < n && paths.length > 0; i++) {
		const p = paths[Math.floor((i * paths.length) / n) % paths.length];
		out.push(`${origin}${p}`, `${origin}${p}x/page.html?id=${i}`);
	}
	return out.length > 0 ? out : [`${origin}/`];
}

function querying() {
	const files = ['rfc9309-example.txt', 'corpus/024_github.com.txt', 'corpus/016_docs.oracle.com.txt', 'corpus/074_www.xuexi.cn.txt'];
	print('\nTime per query, median microseconds: isAllowed(url, "Googlebot"), URLs made from the file\'s own rules\n');
	print('| file | rules | this package | robots-parser | ratio |');
	print('|---|---:|---:|---:|---:|');
	for (const file of files) {
		const body = readFileSync(new URL(`../../testdata/${file}`, import.meta.url), 'utf8');
		const origin = 'https://example.com';
		const urls = targets(body, origin, 1000);
		const a = ours(`${origin}/robots.txt`, body, { maxBytes: -1 });
		const b = theirs(`${origin}/robots.txt`, body);
		// Each run is a batch of queries timed as one, sized from a first
		// few queries (the first builds this package's index of the group)
		// to take about 20 ms, so that a slow library's runs stay short.
		const perQuery = (robots) => {
			let i = 0;
			const run = (n) => {
				for (let k = 0; k < n; k++) {
					robots.isAllowed(urls[i++ % urls.length], 'Googlebot');
				}
			};
			run(10);
			const t = performance.now();
			run(10);
			const each = (performance.now() - t) / 10;
			const n = Math.max(1, Math.min(urls.length, Math.round(20 / Math.max(each, 0.0001))));
			return (median(() => run(n), 1000) / n) * 1000;
		};
		const us = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
		const qa = perQuery(a);
		const qb = perQuery(b);
		print(`| ${file.replace(/^corpus\//, '')} | ${ruleCount(body).toLocaleString('en')} | ${us(qa)} | ${us(qb)} | ${ratio(qb, qa)} |`);
		a.free();
	}
}

print(`Node ${process.version}, ${os.cpus()[0].model}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start`);
sizes();
sizeByPackage();
startUp();
smallFile();
await keptFiles();
memory();
agreement();
parsing();
largeFile();
querying();

// README.md gets the tables between its markers, in place of the last
// run's.
const readme = new URL('README.md', here);
const text_ = readFileSync(readme, 'utf8');
const begin = '<!-- bench:begin (npm run compare writes what follows) -->';
const end = '<!-- bench:end -->';
const a = text_.indexOf(begin);
const b = text_.indexOf(end);
if (a >= 0 && b > a) {
	writeFileSync(readme, `${text_.slice(0, a + begin.length)}\n\n${out.join('\n')}\n\n${text_.slice(b)}`);
	console.error('README.md: tables updated');
} else {
	console.error('README.md has no bench markers: tables not written');
}
