package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

// TestCheckStdin runs command lines with AGREE_CHECK=1 and "-" as the input
// (standard input is /dev/null): a command line the command accepts ends
// with status 0 and no output when the input would be read, and one it
// refuses gives the same status and message as without AGREE_CHECK.
func TestCheckStdin(t *testing.T) {
	cases := []struct {
		args []string
		code int
		why  string
	}{
		{[]string{"coding", "--metric", "interval", "--bootstrap", "10", "-"}, 0, "flags accepted: stops at the read"},
		{[]string{"coding", "--metric", "nosuch", "-"}, 2, "an unknown distance is refused before reading"},
		{[]string{"coding", "--bootstrap", "-5", "-"}, 2, "a bound flag out of range"},
		{[]string{"spans", "--match", "iou:0.5", "--input", "csv", "-"}, 0, "spans read through the annotation model"},
		{[]string{"spans", "--nosuchflag", "-"}, 2, "unknown flag"},
		{[]string{"gamma", "--samples", "10", "-"}, 0, "gamma reads standard input whole"},
		{[]string{"gamma", "--samples", "10", "--max-samples", "5", "-"}, 2, "flags that contradict each other"},
		{[]string{"segmentation", "--nt", "1", "-"}, 2, "segmentation --nt below its range"},
		{[]string{"segmentation", "-"}, 0, "segmentation"},
		{[]string{"coref", "--input", "csv", "-"}, 0, "coref's CSV"},
		{[]string{"convert", "--to", "jsonl", "-"}, 0, "convert"},
		{[]string{"convert", "--to", "xml", "-"}, 2, "convert to an unknown format"},
		{[]string{"unitizing", "-"}, 0, "unitizing"},
		{[]string{"relations", "--input", "csv", "-"}, 0, "relations"},
		{[]string{"report", "--as", "coding", "-", "--metric", "interval"}, 0, "report passes its flags on"},
	}
	for _, c := range cases {
		t.Setenv("AGREE_CHECK", "")
		plain := agreeChild(t, 0, time.Minute, c.args...)
		t.Setenv("AGREE_CHECK", "1")
		got := agreeChild(t, 0, time.Minute, c.args...)
		if got.code != c.code {
			t.Errorf("%s (%s): AGREE_CHECK=1 exit %d, want %d; stderr %q", strings.Join(c.args, " "), c.why, got.code, c.code, got.stderr)
			continue
		}
		if got.stdout != "" {
			t.Errorf("%s (%s): AGREE_CHECK=1 printed %q on standard output", strings.Join(c.args, " "), c.why, got.stdout)
		}
		if c.code == 0 {
			if got.stderr != "" {
				t.Errorf("%s (%s): AGREE_CHECK=1 printed %q on standard error", strings.Join(c.args, " "), c.why, got.stderr)
			}
			if plain.code != 1 || !strings.Contains(plain.stderr, "empty") {
				t.Errorf("%s (%s): without AGREE_CHECK the empty standard input should be refused (exit 1), got %d %q", strings.Join(c.args, " "), c.why, plain.code, plain.stderr)
			}
			continue
		}
		if plain.code != got.code || plain.stderr != got.stderr {
			t.Errorf("%s (%s): AGREE_CHECK=1 gave %d %q, without it %d %q", strings.Join(c.args, " "), c.why, got.code, got.stderr, plain.code, plain.stderr)
		}
	}
}

// TestProgressEnv: AGREE_PROGRESS=1 sends the progress line to standard
// error even when it is not a terminal; without it nothing is drawn there.
func TestProgressEnv(t *testing.T) {
	var b strings.Builder
	t.Setenv("AGREE_PROGRESS", "")
	if e := newEnv(strings.NewReader(""), io.Discard, &b); e.progress != nil || e.quiet.w != nil {
		t.Errorf("without AGREE_PROGRESS, progress goes to a buffer that is no terminal")
	}
	t.Setenv("AGREE_PROGRESS", "1")
	e := newEnv(strings.NewReader(""), io.Discard, &b)
	if e.progress == nil || e.quiet.w != io.Writer(&b) {
		t.Fatalf("AGREE_PROGRESS=1: progress writer %v, want standard error", e.quiet.w)
	}
	s := newStatus(e.quiet, "coding")
	if s == nil {
		t.Fatal("AGREE_PROGRESS=1: no status line")
	}
	s.finish()
}
