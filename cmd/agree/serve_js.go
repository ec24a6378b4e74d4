//go:build js

package main

// The WebAssembly build (package web's page) runs in a browser tab, where
// no server can listen: agree serve is the native binary's. Leaving its
// HTTP server out keeps agree.wasm smaller.

func runServe(e env, args []string) error {
	return usagef("serve: not available in the browser: the page is already agree's web page")
}
