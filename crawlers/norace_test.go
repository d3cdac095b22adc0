//go:build !race

package crawlers

// raceEnabled says the race detector runs (see race_test.go).
const raceEnabled = false
