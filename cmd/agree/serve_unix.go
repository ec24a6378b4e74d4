//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// serveStopSignals stop agree serve: Ctrl-C, and SIGTERM (a service
// manager, kill, docker stop) the same way.
var serveStopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// childProcess makes cmd an analysis child that ends with the server: in
// a process group of its own, killed whole when cmd's context ends (the
// child and anything it started), and on Linux killed when the server
// dies (parentDeath).
func childProcess(cmd *exec.Cmd) {
	attr := &syscall.SysProcAttr{Setpgid: true}
	parentDeath(attr)
	cmd.SysProcAttr = attr
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
