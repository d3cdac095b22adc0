//go:build race

package robotstxt

// raceEnabled says the race detector runs, which makes a sync.Pool drop
// some of what it is given: a test of allocations through a pool cannot
// count on it then.
const raceEnabled = true
