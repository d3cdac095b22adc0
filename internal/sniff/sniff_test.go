package sniff

import "testing"

func TestSkipBOM(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		had      bool
	}{
		{"\xEF\xBB\xBFUser-agent: *", "User-agent: *", true},
		{"\xEF\xBBUser-agent: *", "User-agent: *", true}, // a part of one
		{"User-agent: *\xEF\xBB\xBF", "User-agent: *\xEF\xBB\xBF", false},
		{"", "", false},
	} {
		if got, had := SkipBOM(tt.in); got != tt.want || had != tt.had {
			t.Errorf("SkipBOM(%q) = %q, %v; want %q, %v", tt.in, got, had, tt.want, tt.had)
		}
	}
}

func TestDecodeUTF16(t *testing.T) {
	le := "\xFF\xFEU\x00:\x00 \x00*\x00\n\x00"
	be := "\xFE\xFF\x00U\x00:\x00 \x00*\x00\n"
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{le, "U: *\n", true},
		{be, "U: *\n", true},
		{"\xFF\xFEUser-agent: *\n", "", false}, // a mark before ASCII
		{"User-agent: *\n", "", false},
		{"\xFF\xFE", "", false},
	} {
		if got, ok := DecodeUTF16(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("DecodeUTF16(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestLooksLikeHTML(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"<!DOCTYPE html><html><body>User-agent: *", true},
		{"\xEF\xBB\xBF  \n<HTML>", true},
		{"<span>x</span><BODY>", true},
		{"<notes>User-agent: *\nDisallow: /", false},
		{"User-agent: *\n<html>", false},
		{"", false},
		{"   ", false},
	} {
		if got := LooksLikeHTML(tt.in); got != tt.want {
			t.Errorf("LooksLikeHTML(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
