package robotstxt_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestNoNetworkDeps keeps the HTTP layer out of the root package: a
// program that only parses robots.txt files should not link net/http and
// the ~190 packages behind it. Fetching lives in package robotshttp.
func TestNoNetworkDeps(t *testing.T) {
	checkNoDeps(t, "net/http", "compress/gzip", "golang.org/x/net/idna")
}

// TestNoFmtDeps keeps fmt out of the root package: the WebAssembly
// module (wasm/) links what the package calls, and fmt, with the reflect
// code it runs, was about 170 kB of the module's code, for a few messages
// that strconv and appends write as well. net/url imports fmt, so it
// stays out too. (encoding/binary imports reflect, but the module links
// only the functions it calls, which use none of it.)
func TestNoFmtDeps(t *testing.T) {
	checkNoDeps(t, "fmt", "net/url")
}

// checkNoDeps fails t for each of forbidden that the root package
// imports, directly or not, naming a chain of imports that brings it.
func checkNoDeps(t *testing.T, forbidden ...string) {
	t.Helper()
	const pkg = "github.com/rfc9309/robotstxt"

	// go test puts its own GOROOT/bin first on PATH, so this is the go
	// command that built the test.
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list dependencies with: %v", err)
	}
	cmd := exec.Command(gocmd, "list", "-deps", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", pkg)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	imports := make(map[string][]string)
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) > 0 {
			imports[fields[0]] = fields[1:]
		}
	}
	if _, ok := imports[pkg]; !ok {
		t.Fatalf("go list -deps %s did not list the package itself:\n%s", pkg, out)
	}
	for _, f := range forbidden {
		if _, ok := imports[f]; ok {
			t.Errorf("%s imports %s: %s", pkg, f, strings.Join(importChain(imports, pkg, f), " -> "))
		}
	}
}

// importChain returns a shortest chain of imports from one package to
// another, by breadth-first search over the graph go list printed, or
// just the two ends when there is none.
func importChain(imports map[string][]string, from, to string) []string {
	parent := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == to {
			var chain []string
			for ; p != ""; p = parent[p] {
				chain = append([]string{p}, chain...)
			}
			return chain
		}
		for _, q := range imports[p] {
			if _, seen := parent[q]; !seen {
				parent[q] = p
				queue = append(queue, q)
			}
		}
	}
	return []string{from, "?", to}
}
