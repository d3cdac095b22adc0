package main

import (
	"io"
	"strings"
	"unicode/utf8"
)

// tableBlock is how many rows a table holds back to measure its columns:
// enough that a screenful lines up, few enough that a long stream shows
// its first rows at once and that a table's memory stays bounded.
const tableBlock = 256

// A table writes rows of cells in aligned columns, for a person at a
// terminal. It cannot know the widths of rows it has not seen, so it
// holds back up to tableBlock rows, measures them and writes them; its
// widths never shrink from one block to the next, so the columns of a
// long stream stay put, and a wider cell moves the columns after it only
// from its own block on.
type table struct {
	w      io.Writer
	widths []int
	rows   [][]string
	line   strings.Builder
}

// row adds a row; the table keeps cells, not a copy of them. A cell with
// a control character is escaped here, as the output would escape it (see
// controlEscaper), so that its width is measured as it shows.
func (t *table) row(cells ...string) {
	for i, c := range cells {
		cells[i] = escapeString(c)
	}
	t.rows = append(t.rows, cells)
	if len(t.rows) == tableBlock {
		t.flush()
	}
}

// flush writes the rows held back.
func (t *table) flush() {
	for _, r := range t.rows {
		for i, c := range r {
			if i == len(t.widths) {
				t.widths = append(t.widths, 0)
			}
			t.widths[i] = max(t.widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		t.line.Reset()
		for i, c := range r {
			t.line.WriteString(c)
			if i < len(r)-1 {
				// Two spaces between columns, as ls and go doc use.
				t.line.WriteString(strings.Repeat(" ", t.widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		// An empty last cell would leave its padding behind.
		io.WriteString(t.w, strings.TrimRight(t.line.String(), " ")+"\n")
	}
	clear(t.rows)
	t.rows = t.rows[:0]
}
