//go:build race

package main

// raceEnabled says the race detector is on: sync.Pool then drops a
// quarter of what it is given, so pooled buffers are allocated afresh.
const raceEnabled = true
