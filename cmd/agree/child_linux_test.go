package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// limitFileSize caps the size of the files the process writes (ulimit -f):
// a write past it fails with EFBIG (Go ignores SIGXFSZ).
func limitFileSize(n int64) {
	_ = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(n), Max: uint64(n)})
}

// peakMemory is the peak resident memory of this process (VmHWM), in
// bytes. (The rusage of a child would count its parent's memory, shared
// until exec.)
func peakMemory() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
