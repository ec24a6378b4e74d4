package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/internal/inputtest"
	"agree/internal/longtest"
)

// The input/output classes of issue 25 ("nothing lost, nothing crashes"),
// one command line per finding; the pipes have TestPipes.

// finding25 is one finding of issue 25 as a command line: what it must do
// now. Files are named "{dir}/NAME" (issue25Fixtures).
type finding25 struct {
	name   string
	args   []string
	stdin  func() io.Reader // standard input (nil: none)
	code   int
	stderr string // a fragment of standard error
	// child: run in a process of its own (it reads endless inputs or
	// archives that decompress to gigabytes): TestIssue25Memory runs it
	// under a memory limit.
	child bool
	fsize int64                          // ulimit -f of the child (0: none)
	check func(t *testing.T, dir string) // what must hold afterwards
}

// issue25Fixtures writes the inputs of the findings.
func issue25Fixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	spans := "document,annotator,start,end,label\nd,A,0,5,PER\nd,B,0,5,PER\nd,A,7,9,ORG\nd,B,6,9,ORG\n"
	var big strings.Builder
	big.WriteString("document,annotator,start,end,label\n")
	for i := range 20000 {
		fmt.Fprintf(&big, "d%d,A%d,%d,%d,x\n", i%50, i%3, i, i+1)
	}
	files := map[string]string{
		"DIR/a.csv":     spans,
		"units.csv":     "a,X,0,10\na,Y,12,20\nb,X,1,10\nb,Y,11,19\n",
		"existing.csv":  "keep me\n",
		"big.csv":       big.String(),
		"wide.csv":      "item,a,b,c\n1,x,x,y\n2,y,y,y\n3,x,y,x\n4,x,x,x\n",
		"wide1.csv":     "item,a,b,c\n1,x,x,y\n2,y,y,y\n",
		"wide2.csv":     "item,a,b,c\n3,x,y,x\n4,x,x,x\n",
		"keep/out.html": "keep me\n",
	}
	for name, s := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("DIR", filepath.Join(dir, "LINK")); err != nil {
		t.Fatal(err)
	}
	// ZIP bombs: a 3.6 MB archive with a 3.5 GiB member; project exports
	// with a 1 GiB member, a member compressed 1000 to 1, an encrypted one.
	write := func(name string, members func(zw *zip.Writer)) {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		members(zw)
		zw.Close()
		os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
	}
	write("bomb.zip", func(zw *zip.Writer) { inputtest.Member(zw, "data.jsonl", 3584<<20, 0) })
	tsv := "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=Hi\n1-1\t0-2\tHi\tX\n"
	export := func(zw *zip.Writer) {
		w, _ := zw.Create("exportedproject1.json")
		io.WriteString(w, "{}")
		w, _ = zw.Create("annotation/d1/alice.tsv")
		io.WriteString(w, tsv)
	}
	write("export.zip", func(zw *zip.Writer) { export(zw); inputtest.Member(zw, "annotation/d1/bob.tsv", 1<<30, 0) })
	write("ratio.zip", func(zw *zip.Writer) { export(zw); inputtest.Member(zw, "annotation/d1/bob.tsv", 100<<20, 0) })
	write("secret.zip", func(zw *zip.Writer) { export(zw); inputtest.Member(zw, "annotation/d1/bob.tsv", 1<<20, 0x1) })
	return dir
}

func issue25Findings() []finding25 {
	zero := "/dev/zero"
	line := "/dev/zero:1: a line longer than"
	whole := "/dev/zero: more than"
	endless := func(s string) func() io.Reader { return func() io.Reader { return inputtest.Endless(s) } }
	unchanged := func(name, want string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || !strings.HasPrefix(string(b), want) {
				t.Errorf("%s was changed: %.60q %v", name, b, err)
			}
		}
	}
	spansHeader := "document,annotator,start,end,label\nd,A,0,5"
	return []finding25{
		// An endless input: refused with file:line, exit 1 (was: out of memory, exit 2).
		{name: "coding /dev/zero", args: []string{"coding", zero}, code: 1, stderr: line, child: true},
		{name: "spans /dev/zero", args: []string{"spans", zero}, code: 1, stderr: "cannot tell the format", child: true},
		{name: "spans --input jsonl /dev/zero (read whole)", args: []string{"spans", "--input", "jsonl", zero}, code: 1, stderr: whole, child: true},
		{name: "gamma /dev/zero", args: []string{"gamma", zero}, code: 1, stderr: line, child: true},
		{name: "gamma --input rttm /dev/zero", args: []string{"gamma", "--input", "rttm", zero}, code: 1, stderr: line, child: true},
		{name: "unitizing /dev/zero", args: []string{"unitizing", zero}, code: 1, stderr: line, child: true},
		{name: "relations /dev/zero", args: []string{"relations", zero}, code: 1, stderr: "cannot tell the format", child: true},
		{name: "segmentation /dev/zero", args: []string{"segmentation", zero}, code: 1, stderr: whole, child: true},
		{name: "convert /dev/zero", args: []string{"convert", zero}, code: 1, stderr: "cannot tell the format", child: true},
		{name: "convert --input webanno /dev/zero", args: []string{"convert", "--input", "webanno", zero}, code: 1, stderr: whole, child: true},
		{name: "report /dev/zero", args: []string{"report", zero}, code: 1, stderr: line, child: true},
		{name: "coding --merge-stats /dev/zero", args: []string{"coding", "--merge-stats", zero}, code: 1, stderr: whole, child: true},
		{name: "coding --layout long --sorted /dev/zero", args: []string{"coding", "--layout", "long", "--sorted", zero}, code: 1, stderr: line, child: true},
		{name: "coding --layout counts /dev/zero", args: []string{"coding", "--layout", "counts", zero}, code: 1, stderr: line, child: true},
		{name: "yes x, | tr -d '\\n' | agree coding -", args: []string{"coding", "-"}, stdin: endless("x,"), code: 1, stderr: "<stdin>:1: a line longer than", child: true},
		{name: "yes | agree spans --input csv - (endless valid records, read whole)", args: []string{"spans", "--input", "csv", "-"}, stdin: endless("d,A,0,1,x\n"), code: 1, stderr: "stdin: more than", child: true},
		{name: "coref /dev/zero said /dev/zero:0: bufio.Scanner: token too long", args: []string{"coref", zero}, code: 1, stderr: line, child: true},
		{name: "coref --input brat /dev/zero", args: []string{"coref", "--input", "brat", zero}, code: 1, stderr: whole, child: true},
		{name: "coding --metric matrix:/dev/zero", args: []string{"coding", "--metric", "matrix:/dev/zero", "{dir}/wide.csv"}, code: 1, stderr: line, child: true},

		// ZIP bombs: refused from the member's header, naming it.
		{name: "a 3.6 MB archive with a 3.5 GiB member", args: []string{"convert", "{dir}/bomb.zip"}, code: 1, stderr: `bomb.zip: entry "data.jsonl": 3.5 GiB uncompressed, more than the 256 MiB`, child: true},
		{name: "a project export with a 1 GiB member (spans --input inception)", args: []string{"spans", "--input", "inception", "{dir}/export.zip"}, code: 1, stderr: `export.zip: entry "annotation/d1/bob.tsv": 1 GiB uncompressed`, child: true},
		{name: "a member compressed 1000 to 1", args: []string{"spans", "{dir}/ratio.zip"}, code: 1, stderr: `entry "annotation/d1/bob.tsv": 100 MiB compressed to`, child: true},
		{name: "a password-protected entry said flate: corrupt input", args: []string{"spans", "{dir}/secret.zip"}, code: 1, stderr: `secret.zip: encrypted entry "annotation/d1/bob.tsv"`},

		// Data loss.
		{name: "convert --force -o DIR/a.csv DIR/ replaced the span CSV it read", args: []string{"convert", "--to", "jsonl", "--force", "-o", "{dir}/DIR/a.csv", "{dir}/DIR/"}, code: 2, stderr: "refusing to overwrite a file of the input directory", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "the same through a symbolic link to the directory", args: []string{"convert", "--to", "jsonl", "--force", "-o", "{dir}/LINK/a.csv", "{dir}/LINK"}, code: 2, stderr: "refusing to overwrite", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "spans --disagreements over an input in a directory", args: []string{"spans", "--force", "--disagreements", "{dir}/DIR/a.csv", "{dir}/DIR"}, code: 2, stderr: "refusing to overwrite", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "spans --report over an input in a directory", args: []string{"spans", "--force", "--report", "{dir}/DIR/a.csv", "{dir}/DIR"}, code: 2, stderr: "refusing to overwrite", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "report -o over an input in a directory", args: []string{"report", "--force", "-o", "{dir}/DIR/a.csv", "{dir}/DIR"}, code: 2, stderr: "refusing to overwrite", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "gamma --consensus over an input in a directory", args: []string{"gamma", "--samples", "0", "--force", "--consensus", "{dir}/DIR/a.csv", "{dir}/DIR"}, code: 2, stderr: "refusing to overwrite", check: unchanged("DIR/a.csv", spansHeader)},
		{name: "--disagreements F --report F", args: []string{"spans", "--disagreements", "{dir}/same.html", "--report", "{dir}/same.html", "{dir}/DIR/a.csv"}, code: 2, stderr: "named by both --report and --disagreements"},
		{name: "--consensus F --report F", args: []string{"coding", "--dawid-skene", "--consensus", "{dir}/same.csv", "--report", "{dir}/same.csv", "{dir}/wide.csv"}, code: 2, stderr: "named by both --consensus and --report"},
		{name: "a failed write (ulimit -f) destroyed the old file with --force", args: []string{"convert", "--to", "jsonl", "--force", "-o", "{dir}/existing.csv", "{dir}/big.csv"}, fsize: 64 << 10, child: true, code: 1,
			stderr: "existing.csv: file too large (nothing written: the file is as it was)", check: unchanged("existing.csv", "keep me\n")},
		{name: "a failed write (ulimit -f) left a truncated new file", args: []string{"convert", "--to", "jsonl", "-o", "{dir}/keep/new.jsonl", "{dir}/big.csv"}, fsize: 64 << 10, child: true, code: 1,
			stderr: "new.jsonl: file too large", check: func(t *testing.T, dir string) {
				if ents, _ := os.ReadDir(filepath.Join(dir, "keep")); len(ents) != 1 {
					t.Errorf("files left in keep/: %v", ents)
				}
			}},
		{name: "shuffle --out NEWDIR was refused", args: []string{"shuffle", "--sets", "1", "--step", "0.5", "--units", "20", "--out", "{dir}/new/dir"}, code: 0,
			check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "new", "dir", "curves.csv")); err != nil {
					t.Error(err)
				}
			}},

		// --merge-stats: a shard twice.
		{name: "--merge-stats A.json A.json", args: []string{"coding", "--merge-stats", "{dir}/s1.json", "{dir}/s1.json"}, code: 2, stderr: "s1.json are the same file"},
		{name: "--merge-stats of a copy of a shard", args: []string{"coding", "--merge-stats", "{dir}/s1.json", "{dir}/s1copy.json"}, code: 1, stderr: "holds the same statistics as"},
		{name: "--merge-stats of shards that share items", args: []string{"coding", "--merge-stats", "{dir}/s1.json", "{dir}/sall.json"}, code: 1, stderr: "shards must hold different items"},
		{name: "--merge-stats of different shards", args: []string{"coding", "--merge-stats", "{dir}/s1.json", "{dir}/s2.json"}, code: 0},
		// The documented limit (docs/cli.md): the statistics keep no item
		// id under --top 0, so shards that share every item of one of
		// them are merged (their shared items counted twice).
		{name: "--merge-stats of shards sharing items whose ids were not kept", args: []string{"coding", "--merge-stats", "{dir}/s1top0.json", "{dir}/salltop0.json"}, code: 0},
	}
}

// statsShards writes the statistics of the merge-stats findings.
func statsShards(t *testing.T, dir string) {
	t.Helper()
	for _, s := range [][2]string{{"s1.json", "wide1.csv"}, {"s2.json", "wide2.csv"}, {"sall.json", "wide.csv"}} {
		if _, errs, code := agree(t, "", "coding", "--emit-stats", filepath.Join(dir, s[0]), filepath.Join(dir, s[1])); code != 0 {
			t.Fatal(errs)
		}
	}
	for _, s := range [][2]string{{"s1top0.json", "wide1.csv"}, {"salltop0.json", "wide.csv"}} {
		if _, errs, code := agree(t, "", "coding", "--top", "0", "--emit-stats", filepath.Join(dir, s[0]), filepath.Join(dir, s[1])); code != 0 {
			t.Fatal(errs)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "s1.json"))
	os.WriteFile(filepath.Join(dir, "s1copy.json"), b, 0o644)
}

func (f finding25) argv(dir string) []string {
	out := make([]string, len(f.args))
	for i, a := range f.args {
		out[i] = strings.ReplaceAll(a, "{dir}", dir)
	}
	return out
}

// TestIssue25Findings runs each finding and checks the exit status, the
// message and what must hold afterwards. The endless inputs run with the
// input limits at the tests' scale (1 MiB lines, 4 MiB files; agree's own
// with AGREE_LONG=1, in TestIssue25Memory).
func TestIssue25Findings(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := issue25Fixtures(t)
	statsShards(t, dir)
	for _, f := range issue25Findings() {
		t.Run(f.name, func(t *testing.T) {
			var r childResult
			if f.child {
				c := child{timeout: time.Minute, fsize: f.fsize, limits: "1048576,4194304"}
				if f.stdin != nil {
					c.stdin = f.stdin()
				}
				r = agreeProcess(t, c, f.argv(dir)...)
			} else {
				r.stdout, r.stderr, r.code = agree(t, "", f.argv(dir)...)
			}
			checkFinding25(t, f, r)
			if f.check != nil {
				f.check(t, dir)
			}
		})
	}
}

func checkFinding25(t *testing.T, f finding25, r childResult) {
	t.Helper()
	if r.code != f.code || !strings.Contains(r.stderr, f.stderr) {
		t.Errorf("exit %d (want %d), stderr %.500q, want %q", r.code, f.code, r.stderr, f.stderr)
	}
	for _, bad := range []string{"fatal error", "goroutine ", "bufio.", ":0:", "runtime:", "flate:"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("the message shows %q: %.300q", bad, r.stderr)
		}
	}
}

// TestIssue25Memory runs the endless-input and archive findings in
// processes of their own under a memory limit: each must end with exit 1
// and its message, at once, in bounded memory. By default the input limits
// are at the tests' scale (a 256 MiB memory limit); with AGREE_LONG=1,
// agree's own limits (256 MiB lines, 1 GiB files: a 2 GiB memory limit).
func TestIssue25Memory(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if raceEnabled {
		t.Skip("the race detector's own memory does not fit a memory limit")
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	memLimit, peakLimit, scale := int64(256<<20), int64(120<<20), "1048576,4194304"
	if longtest.Enabled() {
		memLimit, peakLimit, scale = 2<<30, 1600<<20, ""
	}
	dir := issue25Fixtures(t)
	for _, f := range issue25Findings() {
		if !f.child || f.fsize != 0 {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			c := child{limit: memLimit, timeout: 2 * time.Minute, limits: scale}
			if f.stdin != nil {
				c.stdin = f.stdin()
			}
			r := agreeProcess(t, c, f.argv(dir)...)
			checkFinding25(t, f, r)
			if r.peak > peakLimit {
				t.Errorf("peak memory %d MB (at most %d MB)", r.peak>>20, peakLimit>>20)
			}
		})
	}
}
