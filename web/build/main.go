// Command build writes agree's static web page into a folder: the page's
// files (package web), agree.wasm (cmd/agree built with GOOS=js
// GOARCH=wasm, stripped) and wasm_exec.js from the Go installation that
// builds it. Any static host can serve the folder; so can agree serve
// --web DIR.
//
//	go run ./web/build -o DIR [--force]
//
// It works offline: everything comes from the module and GOROOT.
package main

import (
	"flag"
	"fmt"
	"os"

	"agree/web"
)

func main() {
	out := flag.String("o", "", "the folder to write (created; an existing one needs --force)")
	force := flag.Bool("force", false, "overwrite the page's files in an existing folder")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./web/build -o DIR [--force]\n\nflags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := web.Build(*out, *force, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}
