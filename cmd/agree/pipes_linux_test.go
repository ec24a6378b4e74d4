//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// pipeFixtures are inputs larger than the routing's look-ahead (64 KiB):
// read twice, a pipe would lose its start.
func pipeFixtures(t *testing.T) (string, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	var wide, spans, units, seg strings.Builder
	wide.WriteString("item,a,b,c\n")
	for i := range 20000 {
		fmt.Fprintf(&wide, "i%d,%d,%d,%d\n", i, i%4, (i*7)%4, (i*3/2)%4)
	}
	spans.WriteString("document,annotator,start,end,label\n")
	for i := range 3000 {
		for _, a := range []string{"A", "B"} {
			off := 0
			if a == "B" && i%5 == 0 {
				off = 1
			}
			fmt.Fprintf(&spans, "d%d,%s,%d,%d,%s\n", i%40, a, 10*i, 10*i+5+off, []string{"PER", "ORG"}[i%2])
		}
	}
	for i := range 3000 {
		fmt.Fprintf(&units, "a,X,%d,%d\nb,X,%d,%d\n", 10*i, 10*i+5, 10*i+1, 10*i+5)
	}
	seg.WriteString("item,coder,masses\n")
	for i := range 2000 {
		fmt.Fprintf(&seg, "d%d,a,2 3 6 4\nd%d,b,2 3 5 5\n", i, i)
	}
	files := map[string]string{
		"wide.csv":       wide.String(),
		"spans.csv":      spans.String(),
		"units.csv":      units.String(),
		"seg.csv":        seg.String(),
		"key.conll":      "#begin document (d); part 000\nw0 (0\nw1 0)\nw2 (1)\nw3 -\nw4 (1)\n#end document\n",
		"response.conll": "#begin document (d); part 000\nw0 (0)\nw1 -\nw2 (1\nw3 1)\nw4 (1)\n#end document\n",
		"small.csv":      "item,a,b\n1,x,x\n2,x,y\n3,y,y\n",
	}
	for name, s := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

// TestPipes (issue 25): a pipe named as a file — /dev/stdin, <(…) (an
// inherited descriptor, /dev/fd/3), a named pipe — is opened once and read
// whole: the output equals the one of the same data in a regular file.
// Before, the routing read the first 64 KiB and opened the file again (the
// rest measured, a data row taken as the header, exit 0), small inputs were
// called empty and named pipes hung.
func TestPipes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir, files := pipeFixtures(t)
	for _, tc := range []struct {
		why  string
		file string   // the fixture that goes through the pipe
		args []string // {in}: the pipe's name
	}{
		{"coding reads a wide table", "wide.csv", []string{"coding", "--format", "json", "{in}"}},
		{"coding reads a small table (not empty)", "small.csv", []string{"coding", "--format", "json", "{in}"}},
		{"spans reads a span CSV (the annotation model)", "spans.csv", []string{"spans", "--format", "json", "{in}"}},
		{"gamma reads unit files", "units.csv", []string{"gamma", "--samples", "0", "--format", "json", "{in}"}},
		{"unitizing reads unit files", "units.csv", []string{"unitizing", "--format", "json", "{in}"}},
		{"segmentation reads its CSV", "seg.csv", []string{"segmentation", "--format", "json", "{in}"}},
		{"coref reads CoNLL", "key.conll", []string{"coref", "--annotators", "key,response", "--format", "json", "{in}", filepath.Join(dir, "response.conll")}},
		{"convert reads a span CSV", "spans.csv", []string{"convert", "{in}"}},
		{"report detects the analysis from the head, then reads it", "wide.csv", []string{"report", "--format", "json", "{in}"}},
	} {
		args := func(in string) []string {
			out := make([]string, len(tc.args))
			for i, a := range tc.args {
				out[i] = strings.ReplaceAll(a, "{in}", in)
			}
			return out
		}
		regular := filepath.Join(dir, tc.file)
		want := agreeProcess(t, child{timeout: time.Minute}, args(regular)...)
		if want.code != 0 {
			t.Fatalf("%s: the regular file: exit %d: %s", tc.why, want.code, want.stderr)
		}
		data := files[tc.file]
		for _, route := range []string{"/dev/stdin", "<(…)", "named pipe"} {
			t.Run(tc.why+" through "+route, func(t *testing.T) {
				var got childResult
				var name string
				switch route {
				case "/dev/stdin":
					name = "/dev/stdin"
					got = agreeProcess(t, child{timeout: time.Minute, stdin: strings.NewReader(data)}, args(name)...)
				case "<(…)":
					r, w, err := os.Pipe()
					if err != nil {
						t.Fatal(err)
					}
					go func() { w.WriteString(data); w.Close() }()
					name = "/dev/fd/3"
					got = agreeProcess(t, child{timeout: time.Minute, extra: []*os.File{r}}, args(name)...)
					r.Close()
				default:
					name = filepath.Join(t.TempDir(), tc.file)
					if err := syscall.Mkfifo(name, 0o600); err != nil {
						t.Skip("no named pipes here:", err)
					}
					done := make(chan struct{})
					go func() {
						defer close(done)
						w, err := os.OpenFile(name, os.O_WRONLY, 0)
						if err != nil {
							return
						}
						w.WriteString(data)
						w.Close()
					}()
					got = agreeProcess(t, child{timeout: time.Minute}, args(name)...)
					select {
					case <-done:
					case <-time.After(time.Second):
						// agree never opened the pipe: unblock the writer
						if r, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
							<-done
							r.Close()
						}
						t.Errorf("the named pipe was not opened")
					}
				}
				if got.code != 0 {
					t.Fatalf("exit %d, stderr %.500s", got.code, got.stderr)
				}
				if tc.args[0] == "report" {
					if !strings.Contains(got.stdout, "20000") || !strings.Contains(got.stdout, "<html") {
						t.Errorf("the report does not show the 20000 items")
					}
					return
				}
				if g, w := strings.ReplaceAll(got.stdout, name, "{in}"), strings.ReplaceAll(want.stdout, regular, "{in}"); g != w {
					t.Errorf("the output differs from the regular file's:\n%.600s\n--- want\n%.600s", g, w)
				}
			})
		}
	}
}

// TestOutputToSpecialFile: -o of a device or a named pipe with --force
// writes into it and leaves it what it was (the write through a temporary
// file renamed over the target replaced /dev/null by a regular file).
func TestOutputToSpecialFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	_, stderr, code := agree(t, "", "convert", "--to", "jsonl", "--force", "-o", fifo, "examples/entities.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	select {
	case out := <-got:
		if !strings.Contains(out, `"annotator"`) {
			t.Errorf("the pipe read %.200q", out)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("nothing written into the pipe")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe was replaced: %v %v", st.Mode(), err)
	}
}
