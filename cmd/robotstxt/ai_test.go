package main

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestServeAIGroupSignals: /api/ai gives the Content-Signal values each
// group states, "User-agent: *"'s among them, which its answer left out
// when they were not the file's own.
func TestServeAIGroupSignals(t *testing.T) {
	h := newTestHandler(t, serveConfig{})
	robots := "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"
	rec := post(t, h, "/api/ai", "application/json", mustJSON(map[string]any{"robots": robots}))
	var got aiResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
		t.Fatalf("status %d, %v: %.300s", rec.Code, err, rec.Body)
	}
	want := []jsonGroupSignals{{Agents: []string{"*"}, Signals: map[string]bool{"search": true, "ai-train": false}}}
	if diff := cmp.Diff(want, got.GroupSignals); diff != "" {
		t.Errorf("group_content_signals (-want +got):\n%s", diff)
	}
}
