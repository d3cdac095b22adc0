//go:build !race

package robotstxt

// poisonBuffers is off outside race-enabled builds (see poison_race.go).
const poisonBuffers = false
