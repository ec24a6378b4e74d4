//go:build !linux

package main

import "runtime/debug"

// limitMemory caps the process at n bytes: the Go runtime's soft limit
// (no address-space limit outside Linux).
func limitMemory(n int64) { debug.SetMemoryLimit(n) }
