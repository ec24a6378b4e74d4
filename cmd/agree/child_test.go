package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"agree/internal/limits"
)

// The test binary doubles as the command line: with AGREE_TEST_AS_AGREE=1 it
// runs agree on its arguments instead of the tests, after applying the
// memory limit in AGREE_TEST_MEMLIMIT (bytes; see limitMemory), and writes
// its peak memory to the file AGREE_TEST_PEAKFILE names. Tests use it to run
// command lines that may exhaust memory in a process of their own.
func TestMain(m *testing.M) {
	if os.Getenv("AGREE_TEST_AS_AGREE") == "1" {
		applyServeMemory()
		if len(os.Args) > 1 && os.Args[1] != "serve" {
			serveChildHook(os.Getenv("AGREE_TEST_CHILD"))
		}
		if n, err := strconv.ParseInt(os.Getenv("AGREE_TEST_MEMLIMIT"), 10, 64); err == nil && n > 0 {
			limitMemory(n)
		}
		if n, err := strconv.ParseInt(os.Getenv("AGREE_TEST_FSIZE"), 10, 64); err == nil && n > 0 {
			limitFileSize(n)
		}
		if v := os.Getenv("AGREE_TEST_LIMITS"); v != "" {
			// the tests' scale of the input limits: "line,file" in bytes
			line, file, _ := strings.Cut(v, ",")
			limits.MaxLine, _ = strconv.ParseInt(line, 10, 64)
			limits.MaxFile, _ = strconv.ParseInt(file, 10, 64)
		}
		code := exitCode(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), os.Stderr)
		if f := os.Getenv("AGREE_TEST_PEAKFILE"); f != "" {
			os.WriteFile(f, []byte(strconv.FormatInt(peakMemory(), 10)), 0o644)
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// childResult is what a command line run as a child process did.
type childResult struct {
	stdout, stderr string
	code           int
	peak           int64 // peak resident memory in bytes (0 where unknown)
	elapsed        time.Duration
}

// agreeChild runs agree args in a child process (the test binary) with a
// memory limit of limit bytes (0: none) and a timeout.
func agreeChild(t *testing.T, limit int64, timeout time.Duration, args ...string) childResult {
	t.Helper()
	return agreeProcess(t, child{limit: limit, timeout: timeout}, args...)
}

// child is how agreeProcess runs a command line.
type child struct {
	// fsize is the largest file the child may write (ulimit -f; 0: none).
	fsize int64
	// limits are the input limits at the tests' scale, "line,file" in
	// bytes ("": agree's own).
	limits  string
	limit   int64         // memory limit in bytes (0: none)
	timeout time.Duration // the child is killed after it
	stdin   io.Reader     // standard input (nil: none)
	// extra are open files the child inherits as /dev/fd/3, /dev/fd/4, …
	// (what bash's <(…) gives a command).
	extra []*os.File
}

// agreeProcess runs agree args in a child process (the test binary).
func agreeProcess(t *testing.T, c child, args ...string) childResult {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	peakFile := filepath.Join(t.TempDir(), "peak")
	cmd.Env = append(os.Environ(), "AGREE_TEST_AS_AGREE=1", "AGREE_TEST_MEMLIMIT="+strconv.FormatInt(c.limit, 10), "AGREE_TEST_PEAKFILE="+peakFile,
		"AGREE_TEST_FSIZE="+strconv.FormatInt(c.fsize, 10), "AGREE_TEST_LIMITS="+c.limits)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Stdin = c.stdin
	cmd.ExtraFiles = c.extra
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(c.timeout, func() { cmd.Process.Kill() })
	err = cmd.Wait()
	timer.Stop()
	r := childResult{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	if b, err := os.ReadFile(peakFile); err == nil {
		r.peak, _ = strconv.ParseInt(string(b), 10, 64)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return r
}
