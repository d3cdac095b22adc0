package robotstxt_test

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// floors lists the root package's files from the top floor down, as
// docs/ARCHITECTURE.md describes them: the entry points, writing back, the parse (bytes to lines to groups), the
// parsed file, its groups and their indexes, records and notes, the two
// modes, and the leaves (crawler names, URLs, Host values,
// percent-encoding, the compiled rule, the matcher, octet classes,
// memory). Files on one floor are separated by spaces.
var floors = []string{
	"robotstxt.go once.go",
	"write.go",
	"parse.go",
	"tokenize.go",
	"keys.go",
	"buffers.go",
	"build.go",
	"robots.go",
	"lookup.go",
	"group.go",
	"index.go",
	"groupext.go rate.go records.go",
	"notes.go diagnostic.go",
	"dialect.go",
	"agent.go url.go percent.go",
	"rule.go",
	"match.go",
	"octets.go",
	"memory.go",
}

// upward lists the uses that run up a floor, each with its reason. A file
// reads the files below it; these are the few places where a lower file
// names something of a higher one.
var upward = map[[2]string]string{
	{"buffers.go", "robotstxt.go"}: "the pool keeps buffers of up to four times DefaultMaxBytes",
	{"parse.go", "robotstxt.go"}:   "the parser reads Options",
	{"robots.go", "write.go"}:      "Robots.WriteTo writes the file back",
	{"group.go", "robots.go"}:      "a Group reads its file's records",
}

// TestLayers keeps the root package's files layered: following a parse or
// a query from file to file runs down the floors, and each use that runs
// back up is listed in upward with its reason. A new file has to be given
// a floor, and a new use that runs up a reason.
func TestLayers(t *testing.T) {
	rank := make(map[string]int)
	for i, floor := range floors {
		for _, f := range strings.Fields(floor) {
			rank[f] = len(floors) - i
		}
	}
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil || !ok {
			continue
		}
		if _, ok := rank[name]; !ok {
			t.Errorf("%s has no floor: add it to floors and to docs/ARCHITECTURE.md", name)
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object)}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("robotstxt", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[[2]string]bool)
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		from := fset.Position(id.Pos()).Filename
		to := fset.Position(obj.Pos()).Filename
		if rank[to] > rank[from] {
			seen[[2]string{from, to}] = true
		}
	}
	var got []string
	for e := range seen {
		if _, ok := upward[e]; !ok {
			got = append(got, e[0]+" -> "+e[1])
		}
	}
	slices.Sort(got)
	for _, e := range got {
		t.Errorf("%s runs up a floor: move what it uses down, or list it in upward with its reason", e)
	}
	for e := range upward {
		if !seen[e] {
			t.Errorf("%s -> %s is listed in upward but no longer used: remove it", e[0], e[1])
		}
	}
	if len(upward) > 20 {
		t.Errorf("%d uses run up a floor, want at most 20", len(upward))
	}
}
