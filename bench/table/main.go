// Command table reads the output of "go test -bench" in the bench module
// (run with -count N) on its standard input and prints, for each case, the
// median of each metric for both libraries and their ratio, as a Markdown
// table.
//
//	go test -bench . -count 10 | go run ./table
//
// With -readme and -perf it writes the figures instead, each table between
// its marker comments (see replaceBlock): the full table and the table of
// small files (smallTable) into the bench README, and into
// docs/PERFORMANCE.md the summary (rows chosen by summaryRows), the table
// of small files, the root module's pathological, long-line, many-lines and
// retained-memory tables (-root: the output of go test -bench
// 'Pathological|ManyLines|RetainedCorpus|WorstCase' in the root module) and the
// answer counts of TestConformanceCompared (-compare: the output of go
// test -v -run Compared). -header is the line that says how the figures
// were measured; it goes between the "header" markers of each file.
// bench/run.sh runs all of it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	readme := fs.String("readme", "", "write the full table into this file")
	perf := fs.String("perf", "", "write the summary and the root module's tables into this file")
	root := fs.String("root", "", "the root module's benchmark output (with -perf)")
	compare := fs.String("compare", "", "the output of go test -v -run Compared (with -perf)")
	header := fs.String("header", "", "the line saying how the figures were measured (with -readme or -perf)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	res, err := readResults(stdin)
	if err != nil {
		return err
	}
	s := newSide(res)
	if len(s.cases) == 0 {
		return errors.New("table: no side-by-side benchmark in the input")
	}
	if *readme == "" && *perf == "" {
		_, err := io.WriteString(stdout, fullTable(s))
		return err
	}
	if *header == "" {
		return errors.New("table: -readme and -perf need -header")
	}
	files := make(map[string][]block)
	if *readme != "" {
		small, err := smallTable(s)
		if err != nil {
			return err
		}
		files[*readme] = []block{{"header", *header}, {"full", fullTable(s)}, {"small", small}}
	}
	if *perf != "" {
		blocks, err := perfBlocks(s, *root, *compare)
		if err != nil {
			return err
		}
		files[*perf] = append([]block{{"header", *header}}, blocks...)
	}
	// Every file is filled before any is written, so that a missing figure
	// or marker leaves them all as they were.
	filled := make(map[string]string)
	for path, blocks := range files {
		doc, err := fillBlocks(path, blocks)
		if err != nil {
			return err
		}
		filled[path] = doc
	}
	for path, doc := range filled {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			return fmt.Errorf("table: %w", err)
		}
	}
	return nil
}

// perfBlocks returns the generated blocks of docs/PERFORMANCE.md.
func perfBlocks(s *side, rootPath, comparePath string) ([]block, error) {
	if rootPath == "" || comparePath == "" {
		return nil, errors.New("table: -perf needs -root and -compare")
	}
	summary, err := summaryTable(s, summaryRows)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(rootPath)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	defer f.Close()
	res, err := readResults(f)
	if err != nil {
		return nil, err
	}
	small, err := smallTable(s)
	if err != nil {
		return nil, err
	}
	blocks := []block{{"summary", summary}, {"small", small}}
	for _, g := range []struct {
		name string
		grid grid
	}{{"pathological", pathological}, {"worst-case", worstCase}, {"long-line", longLine}, {"many-lines", manyLines}} {
		t, err := g.grid.table(res)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, block{g.name, t})
	}
	rc, err := retainedCorpus(res)
	if err != nil {
		return nil, err
	}
	blocks = append(blocks, block{"retained-corpus", rc})
	cf, err := os.Open(comparePath)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	defer cf.Close()
	sets, err := readCompared(cf)
	if err != nil {
		return nil, err
	}
	ct, err := comparedTable(sets)
	if err != nil {
		return nil, err
	}
	return append(blocks, block{"compared", ct}), nil
}
