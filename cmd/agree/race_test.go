//go:build race

package main

// raceEnabled: the race detector reserves its own address space, which a
// memory limit on a child process would exhaust.
const raceEnabled = true
