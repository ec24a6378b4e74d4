package main

import (
	"os"
	"strconv"
	"time"
)

// serveChildHook makes an analysis child of agree serve misbehave for the
// server's tests (AGREE_TEST_CHILD): "hang" writes its pid to the file
// AGREE_TEST_CHILD_PIDFILE names and sleeps; "crash" kills itself;
// "alloc" asks for 12 GB at once (which only a memory limit refuses).
func serveChildHook(what string) {
	switch what {
	case "hang":
		os.WriteFile(os.Getenv("AGREE_TEST_CHILD_PIDFILE"), []byte(strconv.Itoa(os.Getpid())), 0o644)
		time.Sleep(10 * time.Minute)
		os.Exit(0)
	case "crash":
		p, _ := os.FindProcess(os.Getpid())
		p.Kill()
		time.Sleep(time.Minute)
	case "alloc":
		b := make([]byte, 12<<30)
		b[len(b)-1] = 1
		os.Exit(int(b[0]))
	}
}
