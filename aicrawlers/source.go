package aicrawlers

// The list the package ships is derived from this snapshot of the
// ai.robots.txt project's robots.json (MIT licence; see
// testdata/README.md for how to refresh it).
const (
	Source       = "https://github.com/ai-robots-txt/ai.robots.txt"
	SourceCommit = "738c80df2169027ce0e07c9976fd3f2f57dd8f7b"
	SourceDate   = "2026-08-22"
)
