// The types of require('@rfc9309/robotstxt'): the function itself, as
// robots-parser's, with the package's other exports as its properties.
// index.d.ts describes them.

declare function robotsParser(
	url: robotsParser.URLInput | null | undefined,
	contents: string | Uint8Array | null | undefined,
	options?: robotsParser.Options,
): robotsParser.Robot;

declare namespace robotsParser {
	type UserAgent = import('./index.js').UserAgent;
	type URLInput = import('./index.js').URLInput;
	type Options = import('./index.js').Options;
	type Rule = import('./index.js').Rule;
	type Decision = import('./index.js').Decision;
	type Diagnostic = import('./index.js').Diagnostic;
	type Robot = import('./index.js').Robot;
	type RobotsParser = import('./index.js').RobotsParser;
	type InitOptions = import('./index.js').InitOptions;
	/** Resolved already: in Node.js the package is ready on load. */
	const ready: Promise<void>;
	/** Resolves at once: in Node.js the module is read from the package's directory. */
	function init(options?: InitOptions): Promise<void>;
	function liveHandles(): number;
	function parseCount(): number;
}

export = robotsParser;
