// The package's entry point for import in Node.js: the function of
// index.cjs, so that import and require() give the same one, ready at
// once.

import robotsParser from './index.cjs';

export default robotsParser;
export { robotsParser };
export const { ready, init, liveHandles, parseCount } = robotsParser;
