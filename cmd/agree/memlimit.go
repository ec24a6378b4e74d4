package main

import (
	"os"
	"strconv"
)

// serveMemoryEnv is the environment variable through which agree serve
// gives its analysis children their memory limit, in bytes (serve.go):
// the child applies it (limitMemory) before anything else.
const serveMemoryEnv = "AGREE_SERVE_MEMORY"

// applyServeMemory applies the memory limit agree serve set for this
// process, if any.
func applyServeMemory() {
	if n, err := strconv.ParseInt(os.Getenv(serveMemoryEnv), 10, 64); err == nil && n > 0 {
		limitMemory(n)
	}
}
