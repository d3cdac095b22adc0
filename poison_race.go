//go:build race

package robotstxt

// poisonBuffers makes race-enabled builds overwrite the parse buffers the
// pool takes back (see parseBuffers.reset), so that a parsed file that
// still shares one fails loudly in tests, which run with -race.
const poisonBuffers = true
