// Runs this package and robots-parser on the same inputs in one process
// and prints Markdown tables: agreement with Google's answers on the
// conformance records, parse time of the large corpus files, and time per
// query. `npm run compare` after ./build.sh and npm ci; README.md says how
// to read the tables.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import theirs from 'robots-parser';
import ours, { ready } from '../index.mjs';
import { googleCases, robotsURL } from '../test/cases.mjs';

await ready;

const corpus = new URL('../../testdata/corpus/', import.meta.url);

// text is what a JavaScript caller holds after fetch(...).text().
const text = (contents) => (typeof contents === 'string' ? contents : new TextDecoder().decode(contents));

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
	console.log(`\nGoogle's answers (testdata/conformance/google_match.json): ${single.length} single-agent records, ${cases.length} in all\n`);
	console.log('| | verdict, single-agent | and Google\'s line | verdict, all records |');
	console.log('|---|---:|---:|---:|');
	for (const [name, verdict, line] of rows) {
		const all = name.startsWith('robots') ? 'one agent per call' : `${count(cases, verdict)} / ${cases.length}`;
		console.log(`| ${name} | ${count(single, verdict)} / ${single.length} | ${countLines(single, line)} / ${single.length} | ${all} |`);
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

function corpusFiles(minBytes) {
	return readdirSync(corpus)
		.filter((f) => f.endsWith('.txt') && statSync(new URL(f, corpus)).size >= minBytes)
		.sort((a, b) => statSync(new URL(b, corpus)).size - statSync(new URL(a, corpus)).size);
}

const site = (file) => `https://${file.replace(/^\d+_/, '').replace(/\.txt$/, '')}`;
const ruleCount = (body) => body.split(/\r\n|\r|\n/).filter((l) => /^\s*(dis)?allow\s*:/i.test(l)).length;

function parsing() {
	console.log('\nParse, median milliseconds (this package with maxBytes: -1, so both read the whole file)\n');
	console.log('| file | size | rules | this package | robots-parser | ratio |');
	console.log('|---|---:|---:|---:|---:|---:|');
	for (const file of corpusFiles(100_000)) {
		const body = readFileSync(new URL(file, corpus), 'utf8');
		const url = `${site(file)}/robots.txt`;
		const a = median(() => ours(url, body, { maxBytes: -1 }).free(), 1000);
		const b = median(() => theirs(url, body), 1000);
		const kb = Buffer.byteLength(body) / 1024;
		console.log(`| ${file} | ${kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb.toFixed(0)} KB`} | ${ruleCount(body).toLocaleString('en')} | ${fmt(a)} | ${fmt(b)} | ${ratio(b, a)} |`);
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
	console.log('\nTime per query, median microseconds: isAllowed(url, "Googlebot"), URLs made from the file\'s own rules\n');
	console.log('| file | rules | this package | robots-parser | ratio |');
	console.log('|---|---:|---:|---:|---:|');
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
		console.log(`| ${file.replace(/^corpus\//, '')} | ${ruleCount(body).toLocaleString('en')} | ${us(qa)} | ${us(qb)} | ${ratio(qb, qa)} |`);
		a.free();
	}
}

console.log(`Node ${process.version}, ${os.cpus()[0].model}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
agreement();
parsing();
querying();
