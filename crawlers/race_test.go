//go:build race

package crawlers

// raceEnabled says the race detector runs, which makes a sync.Pool (the
// parser's buffers, a group index's states) drop some of what it is
// given: a count of allocations cannot hold then, and the run without
// the race detector holds it.
const raceEnabled = true
