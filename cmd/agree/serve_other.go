//go:build !unix && !js

package main

import (
	"os"
	"os/exec"
)

// serveStopSignals stop agree serve: Ctrl-C.
var serveStopSignals = []os.Signal{os.Interrupt}

// childProcess: the child is killed when cmd's context ends (exec's
// default); no process groups here.
func childProcess(*exec.Cmd) {}
