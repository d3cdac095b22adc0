package metarobots

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// distinct returns n distinct made-up directives, "x0" to "x<n-1>".
func distinct(n int) []string {
	list := make([]string, n)
	for i := range list {
		list[i] = fmt.Sprintf("x%d", i)
	}
	return list
}

func TestUnknownBound(t *testing.T) {
	const n = MaxUnknown + 36
	list := strings.Join(distinct(n), ",")
	kept := distinct(MaxUnknown)
	html := func(content string) Directives {
		d, err := FromHTML(strings.NewReader(`<head><meta name="robots" content="` + content + `">`))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	header := func(v string) Directives { return FromHeader(http.Header{"X-Robots-Tag": {v}}) }
	tests := []struct {
		name   string
		got    Directives
		want   Directives
		source string
	}{
		{"meta tag", html(list + ",noindex"), Directives{NoIndex: true, Unknown: kept, UnknownOmitted: n - MaxUnknown}, "MaxUnknown"},
		{"X-Robots-Tag", header(list), Directives{Unknown: kept, UnknownOmitted: n - MaxUnknown}, "MaxUnknown"},
		{"repeats of kept values are not omitted", html(list + "," + list), Directives{Unknown: kept, UnknownOmitted: 2 * (n - MaxUnknown)}, "MaxUnknown"},
		// The second header keeps y and leaves out one x more; y, added
		// to the first's full list, is left out in turn.
		{"Merge keeps the bound and adds the omitted", header(list).Merge(header("y," + list)), Directives{Unknown: kept, UnknownOmitted: (n - MaxUnknown) + (n - MaxUnknown + 1) + 1}, "MaxUnknown"},
		{"under the bound, everything is kept", header("a,b,a"), Directives{Unknown: []string{"a", "b"}}, "MaxUnknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("directives mismatch (-want +got) (%s):\n%s", tt.source, diff)
			}
		})
	}
}

// BenchmarkFromHTMLUnknown reads a page of the default read limit whose
// robots meta tag lists distinct made-up directives, and an X-Robots-Tag
// header of the same list: the time per byte should not grow with the
// length of the list (it took 23.6 s for the page while every new value
// was checked against all the others).
func BenchmarkFromHTMLUnknown(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		list := strings.Join(distinct(n), ",")
		page := `<html><head><meta name="robots" content="` + list + `"></head>`
		b.Run(fmt.Sprintf("meta %d values", n), func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				FromHTML(strings.NewReader(page))
			}
		})
		h := http.Header{"X-Robots-Tag": {list}}
		b.Run(fmt.Sprintf("header %d values", n), func(b *testing.B) {
			b.SetBytes(int64(len(list)))
			b.ReportAllocs()
			for b.Loop() {
				FromHeader(h)
			}
		})
	}
}
