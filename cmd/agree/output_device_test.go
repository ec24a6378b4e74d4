//go:build linux

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputToDevice: an output that names a device or a pipe (/dev/null,
// a named pipe) is written to, with or without --force, and stays what it
// was: the atomic write's rename would have put a regular file in its
// place (agree coding --report /dev/null --force turned the machine's
// /dev/null into a regular file). A named pipe stands for /dev/null here.
func TestOutputToDevice(t *testing.T) {
	for _, force := range []bool{false, true} {
		fifo := filepath.Join(t.TempDir(), "pipe")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
		got := make(chan string, 1)
		go func() {
			b, _ := os.ReadFile(fifo)
			got <- string(b)
		}()
		args := []string{"coding", "--report", fifo, "examples/krippendorff.csv"}
		if force {
			args = append(args, "--force")
		}
		_, stderr, code := agree(t, "", args...)
		if code != 0 {
			// nothing opened the pipe: release the reader
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
		}
		html := <-got
		st, err := os.Lstat(fifo)
		if code != 0 || err != nil || st.Mode()&fs.ModeNamedPipe == 0 || !strings.Contains(html, "<html") {
			t.Errorf("force %v: exit %d %s; %s is %v (%v); read %d bytes", force, code, stderr, fifo, st.Mode(), err, len(html))
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(fifo), ".*.tmp")); len(left) > 0 {
			t.Errorf("temporary files left: %q", left)
		}
	}
}
