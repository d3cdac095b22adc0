package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintFailOn holds -fail-on: the level of a shown problem at which
// lint exits 1, warning by default.
func TestLintFailOn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	info := write("info.txt", "User-agent: *\nDisallow: /private # staff\n")
	warning := write("warning.txt", "User-agent: *\nDissallow: /private\n")
	errorFile := write("error.txt", "Disallow: /tmp\nUser-agent: *\nDisallow: /private\n")
	tests := []struct {
		name   string
		args   []string
		status int
	}{
		{"default: an info passes", []string{"lint", info}, exitAllowed},
		{"default: a warning fails", []string{"lint", warning}, exitDisallowed},
		{"info: an info fails", []string{"lint", "-fail-on", "info", info}, exitDisallowed},
		{"error: a warning passes", []string{"lint", "-fail-on", "error", warning}, exitAllowed},
		{"error: an error fails", []string{"lint", "-fail-on", "error", errorFile}, exitDisallowed},
		{"warning: an error fails", []string{"lint", "-fail-on", "warning", errorFile}, exitDisallowed},
		{"case does not matter", []string{"lint", "-fail-on", "INFO", info}, exitDisallowed},
		{"a hidden problem does not fail", []string{"lint", "-fail-on", "info", "-severity", "warning", info}, exitAllowed},
		{"an ignored problem does not fail", []string{"lint", "-fail-on", "info", "-ignore", "eol-comment", info}, exitAllowed},
		{"an unknown level is a usage error", []string{"lint", "-fail-on", "notice", info}, exitError},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if status := run(tt.args, strings.NewReader(""), &stdout, &stderr); status != tt.status {
			t.Errorf("%s: run(%q) = %d, want %d (stderr %s)", tt.name, tt.args, status, tt.status, stderr.String())
		}
	}
}
