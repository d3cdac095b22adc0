//go:build !linux

package robotstxt

import "time"

var clockStart = time.Now()

// processCPU returns the time since the tests started: outside Linux the
// process's CPU time is not read, and the wall clock stands in for it.
func processCPU() time.Duration { return time.Since(clockStart) }
