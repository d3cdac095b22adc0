package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
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
