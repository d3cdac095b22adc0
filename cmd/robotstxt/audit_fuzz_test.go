package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// FuzzWARCReader reads any bytes as a WARC file, compressed or not, and
// makes the row of each response: it must neither panic nor loop, each
// record or error must start past the one before (which bounds their
// number by the file's size), and a block must never give more than its
// Content-Length.
func FuzzWARCReader(f *testing.F) {
	bad, err := os.ReadFile(filepath.Join(auditData, "bad.warc.gz"))
	if err != nil {
		f.Fatal(err)
	}
	plain, err := os.ReadFile(filepath.Join(auditData, "plain.warc"))
	if err != nil {
		f.Fatal(err)
	}
	// bad.warc.gz but its 10 MiB record, which would take the fuzzer's
	// time: the members before it, and those after.
	f.Add(append(bad[:2409:2409], bad[12896:]...))
	f.Add(plain)
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 5\r\n\r\nHTTP/\r\n\r\n\r\n"))
	f.Add([]byte("\r\n\r\nWARC/1.1\r\nContent-Length: x\r\n\r\n"))
	f.Add([]byte(gzipMagic + "\x00\x00"))
	c := newAuditCrawlers()
	f.Fuzz(func(t *testing.T, data []byte) {
		a := newAuditor(robotstxt.Options{MaxBytes: 1000}, c)
		w := newWARCReader(bytes.NewReader(data))
		last := int64(-1)
		for range len(data) + 2 {
			rec, err := w.next()
			if err == io.EOF {
				return
			}
			off := rec.Offset
			if we, ok := err.(*warcError); ok {
				off = we.Offset
			} else if err != nil {
				t.Fatalf("next: %v, want a *warcError or io.EOF", err)
			}
			if off <= last || off >= int64(len(data)) {
				t.Fatalf("a record at offset %d after one at %d, in %d bytes", off, last, len(data))
			}
			last = off
			if err != nil {
				continue
			}
			if rec.Type == "response" {
				row := a.response("fuzz", rec)
				if row.Bytes > rec.Length {
					t.Fatalf("a body of %d bytes in a block of %d", row.Bytes, rec.Length)
				}
			}
			w.close()
		}
		t.Fatalf("no end after %d records of %d bytes", len(data)+2, len(data))
	})
}
