package main

import "syscall"

// parentDeath has the kernel kill the child when the server's thread that
// started it ends (as when the server is killed with SIGKILL and cannot
// end its children itself).
func parentDeath(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }
