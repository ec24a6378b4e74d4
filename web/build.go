package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build writes the page into dir: its files (Names), wasm_exec.js of the
// Go installation on the PATH, and agree.wasm, cmd/agree built with
// GOOS=js GOARCH=wasm, -trimpath and -ldflags=-s -w (stripped), from the
// module the current directory is in. An existing, non-empty dir is an
// error unless force. The go command's output and a line with the sizes
// go to log.
func Build(dir string, force bool, log io.Writer) error {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 && !force {
		return fmt.Errorf("%s exists and is not empty (--force overwrites the page's files in it)", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, name := range Names {
		b, err := fs.ReadFile(Files(), name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("wasm_exec.js of the Go installation: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "agree.wasm")
	abs, err := filepath.Abs(wasm)
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", abs, "agree/cmd/agree")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build (GOOS=js GOARCH=wasm): %w", err)
	}
	raw, gz, err := Sizes(wasm)
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "build: wrote %s: agree.wasm %.1f MB (%.2f MB gzipped), wasm_exec.js, %s\n", dir, float64(raw)/1e6, float64(gz)/1e6, strings.Join(Names, ", "))
	return nil
}

// Sizes returns the size of a file and of its gzip compression (what a
// static host that compresses sends).
func Sizes(name string) (raw, gz int64, err error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, 0, err
	}
	var c countWriter
	w, _ := gzip.NewWriterLevel(&c, gzip.BestCompression)
	w.Write(b)
	if err := w.Close(); err != nil {
		return 0, 0, err
	}
	return int64(len(b)), c.n, nil
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

func goEnv(key string) (string, error) {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", key, err)
	}
	return string(bytes.TrimSpace(out)), nil
}
