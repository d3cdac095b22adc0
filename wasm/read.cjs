// readModule reads robotstxt.wasm for index.cjs, into the buffer of a
// WebAssembly.Memory rather than a Buffer. V8 maps a memory's pages
// itself and unmaps them when it is collected, where a Buffer of this
// size is a block of glibc's malloc: freeing it, once the module is
// compiled, raises glibc's threshold for serving blocks by mmap to the
// Buffer's size (its "dynamic threshold"), so that the blocks V8's
// optimising compiler later allocates and frees, on its background
// threads, come from the threads' arenas and stay in the process. Over
// 100,000 small files (bench/memory.mjs) that kept about 7 MB more.

'use strict';

const { closeSync, fstatSync, openSync, readSync } = require('node:fs');

const page = 65536;

function readModule(path) {
	const fd = openSync(path, 'r');
	try {
		const size = fstatSync(fd).size;
		const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(size / page)) });
		const bytes = new Uint8Array(memory.buffer, 0, size);
		for (let n = 0; n < size; ) {
			const read = readSync(fd, bytes, n, size - n, n);
			if (read === 0) {
				throw new Error(`robotstxt: ${path} ended after ${n} of its ${size} bytes`);
			}
			n += read;
		}
		return bytes;
	} finally {
		closeSync(fd);
	}
}

module.exports = { readModule };
