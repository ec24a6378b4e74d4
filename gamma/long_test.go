package gamma

import "os"

// long reports whether the long tests run: AGREE_LONG=1 (as .ci/run sets
// for a second pass over this package). Without it, the brute-force and
// cross-solver tests run on a sample of their instances, so that
// go test ./gamma stays within seconds.
func long() bool { return os.Getenv("AGREE_LONG") != "" }
