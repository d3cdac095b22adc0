package robotshttp

import (
	"bytes"
	"hash/maphash"
	"testing"
)

func TestSumFile(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /private\n")
	base := &Fetch{Access: Available, Body: body}
	tests := []struct {
		name string
		f    *Fetch
		same bool
	}{
		{"the same body in another array", &Fetch{Access: Available, Body: bytes.Clone(body)}, true},
		{"one byte changed", &Fetch{Access: Available, Body: bytes.Replace(body, []byte("/p"), []byte("/q"), 1)}, false},
		{"one byte fewer", &Fetch{Access: Available, Body: body[:len(body)-1]}, false},
		{"truncated", &Fetch{Access: Available, Body: body, Truncated: true}, false},
		{"unreachable", &Fetch{Access: Unreachable, Body: body}, false},
	}
	for _, tt := range tests {
		if same := sumFile(tt.f) == sumFile(base); same != tt.same {
			t.Errorf("%s: same sum %v, want %v", tt.name, same, tt.same)
		}
	}
	if sumFile(&Fetch{}) != sumFile(&Fetch{Body: []byte{}}) {
		t.Errorf("a nil body and an empty one have different sums")
	}
}

// BenchmarkSumFile is the sum of a body of 400 KB, which a Cache makes for
// each new fetch it finds, beside maphash.Bytes, which it does not use.
func BenchmarkSumFile(b *testing.B) {
	f := &Fetch{Body: bytes.Repeat([]byte("Disallow: /private\n"), 20000)}
	b.Run("sumFile", func(b *testing.B) {
		b.SetBytes(int64(len(f.Body)))
		for b.Loop() {
			sumFile(f)
		}
	})
	b.Run("maphash.Bytes", func(b *testing.B) {
		b.SetBytes(int64(len(f.Body)))
		for b.Loop() {
			maphash.Bytes(bodySeed, f.Body)
		}
	})
}
