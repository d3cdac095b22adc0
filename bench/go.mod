module github.com/rfc9309/robotstxt/bench

go 1.26.0

require github.com/rfc9309/robotstxt v0.0.0

require github.com/temoto/robotstxt v1.1.2

require github.com/google/go-cmp v0.7.0

require github.com/jimsmart/grobotstxt v1.0.3

replace github.com/rfc9309/robotstxt => ../
