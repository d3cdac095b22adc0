package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// longFile returns a robots.txt file over maxRobotsBytes whose line
// "Disallow: /straddles" crosses the limit and whose "Disallow: /after"
// lies past it: crawlers read neither (RFC 9309 section 2.5), and
// "Disallow: /before" is the last whole line within the limit.
func longFile() string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	filler := "# " + strings.Repeat("x", 77) + "\n" // 80 bytes
	for b.Len()+len(filler)+len("Disallow: /before\n")+15 < maxRobotsBytes {
		b.WriteString(filler)
	}
	b.WriteString("Disallow: /before\n")
	for b.Len() < maxRobotsBytes-15 {
		b.WriteString("#")
	}
	b.WriteString("\nDisallow: /straddles\nDisallow: /after\n")
	return b.String()
}

// TestServeLongFile sends files over the 500 KiB crawlers read: each
// endpoint reads the first 500 KiB, cut at a line, and says so, where it
// answered 413 though the page said it reads what crawlers read. A body
// over maxRequestBytes is still refused (TestServeRequestErrors).
func TestServeLongFile(t *testing.T) {
	file := longFile()
	if i := strings.Index(file, "/straddles"); i > maxRobotsBytes || i+len("/straddles\n") < maxRobotsBytes {
		t.Fatalf("the test file's /straddles line is at %d, not across %d", i, maxRobotsBytes)
	}
	h := newTestHandler(t, serveConfig{})
	wantNote := fmt.Sprintf("robots is %d bytes; the tester read its first %d, up to the last line that ends within %d bytes, as crawlers read no more (RFC 9309 section 2.5)",
		len(file), strings.Index(file, "#####"), maxRobotsBytes)
	wantNote = wantNote[:strings.Index(wantNote, "first")] // the count depends on the filler
	t.Run("check", func(t *testing.T) {
		rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"robots": file, "targets": []string{"/before", "/straddles", "/after"}}))
		if rec.Code != 200 {
			t.Fatalf("status %d, want 200 (RFC 9309 section 2.5: the first 500 KiB): %.300s", rec.Code, rec.Body)
		}
		var got checkResponse
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		var allowed []bool
		for _, r := range got.Results {
			allowed = append(allowed, r.Crawlers[0].Allowed)
		}
		if fmt.Sprint(allowed) != "[false true true]" {
			t.Errorf("allowed /before, /straddles, /after = %v, want [false true true]: only the lines within the limit apply", allowed)
		}
		if len(got.Notes) != 1 || !strings.HasPrefix(got.Notes[0], wantNote) || !strings.Contains(got.Notes[0], "up to the last line that ends within 512000 bytes") {
			t.Errorf("notes %q, want one that starts %q and says where the file was cut", got.Notes, wantNote)
		}
	})
	t.Run("diff", func(t *testing.T) {
		rec := post(t, h, "/api/diff", "application/json", mustJSON(map[string]any{"old": "User-agent: *\nDisallow: /after\n", "new": file, "targets": []string{"/before", "/after"}}))
		var got diffResponse
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
			t.Fatalf("status %d, %v: %.300s", rec.Code, err, rec.Body)
		}
		if len(got.Changed) != 2 || len(got.Notes) != 1 || !strings.HasPrefix(got.Notes[0], "new is") {
			t.Errorf("changed %+v, notes %q; want /before and /after changed and a note on new", got.Changed, got.Notes)
		}
	})
	t.Run("ai", func(t *testing.T) {
		rec := post(t, h, "/api/ai", "application/json", mustJSON(map[string]any{"robots": file}))
		var got aiResponse
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
			t.Fatalf("status %d, %v: %.300s", rec.Code, err, rec.Body)
		}
		if len(got.Notes) != 1 || !strings.HasPrefix(got.Notes[0], wantNote) {
			t.Errorf("notes %q, want %q...", got.Notes, wantNote)
		}
	})
}

// TestCutAtLine checks where a file over the limit is cut.
func TestCutAtLine(t *testing.T) {
	tests := []struct {
		source, text string
		max          int
		want         string
		cut          bool
	}{
		{"within the limit", "a\nb\n", 4, "a\nb\n", false},
		{"a line across the limit", "a\nbcd\n", 4, "a\n", true},
		{"a CR line end", "a\rbcd\n", 4, "a\r", true},
		{"a CRLF cut between CR and LF", "ab\r\ncd", 3, "ab\r", true},
		{"one line longer than the limit: no whole line", "abcdef", 4, "", true},
	}
	for _, tt := range tests {
		got, cut := cutAtLine(tt.text, tt.max)
		if got != tt.want || cut != tt.cut {
			t.Errorf("%s: cutAtLine(%q, %d) = %q, %v; want %q, %v", tt.source, tt.text, tt.max, got, cut, tt.want, tt.cut)
		}
	}
}

// TestServeFetchLongFile fetches a file over the 500 KiB crawlers read:
// the editor is given the bytes within the limit, without the one more
// the fetch read to tell the file was cut (RFC 9309 section 2.5).
func TestServeFetchLongFile(t *testing.T) {
	file := longFile()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, file)
	}))
	defer site.Close()
	h := newTestHandler(t, serveConfig{allowPrivate: true})
	rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"url": site.URL, "targets": []string{"/before"}}))
	var got checkResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
		t.Fatalf("status %d, %v: %.300s", rec.Code, err, rec.Body)
	}
	if f := got.Fetch; f == nil || !f.Truncated || f.Body != file[:maxRobotsBytes] {
		t.Errorf("fetch %.300v; want the file's first %d bytes, truncated", f, maxRobotsBytes)
	}
}
