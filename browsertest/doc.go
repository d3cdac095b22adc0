// Package browsertest tests robotstxt serve end to end, in a real headless
// Chromium driven through the DevTools protocol (chromedp). It is a module
// of its own so that the library's go.mod needs only x/net and go-cmp.
package browsertest
