package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// realServe starts agree serve (the test binary as agree) with its
// analyses' children hanging (AGREE_TEST_CHILD=hang), and returns it,
// its address, its TMPDIR and the file the hanging child writes its pid
// to.
func realServe(t *testing.T) (cmd *exec.Cmd, base, tmp, pidFile string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp = t.TempDir()
	pidFile = filepath.Join(t.TempDir(), "pid")
	cmd = exec.Command(exe, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "AGREE_TEST_AS_AGREE=1", "TMPDIR="+tmp, "AGREE_TEST_CHILD=hang", "AGREE_TEST_CHILD_PIDFILE="+pidFile)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- l
	}()
	select {
	case l := <-line:
		u, _, ok := strings.Cut(strings.TrimPrefix(l, "agree serve: open "), " ")
		if !ok {
			t.Fatalf("agree serve says %q", l)
		}
		base = strings.TrimSuffix(u, "/")
	case <-time.After(20 * time.Second):
		t.Fatal("agree serve did not start")
	}
	return cmd, base, tmp, pidFile
}

// startHanging posts an analysis whose child hangs, and waits until the
// child runs: its pid.
func startHanging(t *testing.T, base, pidFile string) int {
	t.Helper()
	go func() {
		body, ctype := upload(t, "segmentation", "", seg)
		if resp, err := http.Post(base+"/run", ctype, body); err == nil {
			resp.Body.Close()
		}
	}()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b, err := os.ReadFile(pidFile); err == nil && len(b) > 0 {
			pid, _ := strconv.Atoi(string(b))
			return pid
		}
	}
	t.Fatal("the analysis child did not start")
	return 0
}

// gone waits (at most 10 s) until process pid no longer runs (exited or a
// zombie).
func gone(pid int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
			return true
		}
	}
	return false
}

// filesIn lists what is left under dir.
func filesIn(dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if p != dir {
			out = append(out, strings.TrimPrefix(p, dir))
		}
		return nil
	})
	return out
}

// TestServeSIGTERM: issue 25, agree serve stopped by SIGTERM (a service
// manager, kill, docker stop) ends its running analysis at once, removes
// the upload and exits with 0 (it left the analysis running for up to
// --timeout and the upload for ever).
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	cmd, base, tmp, pidFile := realServe(t)
	child := startHanging(t, base, pidFile)
	if len(filesIn(tmp)) == 0 {
		t.Fatal("no upload on disk while the analysis runs")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("agree serve after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("agree serve still runs 15 s after SIGTERM")
	}
	if !gone(child) {
		t.Errorf("the analysis child %d outlived the server", child)
	}
	if left := filesIn(tmp); len(left) > 0 {
		t.Errorf("left on disk: %v", left)
	}
}

// TestServeParentDeath: issue 25, a server killed outright (SIGKILL: no
// chance to clean up) does not leave its analysis running: the kernel
// ends the child (parent-death signal).
func TestServeParentDeath(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	cmd, base, _, pidFile := realServe(t)
	child := startHanging(t, base, pidFile)
	cmd.Process.Kill()
	cmd.Wait()
	if !gone(child) {
		syscall.Kill(child, syscall.SIGKILL)
		t.Errorf("the analysis child %d outlived the killed server", child)
	}
}
