package redisstore

import (
	"encoding/base64"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// sameEntry compares entries as the encoding keeps them: errors by
// their text (robotshttp.Store).
var sameEntry = cmp.Options{
	cmp.Comparer(func(a, b error) bool {
		return (a == nil) == (b == nil) && (a == nil || a.Error() == b.Error())
	}),
}

// defaultLimits are a Store's limits in their defaults.
var defaultLimits = limits{body: DefaultMaxBody, text: DefaultMaxText}

func TestEncodeRoundTrip(t *testing.T) {
	// The layout is robotshttp's (Entry.MarshalText), tested there; a
	// value within the limits comes back whole, RetryAfter included.
	at := time.Date(2026, 11, 1, 12, 0, 0, 123, time.UTC)
	good := &robotshttp.Fetch{URL: "https://example.com/robots.txt", Access: robotshttp.Available, StatusCode: 200,
		Body: []byte("User-agent: *\nDisallow: /private\n"), MaxAge: -1, RetryAfter: -1, FetchedAt: at}
	e := robotshttp.Entry{
		Fetch: &robotshttp.Fetch{URL: good.URL, Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, RetryAfter: time.Minute,
			Err: errors.New("robotshttp: EOF"), FetchedAt: at.Add(time.Hour)},
		Good: good, Expires: at.Add(2 * time.Hour)}
	b, err := encode(e, defaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decode(b, defaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(e, got, sameEntry); diff != "" {
		t.Errorf("round trip (-want +got) (robotshttp.Store):\n%s", diff)
	}
}

func TestEncodeTooLarge(t *testing.T) {
	// Each field over its limit, by one byte, written with limits 10
	// and read with limits 10 after a write with limits 11.
	long := strings.Repeat("x", 11)
	tests := []struct {
		name string
		f    *robotshttp.Fetch
		src  string
	}{
		{"body", &robotshttp.Fetch{Body: []byte(long)}, "Store.MaxBody"},
		{"URL", &robotshttp.Fetch{URL: long}, "Store.MaxText"},
		{"final URL", &robotshttp.Fetch{FinalURL: long}, "Store.MaxText"},
		{"error", &robotshttp.Fetch{Err: errors.New(long)}, "Store.MaxText"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, e := range []robotshttp.Entry{{Fetch: tt.f}, {Fetch: &robotshttp.Fetch{}, Good: tt.f}} {
				if _, err := encode(e, limits{10, 10}); !errors.Is(err, errTooLarge) {
					t.Errorf("encode of 11 bytes, limit 10: %v, want errTooLarge (%s)", err, tt.src)
				}
				b, err := encode(e, limits{11, 11})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := decode(b, limits{10, 10}); !errors.Is(err, errTooLarge) {
					t.Errorf("decode of 11 bytes, limit 10: %v, want errTooLarge (%s)", err, tt.src)
				}
			}
		})
	}
}

func TestMaxValue(t *testing.T) {
	// The longest entry within the limits: two fetches, every field at
	// its longest, every varint at its longest.
	lim := limits{body: 100, text: 70}
	text := strings.Repeat("x", lim.text)
	longest := func() *robotshttp.Fetch {
		return &robotshttp.Fetch{URL: text, FinalURL: text, Err: errors.New(text), Body: make([]byte, lim.body),
			Redirects: math.MinInt32, StatusCode: math.MinInt32, MaxAge: math.MinInt64, RetryAfter: math.MinInt64,
			FetchedAt: time.Unix(math.MinInt64, 999_999_999), Truncated: true}
	}
	e := robotshttp.Entry{Fetch: longest(), Good: longest(), Expires: time.Unix(math.MinInt64, 999_999_999)}
	b, err := encode(e, lim)
	if err != nil || int64(len(b)) > lim.maxValue() {
		t.Errorf("encode of the longest entry: %d bytes, %v; want at most maxValue, %d", len(b), err, lim.maxValue())
	}
	// What a Store reads of a longer value: maxValue and one byte more.
	if _, err := decode(append(b, strings.Repeat("A", int(lim.maxValue())+1-len(b))...), lim); err == nil {
		t.Errorf("decode of maxValue+1 bytes: no error")
	}
}

func TestDecodeBadValues(t *testing.T) {
	f := &robotshttp.Fetch{URL: "https://example.com/robots.txt", Access: robotshttp.Available, Body: []byte("User-agent: *\n")}
	b, err := encode(robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now()}, defaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	valid := string(b)
	tests := []struct {
		name, value, src string
	}{
		{"empty", "", "a key with an empty string"},
		{"another program's value", "User-agent: *\n", "a value not written by this package"},
		{"the layout of an earlier redisstore", string([]byte{1, 3, 2, 2, 0, 0, 0, 1, 0, 0, 0}), "version 1"},
		{"the text of an earlier redisstore", base64.StdEncoding.EncodeToString(b), "Entry.MarshalText, base64 of the layout"},
		{"cut short", valid[:len(valid)-4], "a truncated value"},
		{"bytes after", valid + "AAAA", "trailing bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if e, err := decode([]byte(tt.value), defaultLimits); err == nil || !strings.HasPrefix(err.Error(), "redisstore: ") {
				t.Errorf("decode(%q) = %+v, %v; want a redisstore error (%s)", tt.value, e, err, tt.src)
			}
		})
	}
}

// FuzzDecode checks that no value makes decode panic, and that what it
// reads encodes to a value that decodes to the same entry, within the
// same limits.
func FuzzDecode(f *testing.F) {
	g := &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte("User-agent: *\nDisallow: /\n"), FetchedAt: time.Unix(1e9, 0)}
	// A hostile shape, small version: URL and error strings longer than
	// a real one (servers commonly refuse a request line over 8 KiB),
	// cut as Put cuts them before encoding.
	long := "https://example.com/" + strings.Repeat("a", 8<<10)
	for _, e := range []robotshttp.Entry{
		{Fetch: g, Good: g, Expires: time.Unix(2e9, 0)},
		{Fetch: &robotshttp.Fetch{Access: robotshttp.Unreachable, Err: errors.New("down")}, Good: g},
		{Fetch: &robotshttp.Fetch{URL: long, Access: robotshttp.Unavailable, Err: errors.New("robotshttp: " + long[:1<<10])}},
	} {
		b, err := encode(cutTexts(e, defaultLimits.text), defaultLimits)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		// The value an earlier version of this package stored: the
		// layout's base64 text.
		f.Add([]byte(base64.StdEncoding.EncodeToString(b)))
	}
	// The layout of an earlier version, raw.
	f.Add([]byte{2, 2, 0, 0, 0, 0, 0, 0, 0, 0})
	lim := limits{body: 64, text: 64}
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := decode(b, lim)
		if err != nil {
			return
		}
		again, err := encode(e, lim)
		if err != nil {
			t.Fatalf("encode of a decoded value: %v", err)
		}
		if int64(len(again)) > lim.maxValue() {
			t.Fatalf("encode of a decoded value: %d bytes, more than maxValue %d", len(again), lim.maxValue())
		}
		// Not always b itself: a varint may have been written longer
		// than it needs.
		e2, err := decode(again, lim)
		if err != nil {
			t.Fatalf("decode of %q, encoded again: %v", b, err)
		}
		// reflect.DeepEqual first, as it is cheap and almost always true;
		// cmp.Diff with sameEntry decides when it is not.
		if !reflect.DeepEqual(e, e2) {
			if diff := cmp.Diff(e, e2, sameEntry); diff != "" {
				t.Errorf("decode of %q, encoded again (-first +second):\n%s", b, diff)
			}
		}
	})
}
