package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// BenchmarkAudit audits the generated WARC files on one core and reports
// captures per second beside the bytes of compressed input per second
// (b.SetBytes); BenchmarkWARCRead reads the same files without the
// audit, the floor the audit's speed is measured against.
func BenchmarkAudit(b *testing.B) {
	for _, name := range []string{"cc.warc.gz", "bad.warc.gz"} {
		for _, format := range []string{"jsonl", "parquet"} {
			b.Run(name+"/"+format, func(b *testing.B) {
				in := filepath.Join(auditData, name)
				fi, err := os.Stat(in)
				if err != nil {
					b.Fatal(err)
				}
				stdout, _, _ := runAudit(b, "", "-j", "1", "-summary", os.DevNull, in)
				captures := bytes.Count([]byte(stdout), []byte("\n"))
				b.SetBytes(fi.Size())
				b.ReportAllocs()
				for b.Loop() {
					run([]string{"audit", "-j", "1", "-format", format, "-summary", os.DevNull, in}, nil, io.Discard, io.Discard)
				}
				b.ReportMetric(float64(captures*b.N)/b.Elapsed().Seconds(), "captures/s")
			})
		}
	}
}

func BenchmarkWARCRead(b *testing.B) {
	for _, name := range []string{"cc.warc.gz", "bad.warc.gz"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(auditData, name))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				w := newWARCReader(bytes.NewReader(data))
				for {
					rec, err := w.next()
					if err == io.EOF {
						break
					}
					if err == nil {
						io.Copy(io.Discard, rec.Block)
						w.close()
					}
				}
			}
		})
	}
}

// BenchmarkJSONRow writes the rows of cc.warc.gz as JSON lines do, the
// crawlers' access as objects written straight from the row, beside the
// plain way, through the maps Parquet writes.
func BenchmarkJSONRow(b *testing.B) {
	c := newAuditCrawlers()
	f, err := os.Open(filepath.Join(auditData, "cc.warc.gz"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	a := newAuditor(robotstxt.Options{}, c)
	w := newWARCReader(f)
	var rows []auditRow
	for {
		rec, err := w.next()
		if err == io.EOF {
			break
		}
		if err == nil && rec.Type == "response" {
			rows = append(rows, a.response("cc", rec))
		}
		w.close()
	}
	b.Run("objects", func(b *testing.B) {
		s := newRowSink("jsonl", io.Discard, c)
		b.ReportAllocs()
		for b.Loop() {
			s.write(rows)
		}
	})
	b.Run("maps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range rows {
				json.Marshal(r.json(c))
			}
		}
	})
}
