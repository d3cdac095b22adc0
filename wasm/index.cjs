// The package's entry point for require() in Node.js: robots-parser's
// function, ready at once. The module is compiled synchronously on load,
// which Node.js allows for a module of any size; browsers do not, and use
// index.mjs. index.node.mjs gives import in Node.js this same function.

'use strict';

const { randomFillSync } = require('node:crypto');
const { join } = require('node:path');
const { load } = require('./core.cjs');
const { readModule } = require('./read.cjs');

const module_ = new WebAssembly.Module(readModule(join(__dirname, 'robotstxt.wasm')));
const { robotsParser, liveHandles, parseCount } = load((imports) => new WebAssembly.Instance(module_, imports), randomFillSync);

module.exports = robotsParser;
module.exports.default = robotsParser;
module.exports.robotsParser = robotsParser;
module.exports.liveHandles = liveHandles;
module.exports.parseCount = parseCount;
// Resolved already: the same code runs in Node.js and in browsers, where
// calls must wait for it.
module.exports.ready = Promise.resolve();
// The module is read from beside this file: there is nothing to say.
module.exports.init = () => module.exports.ready;
