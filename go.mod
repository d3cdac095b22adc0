module github.com/rfc9309/robotstxt

go 1.26

require github.com/google/go-cmp v0.7.0 // indirect
