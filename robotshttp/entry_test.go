package robotshttp_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// sameEntry compares entries as a Store keeps them: errors by their text
// (see robotshttp.Store).
var sameEntry = cmp.Options{
	cmp.Comparer(func(a, b error) bool {
		return (a == nil) == (b == nil) && (a == nil || a.Error() == b.Error())
	}),
}

// An encodingStore is a Store that keeps each entry as bytes, encoded and
// decoded by the functions it is given, as a Store on a key-value
// database does.
type encodingStore struct {
	mu      sync.Mutex
	values  map[string][]byte
	encode  func(robotshttp.Entry) ([]byte, error)
	decode  func([]byte, *robotshttp.Entry) error
	putErrs int
}

func (s *encodingStore) Get(_ context.Context, origin string) (robotshttp.Entry, bool, error) {
	s.mu.Lock()
	b, ok := s.values[origin]
	s.mu.Unlock()
	var e robotshttp.Entry
	if !ok {
		return e, false, nil
	}
	err := s.decode(b, &e)
	return e, err == nil, err
}

func (s *encodingStore) Put(_ context.Context, origin string, e robotshttp.Entry) error {
	b, err := s.encode(e)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.putErrs++
		return err
	}
	s.values[origin] = b
	return nil
}

// encodings are the ways a Store is likely to keep an entry as bytes.
// (encoding/gob reads no TextUnmarshaler: a gob Store keeps the text.)
var encodings = []struct {
	name   string
	encode func(robotshttp.Entry) ([]byte, error)
	decode func([]byte, *robotshttp.Entry) error
}{
	{"encoding/json", func(e robotshttp.Entry) ([]byte, error) { return json.Marshal(e) },
		func(b []byte, e *robotshttp.Entry) error { return json.Unmarshal(b, e) }},
	{"MarshalText", func(e robotshttp.Entry) ([]byte, error) { return e.MarshalText() },
		func(b []byte, e *robotshttp.Entry) error { return e.UnmarshalText(b) }},
}

// TestCacheEncodingStore checks that a Store that encodes entries in the
// obvious way keeps what the Cache needs: after a network error, whose
// Fetch.Err is an error value, the good copy still stands in (RFC 9309
// section 2.4) and the origin is not fetched again on every call. An
// Err that did not decode would fail every Get, and leave the origin
// unreachable with no copy, fetched on each call.
func TestCacheEncodingStore(t *testing.T) {
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			var mu sync.Mutex
			down, fetches := false, 0
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				fetches++
				d := down
				mu.Unlock()
				if d { // a network error: the connection drops
					c, _, _ := w.(http.Hijacker).Hijack()
					c.Close()
					return
				}
				w.Header().Set("Cache-Control", "max-age=0")
				w.Write([]byte(privateFile))
			})
			store := &encodingStore{values: map[string][]byte{}, encode: enc.encode, decode: enc.decode}
			c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive()}, Store: store, MinAge: -1}
			decide(t, c, srv.URL+"/public")
			mu.Lock()
			down = true
			mu.Unlock()
			for i := range 5 {
				allowed, l := decide(t, c, srv.URL+"/public")
				if !allowed || !l.Stale || l.StoreErr != nil {
					t.Fatalf("call %d with the origin down: Allowed(%q, %q) = %v, Stale %v, StoreErr %v; want the good copy (RFC 9309 section 2.4)", i, "bot", "/public", allowed, l.Stale, l.StoreErr)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			// One fetch up, one down: the unreachable verdict is kept
			// for RetryUnreachable.
			if fetches != 2 || store.putErrs != 0 {
				t.Errorf("%d requests for robots.txt, %d failed Puts; want 2 and none (Cache.RetryUnreachable)", fetches, store.putErrs)
			}
		})
	}
}

// TestCacheEncodingStoreFarExpiry keeps files for as long as a Duration
// goes, past the year 2262: a Store that encodes entries must give the
// expiry back as it was, or the file is fetched again on every call.
func TestCacheEncodingStoreFarExpiry(t *testing.T) {
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			var mu sync.Mutex
			fetches := 0
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				fetches++
				mu.Unlock()
				w.Write([]byte(privateFile))
			})
			store := &encodingStore{values: map[string][]byte{}, encode: enc.encode, decode: enc.decode}
			c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive()}, Store: store, MaxAge: math.MaxInt64}
			for range 3 {
				decide(t, c, srv.URL+"/public")
			}
			mu.Lock()
			defer mu.Unlock()
			if fetches != 1 {
				t.Errorf("%d requests for robots.txt in 3 calls, want 1 (Cache.MaxAge of %v)", fetches, time.Duration(math.MaxInt64))
			}
		})
	}
}

func TestEntryTextRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 1, 12, 0, 0, 123, time.UTC)
	good := &robotshttp.Fetch{URL: "https://example.com/robots.txt", FinalURL: "https://www.example.com/robots.txt", Redirects: 1,
		Access: robotshttp.Available, StatusCode: 200, Body: []byte("User-agent: *\nDisallow: /private\n"), MaxAge: -1, RetryAfter: -1, FetchedAt: at}
	tests := []struct {
		name string
		e    robotshttp.Entry
		src  string
	}{
		{"available, good is the fetch", robotshttp.Entry{Fetch: good, Good: good, Expires: at.Add(24 * time.Hour)}, "RFC 9309 section 2.3.1.1"},
		{"unreachable, good copy of its own", robotshttp.Entry{
			Fetch: &robotshttp.Fetch{URL: good.URL, Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, RetryAfter: 10 * time.Minute, FetchedAt: at.Add(time.Hour)},
			Good:  good, Expires: at.Add(2 * time.Hour)}, "RFC 9309 section 2.4: the good copy stands in"},
		{"a network error", robotshttp.Entry{
			Fetch: &robotshttp.Fetch{URL: good.URL, Access: robotshttp.Unreachable, MaxAge: -1, RetryAfter: -1,
				Err: errors.New(`robotshttp: Get "https://example.com/robots.txt": EOF`), FetchedAt: at},
			Good: good, Expires: at.Add(time.Hour)}, "Fetch.Err as its text"},
		{"unavailable with an error", robotshttp.Entry{
			Fetch:   &robotshttp.Fetch{URL: good.URL, Access: robotshttp.Unavailable, Redirects: 6, MaxAge: -1, Err: errors.New("robotshttp: more than 5 redirects"), FetchedAt: at},
			Expires: at}, "RFC 9309 section 2.3.1.2"},
		{"truncated, empty and zero values", robotshttp.Entry{
			Fetch: &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte{}, Truncated: true}}, "robotshttp.Store: every field comes back equal"},
		{"a body that is not UTF-8", robotshttp.Entry{Fetch: &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte("\xff\xfeU\x00s\x00\x80")}}, "a UTF-16 or Latin-1 file, byte for byte"},
		{"max-age", robotshttp.Entry{Fetch: &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte("x"), MaxAge: 60 * time.Second, FetchedAt: at}, Expires: at.Add(time.Minute)}, "RFC 9111 section 5.2.2.1"},
		{"empty entry", robotshttp.Entry{}, "robotshttp.Store"},
		{"an expiry past 2262, beyond Unix nanoseconds", robotshttp.Entry{Fetch: good, Good: good, Expires: at.Add(math.MaxInt64)}, "a Cache whose MaxAge is math.MaxInt64"},
		{"times before 1678", robotshttp.Entry{Fetch: &robotshttp.Fetch{FetchedAt: time.Date(1600, 1, 1, 0, 0, 0, 1, time.UTC)}, Expires: time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC)}, "robotshttp.Store: every field comes back equal"},
		{"the latest and earliest times", robotshttp.Entry{Fetch: &robotshttp.Fetch{FetchedAt: time.Unix(math.MinInt64, 0)}, Expires: time.Unix(math.MaxInt64, 999_999_999)}, "robotshttp.Store: every field comes back equal"},
	}
	for _, enc := range encodings {
		for _, tt := range tests {
			t.Run(enc.name+"/"+tt.name, func(t *testing.T) {
				b, err := enc.encode(tt.e)
				if err != nil {
					t.Fatalf("encode: %v", err)
				}
				var got robotshttp.Entry
				if err := enc.decode(b, &got); err != nil {
					t.Fatalf("decode: %v", err)
				}
				if diff := cmp.Diff(tt.e, got, sameEntry); diff != "" {
					t.Errorf("round trip (-want +got) (%s):\n%s", tt.src, diff)
				}
				if (tt.e.Good != nil && tt.e.Good == tt.e.Fetch) != (got.Good != nil && got.Good == got.Fetch) {
					t.Errorf("Good is Fetch: %v, want %v (written once)", got.Good == got.Fetch, tt.e.Good == tt.e.Fetch)
				}
			})
		}
	}
}

func TestEntryTextBodyOnce(t *testing.T) {
	// The common entry, an available file, holds its body once.
	f := &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte(strings.Repeat("Disallow: /x\n", 1000))}
	b, err := robotshttp.Entry{Fetch: f, Good: f}.MarshalText()
	if want := base64.StdEncoding.EncodedLen(len(f.Body) + 32); err != nil || len(b) > want {
		t.Errorf("MarshalText: %d bytes, %v; want at most %d, the body and 32 bytes more in base64", len(b), err, want)
	}
}

func TestEntryTextBound(t *testing.T) {
	// The longest entry for its texts and bodies: two fetches, every
	// varint at its longest. MarshalText's doc says
	// base64.StdEncoding.EncodedLen(MaxEntryOverhead + n).
	text := strings.Repeat("x", 70)
	longest := func() *robotshttp.Fetch {
		return &robotshttp.Fetch{URL: text, FinalURL: text, Err: errors.New(text), Body: make([]byte, 100),
			Redirects: math.MinInt32, StatusCode: math.MinInt32, MaxAge: math.MinInt64, RetryAfter: math.MinInt64,
			FetchedAt: time.Unix(math.MinInt64, 999_999_999), Truncated: true}
	}
	e := robotshttp.Entry{Fetch: longest(), Good: longest(), Expires: time.Unix(math.MinInt64, 999_999_999)}
	b, err := e.MarshalText()
	n := 2 * (3*len(text) + 100)
	if want := base64.StdEncoding.EncodedLen(robotshttp.MaxEntryOverhead + n); err != nil || len(b) > want {
		t.Errorf("MarshalText of the longest entry: %d bytes, %v; want at most %d", len(b), err, want)
	}
	if layout, err := base64.StdEncoding.DecodeString(string(b)); err != nil || len(layout) > robotshttp.MaxEntryOverhead+n {
		t.Errorf("layout of the longest entry: %d bytes, %v; want at most %d, MaxEntryOverhead and its texts and bodies", len(layout), err, robotshttp.MaxEntryOverhead+n)
	}
}

func TestEntryTextBad(t *testing.T) {
	f := &robotshttp.Fetch{URL: "https://example.com/robots.txt", Access: robotshttp.Available, Body: []byte("User-agent: *\n")}
	b, err := robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now()}.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(string(b))
	valid := string(raw)
	with := func(i int, c byte) string {
		b := []byte(valid)
		b[i] = c
		return string(b)
	}
	const v, fetch, goodIsFetch, expires = 3, 2, 8, 1 // the version, and the entry's flags
	tests := []struct {
		name, layout, src string
	}{
		{"empty", "", "a key with an empty string"},
		{"another program's value", "User-agent: *\n", "a value not written by this package"},
		{"the first version", with(0, 1), "version byte: RetryAfter was not kept"},
		{"the second version", with(0, 2), "version byte: times as Unix nanoseconds, which end in 2262"},
		{"a later version", with(0, 4), "version byte"},
		{"nanoseconds of a whole second", string([]byte{v, expires, 0, 0x80, 0xa8, 0xd6, 0xb9, 0x07}), "time.Unix would carry them into the seconds"},
		{"negative nanoseconds", string([]byte{v, expires, 0, 1}), "time.Unix would carry them into the seconds"},
		{"unknown entry flags", with(1, 0xff), "entry flags"},
		{"good copy without a fetch", string([]byte{v, goodIsFetch}), "entry flags"},
		{"cut short", valid[:len(valid)-3], "a truncated value"},
		{"bytes after", valid + "x", "trailing bytes"},
		{"a length past the end", string([]byte{v, fetch, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0x03}), "string length"},
		{"unknown access", string([]byte{v, fetch, 0, 7, 0, 0, 0, 0, 0, 0}), "RFC 9309 section 2.3.1 names three cases"},
		{"a count past 32 bits", string([]byte{v, fetch, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0, 0}), "redirects"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := robotshttp.Entry{Expires: time.Unix(1, 0)}
			text := []byte(base64.StdEncoding.EncodeToString([]byte(tt.layout)))
			if err := e.UnmarshalText(text); err == nil || !strings.HasPrefix(err.Error(), "robotshttp: ") || e.Expires != time.Unix(1, 0) {
				t.Errorf("UnmarshalText(%q) = %v, entry %+v; want a robotshttp error, the entry as it was (%s)", tt.layout, err, e, tt.src)
			}
		})
	}
	if err := new(robotshttp.Entry).UnmarshalText([]byte("not base64!")); err == nil {
		t.Errorf("UnmarshalText of text that is not base64: no error")
	}
}

// FuzzEntryText checks that no text makes UnmarshalText panic, and that
// what it reads marshals to a text that reads back as the same entry.
func FuzzEntryText(f *testing.F) {
	g := &robotshttp.Fetch{Access: robotshttp.Available, Body: []byte("User-agent: *\nDisallow: /\n"), FetchedAt: time.Unix(1e9, 0)}
	for _, e := range []robotshttp.Entry{
		{Fetch: g, Good: g, Expires: time.Unix(2e9, 0)},
		{Fetch: &robotshttp.Fetch{Access: robotshttp.Unreachable, Err: errors.New("down"), RetryAfter: -1}, Good: g},
		{Fetch: &robotshttp.Fetch{URL: "https://example.com/" + strings.Repeat("a", 1<<10), Access: robotshttp.Unavailable, Err: errors.New("robotshttp: more than 5 redirects")}},
		// Times past Unix nanoseconds, which an earlier layout wrapped.
		{Fetch: &robotshttp.Fetch{FetchedAt: time.Date(1600, 1, 1, 0, 0, 0, 1, time.UTC)}, Expires: time.Unix(math.MaxInt64, 999_999_999)},
	} {
		b, err := e.MarshalText()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var e robotshttp.Entry
		if e.UnmarshalText(b) != nil {
			return
		}
		again, err := e.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of a read entry: %v", err)
		}
		var e2 robotshttp.Entry
		if err := e2.UnmarshalText(again); err != nil {
			t.Fatalf("UnmarshalText of %q, marshalled again: %v", b, err)
		}
		// reflect.DeepEqual first, as it is cheap and almost always true;
		// cmp.Diff with sameEntry decides when it is not.
		if !reflect.DeepEqual(e, e2) {
			if diff := cmp.Diff(e, e2, sameEntry); diff != "" {
				t.Errorf("UnmarshalText of %q, marshalled again (-first +second):\n%s", b, diff)
			}
		}
	})
}
