// The interface of robots-parser over an instance of robotstxt.wasm, for
// every entry point: index.cjs and index.node.mjs (Node, which compile the
// module synchronously on load) and index.mjs (browsers, which must
// compile it asynchronously). It uses nothing of Node's or of a browser's
// but WebAssembly, TextEncoder, TextDecoder, URL, FinalizationRegistry,
// setTimeout and crypto.getRandomValues (which index.cjs replaces with
// Node.js's randomFillSync).
//
// build.sh makes core.cjs of this file for require(), by turning its one
// export line into module.exports; so this file imports nothing and
// exports only on its last line.
//
// Where this differs from robots-parser, and why, is listed in README.md.

// wasiImports returns the WASI functions the Go runtime of a wasip1
// module imports, for memory() once the instance exists. The package
// needs none of a real WASI host's: the module reads no file, no
// argument and no environment variable; it needs clocks, random bytes
// for the runtime's hash seeds (random, which fills a Uint8Array), and
// somewhere to write a crash report.
function wasiImports(memory, random) {
	const ok = 0;
	const badf = 8;
	// The view is made again only when Go grows its memory, which replaces
	// the buffer: the runtime reads the clock on every pass of its
	// scheduler.
	let viewed = null;
	let dataView;
	const view = () => {
		const b = memory().buffer;
		if (b !== viewed) {
			viewed = b;
			dataView = new DataView(b);
		}
		return dataView;
	};
	const bytes = (at, n) => new Uint8Array(memory().buffer, at, n);
	const decoder = new TextDecoder();
	return {
		wasi_snapshot_preview1: {
			args_sizes_get(argc, size) {
				view().setUint32(argc, 0, true);
				view().setUint32(size, 0, true);
				return ok;
			},
			args_get: () => ok,
			environ_sizes_get(count, size) {
				view().setUint32(count, 0, true);
				view().setUint32(size, 0, true);
				return ok;
			},
			environ_get: () => ok,
			clock_time_get(id, _precision, at) {
				// 0: the realtime clock, the others monotonic; in ns.
				const ms = id === 0 ? Date.now() : performance.now();
				view().setBigUint64(at, BigInt(Math.round(ms * 1e6)), true);
				return ok;
			},
			random_get(at, n) {
				// getRandomValues fills at most 65,536 bytes a call.
				for (let i = 0; i < n; i += 65536) {
					random(bytes(at + i, Math.min(65536, n - i)));
				}
				return ok;
			},
			fd_write(fd, iovs, count, written) {
				const v = view();
				let text = '';
				let total = 0;
				for (let i = 0; i < count; i++) {
					const at = v.getUint32(iovs + 8 * i, true);
					const n = v.getUint32(iovs + 8 * i + 4, true);
					text += decoder.decode(bytes(at, n));
					total += n;
				}
				if (fd !== 1 && fd !== 2) {
					return badf;
				}
				// Only the Go runtime writes, and only when it crashes.
				console.error(text.replace(/\n$/, ''));
				view().setUint32(written, total, true);
				return ok;
			},
			fd_read: () => badf,
			fd_close: () => badf,
			fd_fdstat_get(fd, at) {
				if (fd > 2) {
					return badf;
				}
				// A character device, no flags, no rights.
				const v = view();
				v.setUint8(at, 2);
				v.setUint16(at + 2, 0, true);
				v.setBigUint64(at + 8, 0n, true);
				v.setBigUint64(at + 16, 0n, true);
				return ok;
			},
			fd_fdstat_set_flags: () => ok,
			fd_prestat_get: () => badf, // no directory is open
			fd_prestat_dir_name: () => badf,
			sched_yield: () => ok,
			poll_oneoff(subscriptions, events, count, done) {
				// The runtime waits here only when every goroutine sleeps,
				// which no export of this module makes them do: every
				// subscription is answered at once, as if its time had come.
				const v = view();
				for (let i = 0; i < count; i++) {
					const s = subscriptions + 48 * i;
					const e = events + 32 * i;
					v.setBigUint64(e, v.getBigUint64(s, true), true);
					v.setUint16(e + 8, 0, true);
					v.setUint8(e + 10, v.getUint8(s + 8));
					v.setBigUint64(e + 16, 0n, true);
					v.setUint16(e + 24, 0, true);
				}
				v.setUint32(done, count, true);
				return ok;
			},
			proc_exit(code) {
				throw new Error(`robotstxt: the Go runtime exited with status ${code}`);
			},
		},
	};
}

// robots-parser resolves relative URLs against this base, so that a
// relative robots.txt URL accepts relative URLs and nothing else. Keeping
// its base keeps that behaviour exactly.
const relativeBase = 'http://robots-relative.samclarke.com/';

// scheme matches the start of an absolute URL.
const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;

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

// parsedOrigin returns what a Robots compares URLs with, for a
// robots.txt URL: its origin as originOf writes it, and as URL serialises
// it (null for an origin that has none), the prefix of the URLs of that
// origin. A robots.txt URL that does not parse has no origin (null), and
// no URL is of it, as in robots-parser.
function parsedOrigin(url) {
	const u = url === null ? null : parseURL(url);
	if (!u) {
		return { origin: null, prefix: null };
	}
	return { origin: originOf(u), prefix: u.origin === 'null' ? null : u.origin };
}

// urlText reads a URL, the robots.txt URL or a query's, as robots-parser
// does, by URL's own conversion to a string: a URL object is its href,
// undefined and null the relative URLs "undefined" and "null"; null for a
// value with no string (a Symbol), which is of no origin.
function urlText(url) {
	if (typeof url === 'string') {
		return url;
	}
	if (typeof url === 'symbol') {
		return null;
	}
	try {
		return String(url);
	} catch {
		return null;
	}
}

// plain matches the start of an http(s) URL that URL would leave as it
// is: a lower-case scheme and host name of ASCII letters, digits and
// hyphens whose last label starts with a letter (so that it is not read
// as an IPv4 address), and a port without leading zeros, followed by the
// path, query or fragment or by nothing. Whatever follows the host cannot
// make such a URL fail to parse.
const plain = /^(https?):\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)(?::([1-9][0-9]{0,4}))?(?=[/?#]|$)/;

// plainOrigin returns what parsedOrigin does, without building a URL,
// for a URL that plain matches (the robots.txt URLs of almost every
// site); null for any other, which parsedOrigin reads. A URL costs about
// a microsecond, a tenth of the parse of a small file.
function plainOrigin(url) {
	if (url === null) {
		return null;
	}
	const m = plain.exec(url);
	// Punycode labels are checked by URL, and may be refused.
	if (m === null || m[2].includes('xn--')) {
		return null;
	}
	const [, scheme, host, port = ''] = m;
	const implied = scheme === 'https' ? '443' : '80';
	if (Number(port) > 65535) {
		return null;
	}
	const shown = port === '' || port === implied ? '' : `:${port}`;
	return { origin: `${scheme}://${host}:${port || implied}`, prefix: `${scheme}://${host}${shown}` };
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

// The getters of every typed array, taken from the prototype before a
// caller's subclass can hide them: they read the array's own fields and
// run no code of the caller's.
const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (name) => Object.getOwnPropertyDescriptor(typedArray, name).get;
const bufferOf = getter('buffer');
const offsetOf = getter('byteOffset');
const lengthOf = getter('byteLength');

// body reads a file's contents: text, exact bytes, or nothing (null and
// undefined, which robots-parser reads as an empty file). Bytes are read
// through a view of this file's making, so that copying them runs no
// code of the caller's.
function body(contents) {
	if (contents === null || contents === undefined) {
		return '';
	}
	if (typeof contents === 'string') {
		return contents;
	}
	mustBe(contents instanceof Uint8Array, 'the contents must be a string or a Uint8Array', contents);
	return new Uint8Array(bufferOf.call(contents), offsetOf.call(contents), lengthOf.call(contents));
}

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

// A run of synchronous code, which no FinalizationRegistry callback can
// interrupt, holds at most runFiles files parsed in it, and runBytes bytes
// of their sources, on the Go side (createRobotsParser's evict): a loop
// that parses files without ever letting the event loop turn would
// otherwise hold every file it parsed, its objects dead or not. 2,048
// files and 32 MiB hold the 2,000 files of 8 KB of bench/compare.mjs.
const runFiles = 2048;
const runBytes = 32 * 1024 * 1024;

// The results of the exports (exports.go) that are not answers.
const failed = -2;
const gone = -3;

// What a call on a file that the Go side no longer holds, though its object
// lives, throws: a fault of this package, which the tests look for.
const notHeld = 'robotstxt: internal error: a file held by an object is not held by the module';

// The handle of a file evicted from the Go side, which its object parses
// again on its next call; 0 is that of a file freed.
const evicted = -1;

// createRobotsParser returns robots-parser's function over wasm, the
// exports of an instance of robotstxt.wasm that _initialize has started,
// and liveHandles, the number of files its Go side holds.
function createRobotsParser(wasm) {
	const encoder = new TextEncoder();
	const decoder = new TextDecoder();
	// The memory's buffer is replaced whenever Go grows it, so views are
	// made again after any call that may allocate.
	let buffer = null;
	let bytes;
	let view;
	const fresh = () => {
		if (wasm.memory.buffer !== buffer) {
			buffer = wasm.memory.buffer;
			bytes = new Uint8Array(buffer);
			view = new DataView(buffer);
		}
	};
	// input makes Go's input buffer at least n bytes long and returns its
	// address: unsigned, where i32 reaches JavaScript signed.
	const input = (n) => {
		const at = wasm.input(n) >>> 0;
		fresh();
		return at;
	};
	const lastError = () => {
		const n = wasm.lastError();
		fresh();
		const at = wasm.output() >>> 0;
		return decoder.decode(bytes.subarray(at, at + n));
	};
	// check throws the error of a call that failed.
	const check = (result) => {
		if (result === failed) {
			throw new Error(lastError());
		}
		return result;
	};

	// writeText writes text as UTF-8 into the input buffer, but no more of
	// it than limit bytes and one more, which tells that the file is longer
	// (-1: all), and returns how many bytes it wrote and whether that is
	// the whole text. Most files are ASCII and fit the first try.
	const writeText = (text, limit) => {
		const cut = limit < 0 ? Infinity : limit + 1;
		// 4 bytes to spare: enough for any one character, so that a text
		// longer than the cut always fills it.
		let room = Math.min(text.length, cut) + 4;
		let at = input(room);
		let { read, written } = encoder.encodeInto(text, bytes.subarray(at, at + room));
		while (read < text.length && written < cut) {
			// Every UTF-16 unit is at most 3 bytes of UTF-8.
			room = written + Math.min(3 * (text.length - read), cut - written) + 4;
			at = input(room);
			const more = encoder.encodeInto(text.slice(read), bytes.subarray(at + written, at + room));
			read += more.read;
			written += more.written;
		}
		return { at, n: Math.min(written, cut), whole: read === text.length };
	};
	const writeBytes = (b, limit) => {
		const n = limit < 0 ? b.length : Math.min(b.length, limit + 1);
		const at = input(n);
		bytes.set(b.subarray(0, n), at);
		return { at, n };
	};

	// parse writes a file's source into Go's memory and parses it there. It
	// returns the handle, the number of bytes parsed, and what to parse
	// again if the file is evicted (below): the text itself, when the
	// whole of it was written, or a copy of the bytes that were.
	const parse = (source, mode, limit, maxBytes) => {
		let at;
		let n;
		let keep = source;
		if (typeof source === 'string') {
			let whole;
			({ at, n, whole } = writeText(source, limit));
			if (!whole) {
				keep = bytes.slice(at, at + n);
			}
		} else {
			({ at, n } = writeBytes(source, limit));
			keep = bytes.slice(at, at + n);
		}
		parses++;
		return { handle: check(wasm.parse(mode, maxBytes, n)), keep, n };
	};
	let parses = 0;

	// registry frees the Go side of a Robots that was never freed by hand,
	// when the garbage collector has collected it: a file that outlives
	// the run of synchronous code in which it was parsed (below) is held
	// on the Go side as long as its object lives, and no longer. It holds
	// the handle, a number, and its token is the file's record (Robots's
	// #file), which free unregisters.
	const registry = new FinalizationRegistry((handle) => {
		wasm.free(handle);
	});

	// The files parsed since the event loop last turned, oldest first, in
	// run from the index first on, each as [robots, file]; runHeld and
	// runSize count those still held on the Go side and their bytes.
	// A FinalizationRegistry callback runs only when the event loop turns,
	// so until then each of these files is held whether its object lives
	// or not: past runFiles or runBytes, the oldest is evicted, and its
	// object, which keeps the file's source while it is in the run, parses
	// it again on its next call, with the same answers. Once the event
	// loop turns (settle), the files of the run still held are handed to
	// the registry and their sources let go.
	//
	// The registry is handed a file only then, not when it is parsed: V8
	// keeps an object registered with a FinalizationRegistry through every
	// young-generation collection, so that the objects of a loop that
	// never yields, and the texts they keep, all moved to the old
	// generation, evicted or not, and waited there for a full collection.
	let run = [];
	let first = 0;
	let runHeld = 0;
	let runSize = 0;
	let settling = false;
	const settle = () => {
		for (let i = first; i < run.length; i++) {
			const entry = run[i];
			if (entry !== null && entry[1].inRun) {
				const [robots, file] = entry;
				file.inRun = false;
				file.source = null;
				registry.register(robots, file.handle, file);
			}
		}
		run = [];
		first = 0;
		runHeld = 0;
		runSize = 0;
		settling = false;
	};
	// leaveRun takes file out of the counts of the run.
	const leaveRun = (file) => {
		if (file.inRun) {
			file.inRun = false;
			runHeld--;
			runSize -= file.n;
		}
	};
	const evict = () => {
		while (runHeld > runFiles || (runSize > runBytes && runHeld > 1)) {
			const entry = run[first];
			run[first++] = null;
			if (entry !== null && entry[1].inRun) {
				const file = entry[1];
				leaveRun(file);
				wasm.free(file.handle);
				file.handle = evicted;
			}
		}
	};
	// hold records robots's file, whose handle parse has just given, in
	// the run.
	const hold = (robots, file) => {
		file.inRun = true;
		run.push([robots, file]);
		runHeld++;
		runSize += file.n;
		if (!settling) {
			settling = true;
			// A task, not a microtask: a loop that awaits only promises
			// never lets a FinalizationRegistry callback run either.
			const t = setTimeout(settle, 0);
			// In Node.js, a pending settle must not keep the process alive.
			t?.unref?.();
		}
		evict();
	};

	// call runs f(handle) on the Go side of robots, whose file is file,
	// parsing the file again first if it was evicted.
	const call = (robots, file, f) => {
		if (file.handle === 0) {
			throw new Error('robotstxt: this robots.txt object was used after free()');
		}
		if (file.handle === evicted) {
			const again = parse(file.source, file.mode, file.limit, file.maxBytes);
			file.handle = again.handle;
			hold(robots, file);
		}
		const result = f(file.handle);
		if (result === gone) {
			throw new Error(notHeld);
		}
		return check(result);
	};

	// writeQuery writes url (or nothing, for null) and the user agents
	// into the input buffer, a uint32 length for each and then their
	// UTF-8 bytes, and returns the number of user agents.
	const writeQuery = (url, list) => {
		if (list.length === 1) {
			return writeQuery1(url ?? '', list[0]);
		}
		const head = 4 * (list.length + 1);
		let size = head + 3 * (url === null ? 0 : url.length); // at most 3 bytes per UTF-16 unit
		for (const a of list) {
			size += 3 * a.length;
		}
		const start = input(size);
		let at = start + head;
		const end = start + size;
		for (let i = 0; i <= list.length; i++) {
			const text = i === 0 ? (url ?? '') : list[i - 1];
			const { written } = encoder.encodeInto(text, bytes.subarray(at, end));
			view.setUint32(start + 4 * i, written, true);
			at += written;
		}
		return list.length;
	};

	// writeQuery1 is writeQuery for one user agent, the common case, with
	// no loop and no list: shaped for speed (bench/compare.mjs).
	const writeQuery1 = (url, ua) => {
		const size = 8 + 3 * (url.length + ua.length);
		const start = input(size);
		const end = start + size;
		const u = encoder.encodeInto(url, bytes.subarray(start + 8, end)).written;
		const a = encoder.encodeInto(ua, bytes.subarray(start + 8 + u, end)).written;
		view.setUint32(start, u, true);
		view.setUint32(start + 4, a, true);
		return 1;
	};

	// limitOf is what the Go side's limit export answers, without the
	// call: how many bytes of a file maxBytes reads, -1 for all.
	const defaultLimit = wasm.limit(0);
	const limitOf = (maxBytes) => (maxBytes === 0 ? defaultLimit : maxBytes < 0 ? -1 : maxBytes);

	// The origin of the last robots.txt URL parsed: a crawler that parses
	// the files of one site, or the same file again, reads it once.
	let lastURL = null;
	let lastWhere = null;
	const originsOf = (url) => {
		if (url === null) {
			return parsedOrigin(null);
		}
		if (url !== lastURL) {
			lastWhere = plainOrigin(url) ?? parsedOrigin(url);
			lastURL = url;
		}
		return lastWhere;
	};

	// reader reads an answer of n bytes from the output buffer.
	const reader = (n) => {
		fresh();
		let at = wasm.output() >>> 0;
		const end = at + n;
		return {
			uint() {
				const v = view.getUint32(at, true);
				at += 4;
				return v;
			},
			text() {
				const len = this.uint();
				const s = decoder.decode(bytes.subarray(at, at + len));
				at += len;
				if (at > end) {
					throw new Error('robotstxt: internal error: an answer runs past its length');
				}
				return s;
			},
		};
	};

	class Robots {
		// #file is the handle, and what parses the file again: {handle,
		// source, mode, limit, maxBytes, n, inRun}.
		#file;
		#origin;
		#prefix;

		constructor(url, contents, options = {}) {
			const where = originsOf(urlText(url));
			mustBe(options !== null && typeof options === 'object', 'options must be an object', options);
			const { mode = 'rfc', maxBytes = 0 } = options;
			mustBe(typeof mode === 'string', 'options.mode must be a string', mode);
			if (mode !== 'rfc' && mode !== 'google') {
				throw new Error(`robotstxt: options.mode must be "rfc" or "google", not ${JSON.stringify(mode)}`);
			}
			mustBe(typeof maxBytes === 'number', 'options.maxBytes must be a number', maxBytes);
			if (!Number.isInteger(maxBytes) || Math.abs(maxBytes) > 2 ** 31 - 1) {
				throw new Error(`robotstxt: options.maxBytes must be an integer between -2^31 and 2^31, not ${maxBytes}`);
			}
			const source = body(contents);
			this.#origin = where.origin;
			// Shaped for speed (bench/compare.mjs): a URL that starts with the
			// origin as URL serialises it, followed by the end of the host, is
			// of that origin without being parsed. Non-http(s) origins have no
			// serialisation ("null").
			this.#prefix = where.prefix;
			const m = mode === 'google' ? 1 : 0;
			const limit = limitOf(maxBytes);
			const { handle, keep, n } = parse(source, m, limit, maxBytes);
			this.#file = { handle, source: keep, mode: m, limit, maxBytes, n, inRun: false };
			hold(this, this.#file);
		}

		// #covered returns url, as urlText reads it, if it belongs to this
		// file's origin, and null if it does not: a URL that does not parse
		// belongs to none, and no URL to the origin of a robots.txt URL that
		// does not parse, as in robots-parser. A relative URL that was not a
		// string (undefined, null), which robots-parser resolves against its
		// base, is returned resolved; a string goes to the library as given,
		// which reads a URL without a scheme as Google's library does.
		#covered(url, given) {
			const p = this.#prefix;
			if (p !== null && url.startsWith(p) && (url.length === p.length || '/?#'.includes(url[p.length]))) {
				return url;
			}
			if (this.#origin === null) {
				return null;
			}
			const u = parseURL(url);
			if (u === null || originOf(u) !== this.#origin) {
				return null;
			}
			return typeof given === 'string' || scheme.test(url) ? url : u.href;
		}

		#live() {
			if (this.#file.handle === 0) {
				throw new Error('robotstxt: this robots.txt object was used after free()');
			}
		}

		// #ask answers f for url and ua; undefined for a URL of another
		// origin.
		#ask(f, url, ua) {
			this.#live();
			const given = urlText(url);
			const text = given === null ? null : this.#covered(given, url);
			if (text === null) {
				return undefined;
			}
			const file = this.#file;
			if (typeof ua === 'string' && file.handle > 0) {
				// Shaped for speed (bench/compare.mjs): one name, no list and
				// no closure unless the file was evicted.
				const result = f(file.handle, writeQuery1(text, ua));
				if (result === gone) {
					throw new Error(notHeld);
				}
				return check(result);
			}
			const list = agents(ua);
			return call(this, file, (h) => f(h, writeQuery(text, list)));
		}

		/**
		 * Whether ua (a user agent, or an array of the names a crawler answers
		 * to) may fetch url; undefined for a URL of another origin.
		 */
		isAllowed(url, ua) {
			const a = this.#ask(wasm.allowed, url, ua);
			return a === undefined ? undefined : a === 1;
		}

		/**
		 * The opposite of isAllowed: true for a URL of another origin, as in
		 * robots-parser, where isAllowed is undefined.
		 */
		isDisallowed(url, ua) {
			return !this.isAllowed(url, ua);
		}

		/**
		 * The 1-based line of the rule that decides url; -1 when no rule
		 * matches, and for a URL of another origin, as in robots-parser.
		 */
		getMatchingLineNumber(url, ua) {
			return this.#ask(wasm.line, url, ua) ?? -1;
		}

		/**
		 * The verdict and the rule that decided, {allowed, rule: {allow,
		 * pattern, line} or null}; undefined for a URL of another origin.
		 */
		decide(url, ua) {
			const n = this.#ask(wasm.decide, url, ua);
			if (n === undefined) {
				return undefined;
			}
			const r = reader(n);
			const allowed = r.uint() === 1;
			const kind = r.uint();
			const line = r.uint();
			const pattern = r.text();
			return { allowed, rule: kind === 0 ? null : { allow: kind === 2, pattern, line } };
		}

		/** The Crawl-delay in seconds, or undefined. */
		getCrawlDelay(ua) {
			this.#live();
			const list = agents(ua);
			const d = call(this, this.#file, (h) => wasm.crawlDelay(h, writeQuery(null, list)));
			return d === -1 ? undefined : d;
		}

		/** The Sitemap URLs, in file order. */
		getSitemaps() {
			this.#live();
			const r = reader(call(this, this.#file, wasm.sitemaps));
			return Array.from({ length: r.uint() }, () => r.text());
		}

		/** The Host record, or null. */
		getPreferredHost() {
			this.#live();
			const r = reader(call(this, this.#file, wasm.host));
			const found = r.uint() === 1;
			const host = r.text();
			return found ? host : null;
		}

		/** The problems found in the file: {line, severity, code, message}. */
		diagnostics() {
			this.#live();
			const r = reader(call(this, this.#file, wasm.diagnostics));
			return Array.from({ length: r.uint() }, () => {
				const line = r.uint();
				const severity = r.text();
				const code = r.text();
				const message = r.text();
				return { line, severity, code, message };
			});
		}

		/**
		 * Releases the parsed file at once instead of when this object is
		 * garbage collected. Any later call but free() throws.
		 */
		free() {
			const file = this.#file;
			if (file.handle === 0) {
				return;
			}
			if (file.handle > 0) {
				if (!file.inRun) {
					registry.unregister(file);
				}
				wasm.free(file.handle);
			}
			leaveRun(file);
			file.handle = 0;
			file.source = null;
		}
	}

	/**
	 * Parses contents, the robots.txt file served at url, once. options.mode
	 * is "rfc" (the default: RFC 9309) or "google" (the answers of Google's
	 * library); options.maxBytes is how much of the file is read (0: 500 KiB;
	 * negative: all).
	 */
	function robotsParser(url, contents, options) {
		return new Robots(url, contents, options);
	}

	/** The number of parsed files the Go side holds, for tests. */
	function liveHandles() {
		return wasm.handles();
	}

	/** The number of files parsed since the module loaded, for tests. */
	function parseCount() {
		return parses;
	}

	return { robotsParser, liveHandles, parseCount };
}

// load starts robotstxt.wasm, given compile, which turns WASI imports
// into an instance, synchronously or not, and returns what
// createRobotsParser returns, or a promise of it. random fills a
// Uint8Array of up to 65,536 bytes with random bytes: by default the
// Web Crypto API's; index.cjs gives Node.js's randomFillSync, for the
// first use of the global crypto costs Node.js 1 to 10 ms of start-up
// (it loads the whole of Web Crypto).
function load(compile, random = (b) => crypto.getRandomValues(b)) {
	let instance;
	const started = (i) => {
		instance = i;
		instance.exports._initialize();
		return createRobotsParser(instance.exports);
	};
	const i = compile(wasiImports(() => instance.exports.memory, random));
	return i instanceof Promise ? i.then(started) : started(i);
}

export { load };
