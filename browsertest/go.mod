module github.com/rfc9309/robotstxt/browsertest

go 1.26.0

require github.com/rfc9309/robotstxt v0.0.0 // indirect

require (
	github.com/chromedp/chromedp v0.23.1
	github.com/google/go-cmp v0.7.0
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/rfc9309/robotstxt => ../

tool github.com/rfc9309/robotstxt/cmd/robotstxt
