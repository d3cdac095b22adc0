package main

import "testing"

func TestSpread(t *testing.T) {
	for _, c := range []struct {
		ours, temoto []float64
		want         string
	}{
		{[]float64{1, 2, 3}, []float64{10, 10, 20}, "0.1–0.2"},
		{[]float64{1, 2}, []float64{10, 20, 30}, "-"}, // one ratio per pair: 0.1 and 0.1
		{[]float64{1, 3}, []float64{10, 20, 30}, "0.1–0.15"},
		{[]float64{5}, []float64{10}, "-"},
		{[]float64{1, 2}, []float64{0, 0}, "-"},
		{nil, []float64{1, 2}, "-"},
	} {
		if got := spread(c.ours, c.temoto); got != c.want {
			t.Errorf("spread(%v, %v) = %q, want %q", c.ours, c.temoto, got, c.want)
		}
	}
}

func TestMedian(t *testing.T) {
	if got := median([]float64{3, 1, 2}); got != 2 {
		t.Errorf("median of 3, 1, 2 = %v", got)
	}
	if got := median([]float64{4, 1, 2, 3}); got != 2.5 {
		t.Errorf("median of 4, 1, 2, 3 = %v", got)
	}
	if got := median(nil); got == got {
		t.Errorf("median of nothing = %v, want NaN", got)
	}
}
