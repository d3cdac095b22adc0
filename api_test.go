package robotstxt_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// maxAPI is the most funcs and types the package's documentation may list
// (what go doc -all shows as lines starting "func" or "type"): one way to
// do each thing, and nothing a user never needs. Three of them are what
// package lint reads of a file, as any other package could: FileGroups,
// FileGroup and FileRule; two what a cache bounded in bytes counts:
// Robots.Footprint and Group.Footprint; and two answer one query on a
// file read once, without keeping it: DecideOnce and Options.DecideOnce,
// as Parse and Options.Parse parse one.
const maxAPI = 48

// api reads the package's documentation as go doc does: its exported
// funcs, and its exported types with their funcs and methods, each
// written "Name" or "Type.Name".
func api(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/rfc9309/robotstxt")
	if err != nil {
		t.Fatal(err)
	}
	names := make(map[string]bool)
	for _, f := range p.Funcs {
		names[f.Name] = true
	}
	for _, typ := range p.Types {
		names[typ.Name] = true
		for _, f := range typ.Funcs {
			names[f.Name] = true
		}
		for _, m := range typ.Methods {
			names[typ.Name+"."+m.Name] = true
		}
	}
	return names
}

// TestAPI keeps the package's surface to what users need: the names of
// the core API stay, and the second ways of saying one thing stay away.
func TestAPI(t *testing.T) {
	names := api(t)
	if len(names) > maxAPI {
		t.Errorf("the package documents %d funcs and types, want at most %d", len(names), maxAPI)
	}
	for _, tt := range []struct {
		name   string
		want   bool
		source string
	}{
		{"Parse", true, "DESIGN.md: the core API"},
		{"ParseReader", true, "DESIGN.md: the core API"},
		{"Options.Parse", true, "DESIGN.md: the core API"},
		{"Options.ParseReader", true, "DESIGN.md: the core API"},
		{"Robots.Allowed", true, "DESIGN.md: the core API"},
		{"Robots.Decide", true, "DESIGN.md: the core API"},
		{"Robots.Group", true, "DESIGN.md: the core API"},
		{"Robots.Diagnostics", true, "DESIGN.md: the core API"},
		{"Group.Allowed", true, "DESIGN.md: the core API"},
		{"Group.Decide", true, "DESIGN.md: the core API"},
		{"Robots.Footprint", true, "what a cache bounded in bytes counts"},
		{"Group.Footprint", true, "what a cache that keeps a union of several names' groups counts"},
		{"Robots.WriteTo", true, "the one way to write a file back: io.WriterTo"},
		{"Code", true, "the diagnostic codes are a named type"},
		{"Options.Limit", false, "one way: Options.MaxBytes says it"},
		{"AllowAll", false, "one allow-everything value: Parse(nil)"},
		{"DisallowAll", false, "robotshttp's verdict, not a parse"},
		{"RequestRate.PerSecond", false, "Requests and Per say it"},
		{"Robots.String", false, "one way to write a file back: Robots.WriteTo"},
		{"Robots.CleanParams", false, "Yandex's Clean-param lines are Records"},
		{"CleanParam", false, "Yandex's Clean-param lines are Records"},
		{"IsValidProductToken", false, "a crawler's own name is checked once, by its author"},
		{"Diagnostic.String", false, "callers print the fields they want"},
	} {
		if names[tt.name] != tt.want {
			t.Errorf("%s: %s documented = %v, want %v", tt.source, tt.name, names[tt.name], tt.want)
		}
	}
}

// TestCodeType checks that a Diagnostic's Code is the named type of the
// Code constants, whose values stay those of JSON output and golden files.
func TestCodeType(t *testing.T) {
	if got, want := reflect.TypeOf(robotstxt.Diagnostic{}.Code), reflect.TypeOf(robotstxt.CodeBOM); got != want || got.Name() != "Code" {
		t.Errorf("Diagnostic.Code is a %v, the constants %v; want both robotstxt.Code", got, want)
	}
	for _, tt := range []struct {
		code any
		want string
	}{
		{robotstxt.CodeBOM, "bom"},
		{robotstxt.CodeTruncated, "truncated"},
		{robotstxt.CodeConflict, "conflicting-values"},
		{robotstxt.CodeNoSlash, "no-leading-slash"},
		{robotstxt.CodeBlankLineInGroup, "blank-line-in-group"},
	} {
		if got := reflect.ValueOf(tt.code).String(); got != tt.want {
			t.Errorf("code %v = %q, want %q (codes are stable)", tt.code, got, tt.want)
		}
	}
}

// TestRobotsNotComparable checks that Robots and Group values cannot be
// compared with ==: a Robots holds its tables behind pointers, so == would
// compare where they live, not what they say (two parses of one file
// differ, two copies of one Robots are equal), and a type comparable by
// accident is a promise that keeping the tables inline would break.
func TestRobotsNotComparable(t *testing.T) {
	for _, tt := range []struct {
		typ    reflect.Type
		source string
	}{
		{reflect.TypeFor[robotstxt.Robots](), "Robots: parse once into an immutable *Robots"},
		{reflect.TypeFor[robotstxt.Group](), "Group: its rules are a slice"},
	} {
		if tt.typ.Comparable() {
			t.Errorf("%s: %v is comparable, want it not", tt.source, tt.typ)
		}
	}
}
