package redisstore_test

import (
	"context"
	"fmt"
	"log"

	"github.com/redis/go-redis/v9"
	"github.com/rfc9309/robotstxt/redisstore"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// Every crawler process of a fleet makes its Cache so, on the fleet's
// Redis (or Redis Cluster: NewUniversalClient with several addresses):
// each origin's robots.txt file is then fetched once for the fleet.
func ExampleNew() {
	client := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"10.0.0.5:6379"}})
	store := redisstore.New(client)
	store.Prefix = "crawler:robots:"
	cache := &robotshttp.Cache{
		Fetcher: &robotshttp.Fetcher{UserAgent: "ExampleBot/1.0 (+https://example.com/bot)"},
		Store:   store,
		// Redis failing, and answering again, is said once each time.
		Logf: log.Printf,
	}
	d, _, err := cache.Decide(context.Background(), "ExampleBot", "https://example.com/private/report")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(d.Allowed)
}
