package metarobots

import "strings"

// IsNoFollow reports whether a link's rel attribute asks crawlers not to
// follow it: it names "nofollow", or "ugc" (user-generated content) or
// "sponsored", which search engines treat as hints of the same kind, in
// any order and any case.
func IsNoFollow(rel string) bool {
	for _, v := range strings.Fields(rel) {
		if strings.EqualFold(v, "nofollow") || strings.EqualFold(v, "ugc") || strings.EqualFold(v, "sponsored") {
			return true
		}
	}
	return false
}
