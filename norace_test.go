//go:build !race

package robotstxt

// raceEnabled says the race detector runs (see race_test.go).
const raceEnabled = false
