package main

// This file writes the WARC files of testdata/audit from robots.txt files
// of a corpus of real ones, when the tests run with -warc-from DIR (see
// testdata/audit/README.md), and reads them back with a slow, plain
// reader that the tests hold the audit's reader to.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

var warcFrom = flag.String("warc-from", "", "rewrite testdata/audit's WARC files from the robots.txt files in `DIR` (the shared corpus's files/)")

const auditData = "testdata/audit"

// A testCapture is one robots.txt fetch as a crawl stores it.
type testCapture struct {
	url    string
	status string   // the HTTP status line's code and reason
	header []string // HTTP header lines
	body   []byte
}

// testRecord is a WARC record's type, target, content type and block.
type testRecord struct {
	typ, uri, contentType string
	block                 []byte
	length                int // Content-Length; -1: the block's
}

// warcRecordBytes writes a record as ISO 28500 says, with fixed dates
// and record ids so that the files are the same on every run.
func warcRecordBytes(n int, r testRecord) []byte {
	var b bytes.Buffer
	length := r.length
	if length < 0 {
		length = len(r.block)
	}
	fmt.Fprintf(&b, "WARC/1.0\r\nWARC-Type: %s\r\n", r.typ)
	if r.uri != "" {
		fmt.Fprintf(&b, "WARC-Target-URI: %s\r\n", r.uri)
	}
	fmt.Fprintf(&b, "WARC-Date: 2026-11-%02dT%02d:%02d:00Z\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n", 1+n/1440%28, n/60%24, n%60, n)
	fmt.Fprintf(&b, "Content-Type: %s\r\nContent-Length: %d\r\n\r\n", r.contentType, length)
	b.Write(r.block)
	b.WriteString("\r\n\r\n")
	return b.Bytes()
}

// captureRecords returns the request, response and metadata records of
// a capture, as Common Crawl writes them.
func captureRecords(c testCapture) []testRecord {
	host := strings.TrimPrefix(strings.TrimPrefix(c.url, "https://"), "http://")
	host, _, _ = strings.Cut(host, "/")
	req := fmt.Sprintf("GET /robots.txt HTTP/1.1\r\nHost: %s\r\nUser-Agent: CCBot/2.0 (https://commoncrawl.org/faq/)\r\nAccept: text/plain\r\n\r\n", host)
	var resp bytes.Buffer
	fmt.Fprintf(&resp, "HTTP/1.1 %s\r\n", c.status)
	for _, h := range c.header {
		resp.WriteString(h + "\r\n")
	}
	resp.WriteString("\r\n")
	resp.Write(c.body)
	return []testRecord{
		{"request", c.url, "application/http; msgtype=request", []byte(req), -1},
		{"response", c.url, "application/http; msgtype=response", resp.Bytes(), -1},
		{"metadata", c.url, "application/warc-fields", []byte("fetchTimeMs: 120\r\n"), -1},
	}
}

// gzipMember compresses b as one gzip member, with no name or time.
func gzipMember(b []byte) []byte {
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return out.Bytes()
}

func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(*warcFrom, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// utf16LE is s in UTF-16, little-endian, after its byte-order mark.
func utf16LE(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func textHeader(body []byte) []string {
	return []string{"Content-Type: text/plain", "Content-Length: " + strconv.Itoa(len(body))}
}

// goodCaptures are the captures of cc.warc.gz: every case of RFC 9309
// section 2.3.1's statuses, and bodies as sites serve them.
func goodCaptures(t *testing.T) []testCapture {
	ai := corpusFile(t, "005_ai.robots.txt.txt")
	wiki := corpusFile(t, "002_en.wikipedia.org.txt")
	html := corpusFile(t, "020_www.tjx.com.txt")
	big := corpusFile(t, "016_docs.oracle.com.txt")
	ups := corpusFile(t, "033_www.ups.com.txt")
	twitter := corpusFile(t, "014_twitter.com.txt")
	yandex := corpusFile(t, "083_yandex.ru.txt")
	page404 := []byte("<!DOCTYPE html><html><head><title>Not Found</title></head><body>User-agent: *<br>Disallow: /</body></html>\n")
	utf16Body := utf16LE(string(corpusFile(t, "030_www.mathway.com.txt")[3:]))
	var chunked bytes.Buffer
	for rest := twitter; len(rest) > 0; {
		n := min(len(rest), 1000)
		fmt.Fprintf(&chunked, "%x\r\n%s\r\n", n, rest[:n])
		rest = rest[n:]
	}
	chunked.WriteString("0\r\n\r\n")
	signal := []byte("User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\nCrawl-delay: 2.5\nSitemap: https://signal.example/sitemap.xml\n")
	return []testCapture{
		{"https://ai-blocker.example/robots.txt", "200 OK", textHeader(ai), ai},
		{"https://en.wikipedia.org/robots.txt", "200 OK", textHeader(wiki), wiki},
		{"https://www.tjx.com/robots.txt", "200 OK", []string{"Content-Type: text/html; charset=utf-8"}, html},
		{"https://docs.oracle.com/robots.txt", "200 OK", textHeader(big), big},
		{"https://utf16.example/robots.txt", "200 OK", []string{"Content-Type: text/plain; charset=utf-16"}, utf16Body},
		{"http://moved.example/robots.txt", "301 Moved Permanently", []string{"Location: https://moved.example/robots.txt", "Content-Length: 0"}, nil},
		{"https://gone.example/robots.txt", "404 Not Found", []string{"Content-Type: text/html"}, page404},
		{"https://down.example/robots.txt", "503 Service Unavailable", []string{"Retry-After: 120", "Content-Length: 0"}, nil},
		{"https://busy.example/robots.txt", "429 Too Many Requests", []string{"Content-Length: 0"}, nil},
		{"https://www.ups.com/robots.txt", "200 OK", append(textHeader(ups), "X-Crawler-Content-Encoding: gzip"), ups},
		{"https://twitter.com/robots.txt", "200 OK", []string{"Content-Type: text/plain", "Transfer-Encoding: chunked"}, chunked.Bytes()},
		{"https://yandex.ru/robots.txt", "200 OK", textHeader(yandex), yandex},
		{"https://signal.example/robots.txt", "200 OK", textHeader(signal), signal},
	}
}

// writeWARC writes records, each a gzip member of its own, or with
// plain, as they are.
func writeWARC(t *testing.T, name string, members [][]byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(auditData, name), bytes.Join(members, nil), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteAuditWARCs writes testdata/audit's WARC files when the tests
// run with -warc-from; otherwise there is nothing to do.
func TestWriteAuditWARCs(t *testing.T) {
	if *warcFrom == "" {
		return
	}
	info := testRecord{"warcinfo", "", "application/warc-fields",
		[]byte("software: robotstxt audit tests\r\nformat: WARC File Format 1.0\r\n"), -1}
	n := 0
	member := func(r testRecord) []byte {
		n++
		return gzipMember(warcRecordBytes(n, r))
	}

	// cc.warc.gz: Common Crawl's layout.
	members := [][]byte{member(info)}
	for _, c := range goodCaptures(t) {
		for _, r := range captureRecords(c) {
			members = append(members, member(r))
		}
	}
	writeWARC(t, "cc.warc.gz", members)

	// bad.warc.gz: records that cannot be read between ones that can.
	mathway := corpusFile(t, "030_www.mathway.com.txt")
	good := func(host string) []byte {
		return member(captureRecords(testCapture{"https://" + host + "/robots.txt", "200 OK", textHeader(mathway), mathway})[1])
	}
	response := func(host string, block []byte, length int) testRecord {
		return testRecord{"response", "https://" + host + "/robots.txt", "application/http; msgtype=response", block, length}
	}
	cut := good("cut.example")
	flipped := good("flipped.example")
	flipped[len(flipped)/2] ^= 0xFF
	httpOK := []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\r\nDisallow: /\r\n")
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i * 7919 >> 3)
	}
	huge := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\nDisallow: /private/\n"), make([]byte, 10<<20)...)
	writeWARC(t, "bad.warc.gz", [][]byte{
		good("first.example"),
		cut[:len(cut)/2],
		good("after-cut.example"),
		flipped,
		member(response("long.example", httpOK, len(httpOK)+100)),
		member(response("short.example", httpOK, len(httpOK)-10)),
		member(response("not-http.example", []byte("this is no HTTP response\r\n"), -1)),
		member(response("binary.example", append([]byte("HTTP/1.1 200 OK\r\n\r\n"), binary...), -1)),
		member(response("huge.example", huge, -1)),
		[]byte("not a gzip member"),
		good("last.example"),
	})

	// plain.warc: uncompressed, with a Content-Length that covers the
	// next record.
	plain := func(r testRecord) []byte {
		n++
		return warcRecordBytes(n, r)
	}
	second := plain(response("covered.example", httpOK, -1))
	writeWARC(t, "plain.warc", [][]byte{
		plain(response("plain-first.example", httpOK, -1)),
		plain(response("plain-liar.example", httpOK, len(httpOK)+len(second)/2)),
		second,
		plain(response("plain-last.example", httpOK, -1)),
	})

	// corpus.warc.gz: the corpus's files of up to 100 KB, as 200
	// answers in Common Crawl's layout, for BenchmarkAudit: files of the
	// sizes most sites serve.
	entries, err := os.ReadDir(*warcFrom)
	if err != nil {
		t.Fatal(err)
	}
	members = [][]byte{member(info)}
	for _, e := range entries {
		body := corpusFile(t, e.Name())
		if len(body) > 100_000 {
			continue
		}
		host := strings.TrimSuffix(e.Name()[4:], ".txt")
		c := testCapture{"https://" + host + "/robots.txt", "200 OK", textHeader(body), body}
		for _, r := range captureRecords(c) {
			members = append(members, member(r))
		}
	}
	writeWARC(t, "corpus.warc.gz", members)
}

// An oracleRecord is a record as the slow reader reads it.
type oracleRecord struct {
	header http.Header
	block  []byte
}

// readWARCOracle reads a well-formed WARC file the plain way: the whole
// file decompressed at once (gzip's members read as one stream), then
// each record's header and Content-Length bytes of block.
func readWARCOracle(t *testing.T, path string) []oracleRecord {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if raw, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	var out []oracleRecord
	br := bufio.NewReader(bytes.NewReader(raw))
	for {
		version, err := br.ReadString('\n')
		if err == io.EOF {
			return out
		}
		if !strings.HasPrefix(version, "WARC/") {
			t.Fatalf("%s: record %d starts with %q", path, len(out), version)
		}
		h := http.Header{}
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			k, v, _ := strings.Cut(line, ":")
			h.Add(k, strings.TrimSpace(v))
		}
		n, err := strconv.Atoi(h.Get("Content-Length"))
		if err != nil {
			t.Fatal(err)
		}
		block := make([]byte, n)
		if _, err := io.ReadFull(br, block); err != nil {
			t.Fatal(err)
		}
		br.Discard(4)
		out = append(out, oracleRecord{h, block})
	}
}
