//go:build unix && !linux

package main

import "syscall"

// parentDeath: no parent-death signal outside Linux; the server ends its
// children's process groups when it stops.
func parentDeath(*syscall.SysProcAttr) {}
