package robotstxt

import (
	"slices"
)

// This file keeps the table that finds a repeated sitemap while a file is
// parsed (see parser.sitemap).

// addSitemapSlot enters sitemap k in the table, which it keeps at most
// half full, so that a probe ends soon at an empty slot.
func (r *recordLists) addSitemapSlot(k int) {
	if 2*(k+1) > len(r.sitemapSlots) {
		n := max(64, 2*len(r.sitemapSlots))
		r.sitemapSlots = slices.Grow(r.sitemapSlots[:0], n)[:n]
		clear(r.sitemapSlots)
		for j := range k {
			r.enterSitemap(j)
		}
	}
	r.enterSitemap(k)
}

// enterSitemap puts sitemap k in the first free slot from its hash on.
func (r *recordLists) enterSitemap(k int) {
	mask := uint64(len(r.sitemapSlots) - 1)
	i := r.sitemapHashes[k] & mask
	for r.sitemapSlots[i] != 0 {
		i = (i + 1) & mask
	}
	r.sitemapSlots[i] = int32(k + 1)
}
