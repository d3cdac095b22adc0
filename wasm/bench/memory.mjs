// One library, in a process of its own: parses 100,000 small files,
// distinct and never freed, as robots-parser's users do, asks each one
// question, and prints the process's peak and final resident memory in
// bytes as JSON. `node bench/memory.mjs <ours|theirs> <yield|loop>`:
// "yield" lets the event loop turn every 100 files, as a crawler waiting
// on the network does; "loop" never does, so no FinalizationRegistry
// callback can run. A third argument, "keep", keeps every object, as a
// crawler keeps the files of the hosts it crawls.

import { readFileSync } from 'node:fs';

const [which, mode, keep] = process.argv.slice(2);
const mod = which === 'theirs' ? await import('robots-parser') : await import('@rfc9309/robotstxt');
await mod.ready;
const robotsParser = mod.default;

const body = readFileSync(new URL('../../testdata/corpus/053_www.rfi.fr.txt', import.meta.url), 'utf8');
const files = 100_000;
let allowed = 0;
const kept = [];
for (let i = 0; i < files; i++) {
	const r = robotsParser('https://www.rfi.fr/robots.txt', `${body}Disallow: /file/${i}\n`);
	if (r.isAllowed(`https://www.rfi.fr/file/${i}`, 'Googlebot')) {
		allowed++;
	}
	if (keep === 'keep') {
		kept.push(r);
	}
	if (mode === 'yield' && i % 100 === 99) {
		await new Promise((resolve) => setImmediate(resolve));
	}
}
const held = typeof mod.liveHandles === 'function' ? mod.liveHandles() : null;
console.log(JSON.stringify({ peak: process.resourceUsage().maxRSS * 1024, final: process.memoryUsage().rss, allowed, held, kept: kept.length }));
