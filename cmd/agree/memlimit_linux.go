package main

import (
	"runtime/debug"
	"syscall"
)

// limitMemory caps the process at n bytes: the Go runtime's soft limit
// (the collector works harder near it), and the address space
// (RLIMIT_AS) with 4 GB of room for the runtime's reservations, so that
// an allocation far past it fails at once instead of swapping.
func limitMemory(n int64) {
	debug.SetMemoryLimit(n)
	as := uint64(n) + 4<<30
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as})
}
