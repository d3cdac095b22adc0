package robotstxt

// prepare returns g's index, built now if it is not yet: for tests that
// check or time the index whatever the group's size and queries.
func (g *matcher) prepare() *index {
	if g.c == nil {
		g.c = new(indexCache) // a group of fewer than indexMin rules
		g.c.countStars(g.text, g.rules)
	}
	for g.c.ix.Load() == nil {
		g.c.index(g, 1<<30)
	}
	return g.c.ix.Load()
}

// tokenSet returns the set that the file's token t selects.
func (s *groupSets) tokenSet(t int) int {
	pos, _ := s.find(s.tokenText(uint32(t)))
	return s.setAt(pos)
}
