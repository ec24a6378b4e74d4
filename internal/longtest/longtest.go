// Package longtest marks the tests that take long: brute-force comparisons,
// simulations, large random inputs. They are skipped by default, so that
// "go test ./..." stays within a minute on two cores, and run when the
// environment variable AGREE_LONG is set to 1 (as .ci/run does in a step of
// its own):
//
//	AGREE_LONG=1 go test ./...
//
// A test calls Skip at its start; a test that runs by default but can do
// more asks Enabled (for example to try more random cases).
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that enables the long tests.
const Env = "AGREE_LONG"

// Enabled reports whether the long tests run: Env is set to a value other
// than "" and "0".
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the long tests run (see Enabled).
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("long test: set " + Env + "=1 to run it")
	}
}
