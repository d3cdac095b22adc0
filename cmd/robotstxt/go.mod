module github.com/rfc9309/robotstxt/cmd/robotstxt

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/rfc9309/robotstxt v0.0.0
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/rfc9309/robotstxt => ../..
