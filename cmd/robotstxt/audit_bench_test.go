package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// BenchmarkAudit audits the generated WARC files on one core and reports
// captures per second beside the bytes of compressed input per second
// (b.SetBytes); BenchmarkWARCRead reads the same files without the
// audit, the floor the audit's speed is measured against.
func BenchmarkAudit(b *testing.B) {
	for _, name := range []string{"corpus.warc.gz", "cc.warc.gz", "bad.warc.gz"} {
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
	for _, name := range []string{"corpus.warc.gz", "cc.warc.gz", "bad.warc.gz"} {
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

// tenAICrawlers are the names the plain pipeline of BenchmarkPlainPipeline
// asks about.
var tenAICrawlers = []string{"GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "CCBot",
	"Google-Extended", "PerplexityBot", "Bytespider", "Applebot-Extended", "Meta-ExternalAgent"}

// BenchmarkPlainPipeline is what a study of robots.txt captures does
// without this command, on the files of BenchmarkAudit: the standard
// library's gzip reading the records, net/http their responses, and
// github.com/temoto/robotstxt asked whether ten AI crawlers may fetch
// "/". The audit, beside it, decides for every AI and search crawler of
// the registry, and lints each file.
func BenchmarkPlainPipeline(b *testing.B) {
	// Not bad.warc.gz: the pipeline stops at its first bad member.
	for _, name := range []string{"corpus.warc.gz", "cc.warc.gz"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(auditData, name))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			captures := 0
			for b.Loop() {
				captures += plainPipeline(data)
			}
			b.ReportMetric(float64(captures)/b.Elapsed().Seconds(), "captures/s")
		})
	}
}

// plainPipeline reads the records of a compressed WARC file one gzip
// member at a time, and asks temoto/robotstxt about each response's
// body; it returns the responses read. A member that fails ends it.
func plainPipeline(data []byte) int {
	br := bufio.NewReader(bytes.NewReader(data))
	zr, err := gzip.NewReader(br)
	if err != nil {
		return 0
	}
	captures := 0
	for {
		zr.Multistream(false)
		rec := bufio.NewReader(zr)
		h := http.Header{}
		if _, err := rec.ReadString('\n'); err != nil {
			return captures
		}
		for {
			line, err := rec.ReadString('\n')
			if err != nil || line == "\r\n" {
				break
			}
			k, v, _ := strings.Cut(line, ":")
			h.Set(k, strings.TrimSpace(v))
		}
		if h.Get("WARC-Type") == "response" {
			if resp, err := http.ReadResponse(rec, nil); err == nil {
				body, _ := io.ReadAll(io.LimitReader(resp.Body, 500<<10))
				if r, err := temoto.FromStatusAndBytes(resp.StatusCode, body); err == nil {
					for _, c := range tenAICrawlers {
						r.TestAgent("/", c)
					}
				}
				captures++
			}
		}
		io.Copy(io.Discard, rec)
		if err := zr.Reset(br); err != nil {
			return captures
		}
	}
}
