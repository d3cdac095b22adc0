package main

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// show formats a figure of the full table: four significant digits, as
// benchstat-like output reads.
func show(v float64) string {
	if v != v {
		return "n/a"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// human formats a figure of a summary to three significant digits, with
// thousands separated by commas: 0.264, 17.4, 372, 1,420, 191,000.
func human(v float64) string {
	if v != v {
		return "n/a"
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	if math.Abs(f) < 1000 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	digits := strconv.FormatInt(int64(math.Abs(math.Round(f))), 10)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// span formats the smallest and largest of v as "lo–hi", or one figure
// when they read the same; "n/a" when v is empty.
func span(v []float64) string {
	if len(v) == 0 {
		return "n/a"
	}
	lo, hi := human(slices.Min(v)), human(slices.Max(v))
	if lo == hi {
		return lo
	}
	return lo + "–" + hi
}
