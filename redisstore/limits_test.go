package redisstore

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/robotshttp"
)

func TestCutText(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 100)
	tests := []struct {
		name, s string
		max     int
		want    string
	}{
		{"short: whole", "https://example.com/robots.txt", 64, "https://example.com/robots.txt"},
		{"exactly max: whole", long[:64], 64, long[:64]},
		{"long: start and mark", long, 64, long[:64-len(textCut)] + textCut},
		{"cut between runes", strings.Repeat("é", 40), 64, strings.Repeat("é", 25) + textCut},
		{"no room for the mark: the start alone", long, 10, long[:10]},
		{"not UTF-8: cut where it falls", strings.Repeat("\x80", 100), 64, strings.Repeat("\x80", 64-len(textCut)-(utf8.UTFMax-1)) + textCut},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cutText(tt.s, tt.max)
			if got != tt.want || len(got) > tt.max {
				t.Errorf("cutText(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.want)
			}
		})
	}
}

func TestCutTexts(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 100)
	short := &robotshttp.Fetch{URL: "https://example.com/robots.txt", Body: []byte("User-agent: *\n")}
	cut := &robotshttp.Fetch{URL: long, FinalURL: long, Err: errors.New(long), Body: []byte("User-agent: *\n")}
	want := &robotshttp.Fetch{URL: cutText(long, 64), FinalURL: cutText(long, 64), Err: errors.New(cutText(long, 64)), Body: cut.Body}
	tests := []struct {
		name                string
		e                   robotshttp.Entry
		fetchSame, goodSame bool // e's own fetches are kept
		goodIsFetch         bool
	}{
		{"nothing to cut: the entry itself", robotshttp.Entry{Fetch: short, Good: short}, true, true, true},
		{"a good copy that is the fetch stays so", robotshttp.Entry{Fetch: cut, Good: cut}, false, false, true},
		{"each fetch on its own", robotshttp.Entry{Fetch: cut, Good: short}, false, true, false},
		{"no fetches", robotshttp.Entry{}, true, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cutTexts(tt.e, 64)
			if (got.Fetch == tt.e.Fetch) != tt.fetchSame || (got.Good == tt.e.Good) != tt.goodSame || (got.Good == got.Fetch) != tt.goodIsFetch {
				t.Errorf("cutTexts: fetch kept %v, good copy kept %v, good copy is the fetch %v; want %v, %v, %v",
					got.Fetch == tt.e.Fetch, got.Good == tt.e.Good, got.Good == got.Fetch, tt.fetchSame, tt.goodSame, tt.goodIsFetch)
			}
			if got.Fetch != nil && got.Fetch.URL == cutText(long, 64) {
				if diff := cmp.Diff(want, got.Fetch, sameEntry); diff != "" {
					t.Errorf("cutTexts: fetch (-want +got):\n%s", diff)
				}
			}
			if cut.URL != long || cut.Err.Error() != long {
				t.Errorf("cutTexts changed the caller's fetch")
			}
		})
	}
}
