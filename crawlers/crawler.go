package crawlers

import (
	"fmt"
	"slices"
)

// A Purpose is what a crawler fetches pages for.
type Purpose uint8

const (
	// Other crawlers fetch for a use none of the other purposes names,
	// or one their operator does not state.
	Other Purpose = iota
	// Search crawlers index pages for a search engine.
	Search
	// Ads crawlers check the pages that ads lead to, or choose ads for a
	// page.
	Ads
	// AITraining crawlers collect pages to train models, or control
	// whether pages another crawler fetched may train them.
	AITraining
	// AISearch crawlers index pages for an AI search engine or answer
	// service.
	AISearch
	// AIAssistant fetchers get a page when a user asks an assistant about
	// it.
	AIAssistant
	// AIAgent fetchers browse on a user's behalf, clicking and filling in
	// forms.
	AIAgent
	// AIData crawlers gather data for AI uses that their operator does
	// not state.
	AIData
	// SEOTool crawlers gather links and pages for search engine
	// optimisation tools.
	SEOTool
	// Archive crawlers keep copies of the web for later reading.
	Archive
	// Monitoring fetchers test pages for their owners: uptime, rich
	// results, inspection tools.
	Monitoring
	// Preview fetchers get a page to show a snapshot or a card of it.
	Preview
	numPurposes
)

var purposeNames = [numPurposes]string{
	"other", "search", "ads", "AI training", "AI search", "AI assistant", "AI agent", "AI data",
	"SEO tool", "archive", "monitoring", "preview",
}

// String returns the purpose's name as the registry writes it: "search",
// "AI training", "SEO tool", ...
func (p Purpose) String() string {
	if p < numPurposes {
		return purposeNames[p]
	}
	return fmt.Sprintf("purpose(%d)", uint8(p))
}

// AI reports whether p is one of the purposes of AI companies' crawlers.
func (p Purpose) AI() bool { return AITraining <= p && p <= AIData }

// parsePurpose reads a purpose's name; ok is false for an unknown one.
func parsePurpose(s string) (Purpose, bool) {
	i := slices.Index(purposeNames[:], s)
	return Purpose(max(i, 0)), i >= 0
}

// Obeys says whether a crawler is known to obey a robots.txt rule.
type Obeys uint8

const (
	Unknown Obeys = iota // no source says
	Yes                  // its operator documents that it does
	No                   // it is documented or known not to
)

// String returns "unknown", "yes" or "no".
func (o Obeys) String() string {
	switch o {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// A Crawler is one entry of the registry: a crawler as its operator
// documents it.
type Crawler struct {
	// Tokens are the product tokens the crawler obeys in robots.txt,
	// most specific first: Googlebot-Image's are "Googlebot-Image" then
	// "Googlebot". The first token whose group a file has decides (see
	// Decide). Tokens[0] is the crawler's name.
	Tokens []string
	// Operator runs the crawler; "" when no source says.
	Operator string
	Purpose  Purpose
	// IgnoresStar reports that the crawler does not read the "*" group
	// when no group names one of its tokens, as Google's special-case
	// crawlers do: it may then fetch everything.
	IgnoresStar bool
	// Obeys says whether the crawler obeys robots.txt at all.
	Obeys Obeys
	// CrawlDelay says whether the crawler obeys Crawl-delay; Unknown
	// when its operator does not say.
	CrawlDelay Obeys
	// UserAgents are the names the crawler gives in its User-Agent
	// header ("Googlebot" in "... (compatible; Googlebot/2.1; +url)"), as
	// Identify finds them; none for a token that only controls how
	// pages another crawler fetched are used (Google-Extended).
	UserAgents []string
	// Source is the operator's page that documents the crawler's tokens,
	// their order, whether it reads "*", its headers, its purpose and
	// whether it obeys robots.txt; for a crawler known only from the AI
	// crawler list (AI is true and the registry has no page of its own
	// for it), the page that list cites, or the list itself.
	Source string
	// CrawlDelaySource is the page that documents CrawlDelay; "" when
	// CrawlDelay is Unknown.
	CrawlDelaySource string
	// AI reports that the ai.robots.txt list of AI crawlers names the
	// crawler (see AISource); Audit reports on these crawlers.
	AI bool
}

// Name returns the crawler's name: its first, most specific token.
func (c Crawler) Name() string {
	if len(c.Tokens) == 0 {
		return ""
	}
	return c.Tokens[0]
}

// clone returns c with slices of its own, in one allocation, so that no
// caller can change the registry through them.
func (c Crawler) clone() Crawler {
	n := len(c.Tokens)
	all := make([]string, 0, n+len(c.UserAgents))
	all = append(append(all, c.Tokens...), c.UserAgents...)
	c.Tokens = all[:n:n]
	c.UserAgents = all[n:len(all):len(all)]
	if len(c.UserAgents) == 0 {
		c.UserAgents = nil
	}
	return c
}
