package robotshttp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// hostileFile returns a file of about size bytes of one group of rules
// that each begin with a '*' followed by 16 random letters: no prefix
// tells them apart, so a built index holds each rule's mask, and a parse
// holds more bytes for each byte of the file than for any other shape.
func hostileFile(site, size int) string {
	rnd := rand.New(rand.NewPCG(uint64(site), 24))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	letters := make([]byte, 16)
	for b.Len() < size {
		for i := range letters {
			letters[i] = 'a' + byte(rnd.IntN(26))
		}
		fmt.Fprintf(&b, "Disallow: /*%s\n", letters)
	}
	return b.String()
}

// largeFileAgents are the names that select every group of a largeFile of
// size bytes, and "*".
func largeFileAgents(site, size int) []string {
	agents := []string{"*", fmt.Sprintf("crawler-%d", site)}
	for i := 0; i*50*40 < size; i++ { // 50 lines of fewer than 40 bytes a group
		agents = append(agents, fmt.Sprintf("bot%d", i))
	}
	return agents
}

// cacheHeld fills a Cache of a budget of maxMemory with files, asks each
// origin's rules for every one of agents enough times to build every
// index, and returns the bytes of heap the Cache holds.
func cacheHeld(t *testing.T, files map[string]string, agents func(host string) []string, maxMemory int64) int64 {
	t.Helper()
	client, _ := hostsServer(t, files)
	ctx := context.Background()
	before := heapAlloc()
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: client}, MaxMemory: maxMemory}
	for host := range files {
		for _, agent := range agents(host) {
			// A group answers 16 queries by a linear pass and then
			// builds its index.
			for i := range 20 {
				if _, _, err := c.Decide(ctx, agent, fmt.Sprintf("http://%s/catalog/%d/x", host, i)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	held := heapAlloc() - before
	runtime.KeepAlive(c)
	return held
}

// TestCacheMaxMemoryHeld checks that Cache.MaxMemory bounds the heap the
// Cache holds once the files' indexes are built, for ordinary files and
// for the shape of file that holds the most per byte.
func TestCacheMaxMemoryHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a cache with 8 MB of files")
	}
	const origins, size, budget = 16, 500 << 10, 4 << 20
	tests := []struct {
		name   string
		file   func(site, size int) string
		agents func(site, size int) []string
	}{
		{"largeFile", largeFile, largeFileAgents},
		{"hostile: one group of 17,654 '*' rules", hostileFile, func(int, int) []string { return []string{"bot"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := make(map[string]string, origins)
			site := make(map[string]int, origins)
			for i := range origins {
				host := fmt.Sprintf("site%d.example", i)
				files[host], site[host] = tt.file(i, size), i
			}
			held := cacheHeld(t, files, func(host string) []string { return tt.agents(site[host], size) }, budget)
			t.Logf("%d origins of %d KiB, budget %d MiB: %.1f MiB held", origins, size>>10, budget>>20, float64(held)/(1<<20))
			// The margin is for the Cache's own maps and the slack of
			// the heap's size classes.
			if limit := int64(budget + budget/4 + 1<<20); held > limit {
				t.Errorf("Cache{MaxMemory: %d} held %d bytes after indexing %d files of %d KiB, want at most %d: MaxMemory does not count what a parsed file holds", budget, held, origins, size>>10, limit)
			}
		})
	}
}
