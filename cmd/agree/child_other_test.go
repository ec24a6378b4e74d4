//go:build !linux

package main

import "runtime/debug"

func limitMemory(n int64) { debug.SetMemoryLimit(n) }

func peakMemory() int64 { return 0 }

func limitFileSize(int64) {}
