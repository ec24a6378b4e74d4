//go:build !linux

package main

func peakMemory() int64 { return 0 }

func limitFileSize(int64) {}
