package chrome

import (
	"os"
	"testing"
)

// Require returns the Chromium a browser test runs, or ends the test: it
// is skipped, with the reason, when .ci/run could not install Chromium
// (AGREE_NO_BROWSER holds why) or when none is installed outside CI, and
// it fails under CI (CI set), where .ci/run installs Debian's chromium.
func Require(t testing.TB) string {
	t.Helper()
	path, err := Find()
	if err == nil {
		return path
	}
	if why := os.Getenv("AGREE_NO_BROWSER"); why != "" {
		t.Skip("skipping the browser test: ", why)
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("CI runs the browser tests (.ci/run installs chromium, or sets AGREE_NO_BROWSER when it cannot): %v", err)
	}
	t.Skipf("skipping the browser test: %v (apt-get install chromium)", err)
	return ""
}
