package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The fuzz tests run whole command lines: fuzzed flags (a space-separated
// string) and a fuzzed input file. Each asserts that agree does not panic,
// exits with 0, 1 or 2, and prints valid JSON whenever --format json
// succeeds. Seed corpora are under testdata/fuzz/Fuzz<Command>.
//
// The harness keeps the runs bounded and harmless: flags that write or read
// other files (--out, -o, --report, --consensus, --disagreements, --model,
// …) are dropped, as are values naming paths, and a run that leaves a new
// file in the working directory fails; size flags are clamped to small
// values (their limits have tests of their own); every other flag and
// value reaches the command as fuzzed.

// fuzzSizeCaps are the clamps of the size flags, by flag name.
var fuzzSizeCaps = map[string]float64{
	"bootstrap": 20, "samples": 10, "max-samples": 20, "sets": 2, "top": 20, "workers": 2,
	"units": 8, "continua": 2, "annotators": 3, "nt": 50, "window": 50, "population": 1e6,
	"split-scale": 2, "fp-scale": 2, "shift-scale": 3, "atom": 1e9, "time-limit": 1,
}

// fuzzFloor keeps flags that size the work from below (a tiny shuffle step
// means many magnitudes; a tiny atom many atoms).
var fuzzFloor = map[string]float64{"step": 0.25, "atom": 0.5}

// fuzzArgs turns the fuzzed flag string into arguments.
func fuzzArgs(flags string) []string {
	var out []string
	fields := strings.Fields(flags)
	for i := 0; i < len(fields) && len(out) < 24; i++ {
		a := fields[i]
		if strings.ContainsAny(a, "/\\") || strings.Contains(a, "..") {
			continue
		}
		name := strings.TrimLeft(a, "-")
		name, inline, hasInline := strings.Cut(name, "=")
		if strings.HasPrefix(a, "-") {
			switch name {
			case "out", "o", "output", "report", "consensus", "disagreements", "emit-stats", "merge-stats",
				"force", "model", "taxonomy", "tokens", "cpuprofile", "junit", "reference":
				if !hasInline && i+1 < len(fields) && !strings.HasPrefix(fields[i+1], "-") {
					i++ // drop its value too
				}
				continue
			}
		}
		if strings.HasPrefix(name, "matrix:") || strings.Contains(inline, "matrix:") {
			continue
		}
		if strings.HasPrefix(a, "-") && !hasInline && i+1 < len(fields) {
			if c, ok := clampValue(name, fields[i+1]); ok {
				out = append(out, a, c)
				i++
				continue
			}
		}
		if hasInline {
			if c, ok := clampValue(name, inline); ok {
				a = "--" + name + "=" + c
			}
		}
		if !strings.HasPrefix(a, "-") {
			continue // positional arguments: the harness gives the input
		}
		out = append(out, a)
	}
	return out
}

// clampValue clamps the value of a size flag; ok is false for other flags
// or values that are not numbers.
func clampValue(name, v string) (string, bool) {
	hi, capped := fuzzSizeCaps[name]
	lo, floored := fuzzFloor[name]
	if !capped && !floored {
		return v, false
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v, false
	}
	if capped && x > hi {
		x = hi
	}
	if floored && x > 0 && x < lo {
		x = lo
	}
	return strconv.FormatFloat(x, 'g', -1, 64), true
}

// fuzzCommand runs agree cmd with the fuzzed flags on the fuzzed input
// (written to a file named in.EXT) and checks the outcome.
func fuzzCommand(t *testing.T, cmd, ext, flags string, input []byte, extra ...string) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in."+ext)
	if err := os.WriteFile(in, input, 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{cmd}, fuzzArgs(flags)...)
	args = append(args, extra...)
	args = append(args, "--", in)
	fuzzRun(t, args)
}

// fuzzRun runs agree args and checks the outcome.
func fuzzRun(t *testing.T, args []string) {
	before := cwdFiles(t)
	var out, errb bytes.Buffer
	code := exitCode(run(args, bytes.NewReader(nil), &out, &errb), &errb)
	for f := range cwdFiles(t) {
		if !before[f] {
			os.RemoveAll(f)
			t.Fatalf("%v wrote %s in the working directory: add its flag to the harness's list of outputs", args, f)
		}
	}
	if code != 0 && code != 1 && code != 2 && code != exitRequirement {
		t.Fatalf("%v: exit %d", args, code)
	}
	if code == 0 && lastFormat(args) == "json" && !json.Valid(out.Bytes()) {
		t.Fatalf("%v: exit 0 with invalid JSON:\n%s", args, out.String())
	}
	if code != 0 && errb.Len() == 0 {
		t.Fatalf("%v: exit %d without a message", args, code)
	}
}

func cwdFiles(t *testing.T) map[string]bool {
	es, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]bool, len(es))
	for _, e := range es {
		m[e.Name()] = true
	}
	return m
}

// lastFormat is the value of the last --format flag of args.
func lastFormat(args []string) string {
	f := ""
	for i, a := range args {
		name, v, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "format" {
			continue
		}
		if !inline && i+1 < len(args) {
			v = args[i+1]
		}
		f = strings.ToLower(v)
	}
	return f
}

// FuzzRatings fuzzes agree ratings (numeric tables, --by, the gate).
func FuzzRatings(f *testing.F) {
	f.Add("--format json", "item,a,b,c\n1,1,2,3\n2,2,2,\n3,5,4,4\n4,1,1,2\n")
	f.Add("--level 0.9 --format csv --require icc_a1>=0.5", "item,a,b\n1,1.5,2\n2,3,3.5\n3,2,2\n")
	f.Add("--by g --format json", "item,g,a,b\n1,x,1,2\n2,x,2,2\n3,y,5,4\n4,y,1,3\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "ratings", "csv", flags, []byte(input))
	})
}

// FuzzCompare fuzzes agree compare on two copies of the input.
func FuzzCompare(f *testing.F) {
	f.Add("--bootstrap 20 --format json", "item,a,b\n1,x,y\n2,x,x\n3,y,y\n")
	f.Add("--paired no --bootstrap 10 --measure fleiss_kappa", "item,a,b,c\n1,x,y,x\n2,x,x,x\n3,y,y,x\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
		os.WriteFile(a, []byte(input), 0o644)
		os.WriteFile(b, []byte(input), 0o644)
		args := append([]string{"compare"}, fuzzArgs(flags)...)
		args = append(args, "--bootstrap", "20", "--", a, b)
		fuzzRun(t, args)
	})
}

func FuzzCoding(f *testing.F) {
	f.Add("--format json", "item,a,b\n1,x,y\n2,x,x\n3,y,y\n")
	f.Add("--metric interval --bootstrap 5 --format json", "item,a,b,c\n1,1,2,3\n2,2,2,\n3,5,4,4\n")
	f.Add("--layout long --format csv", "item,coder,value\n1,a,x\n1,b,y\n")
	f.Add("--metric masi --set-sep | --format json", "item,a,b\n1,x|y,x\n2,y,y|z\n")
	f.Add("--categories x,y,z --closed --dawid-skene --format json", "item,a,b\n1,x,y\n2,x,x\n")
	f.Add("--sep ; --columns 2,3 --format markdown", "1;0;0\n2;1;1\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "coding", "csv", flags, []byte(input))
	})
}

func FuzzUnitizing(f *testing.F) {
	f.Add("--format json", "a,X,0,10\na,Y,12,20\nb,X,1,10\nb,Y,11,19\n")
	f.Add("--atom 2 --cu-overlap --format csv", "annotator,category,start,end\na,X,0,10\na,X,5,12\nb,X,1,9\n")
	f.Add("--begin -5 --end 30", "a,X,0,10\nb,X,0,10\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "unitizing", "csv", flags, []byte(input))
	})
}

func FuzzGamma(f *testing.F) {
	f.Add("--samples 5 --format json", "a,X,0,10\na,Y,12,20\nb,X,1,10\nb,Y,11,19\n")
	f.Add("--samples 0 --alignment --categorical levenshtein", "annotator,category,start,end\na,ab,0,3\nb,abc,1,3\n")
	f.Add("--sampler statistical --samples 3 --format csv --alpha 3", "a,X,0,10\nb,X,1,10\nc,X,2,11\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "gamma", "csv", flags, []byte(input), "--bootstrap", "0")
	})
}

func FuzzCoref(f *testing.F) {
	f.Add("--format json --missing singletons", "annotator,mention,chain\nA,m1,1\nA,m2,1\nB,m1,1\nB,m2,2\n")
	f.Add("--chain-sets whole --format csv", "document,annotator,mention,chain\nd,A,m1,1\nd,B,m1,1\n")
	f.Add("--missing skip --duplicates error", "annotator,mention,chain\nA,m1,1\nA,m1,2\nB,m1,1\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "coref", "csv", flags, []byte(input))
	})
}

func FuzzSegmentation(f *testing.F) {
	f.Add("--format json", `{"items":{"d":{"a":[2,3,6],"b":[5,6]}}}`)
	f.Add("--input csv --window 3 --lamprier --format csv", "item,coder,masses\nd,a,2 3 6\nd,b,5 6\n")
	f.Add("--similarity s --nt 4 --ghd 1,1,0.5", `{"items":{"d":{"a":[1,1,1],"b":[3]}}}`)
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "segmentation", "json", flags, []byte(input))
	})
}

// FuzzShuffle fuzzes the flags only (the shuffling tool reads no data); the
// sweep is kept small by the clamps.
func FuzzShuffle(f *testing.F) {
	f.Add("--format json --errors position --measures u_alpha,kappa_d")
	f.Add("--errors split,category --model segmentation --overlap --format csv")
	f.Add("--errors false_positive+false_negative --measures ser_agreement --min-gap 0 --max-gap 3")
	f.Fuzz(func(t *testing.T, flags string) {
		args := append([]string{"shuffle"}, fuzzArgs(flags)...)
		args = append(args, "--sets", "1", "--units", "4", "--continua", "1", "--annotators", "2", "--step", "0.5", "--workers", "1")
		fuzzRun(t, args)
	})
}

func FuzzSpans(f *testing.F) {
	f.Add("--format json", "document,annotator,start,end,label\nd,a,0,5,PER\nd,b,0,5,PER\nd,b,7,9,LOC\n")
	f.Add("--match overlap --labels ignore --bootstrap 5 --format json", "document,annotator,start,end,label\nd1,a,0,5,PER\nd1,b,1,5,ORG\nd2,a,3,4,X\nd2,b,3,4,X\n")
	f.Add("--match iou:0.5 --by document --format csv", "document,annotator,start,end,label,layer,chain,part_of,text\nd,a,0,2,P,l,,p1,ab\nd,a,4,6,P,l,,p1,cd\nd,b,0,6,P,l,,,abcdef\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "spans", "csv", flags, []byte(input))
	})
}

func FuzzRelations(f *testing.F) {
	f.Add("--format json", "document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,a,0,3,P,5,8,L,in\nd,b,0,3,P,5,8,L,in\n")
	f.Add("--match overlap --labels ignore --format csv", "document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,a,0,3,P,5,8,L,in\nd,b,1,3,P,5,9,L,at\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "relations", "csv", flags, []byte(input))
	})
}

func FuzzConvert(f *testing.F) {
	f.Add("--to jsonl", "document,annotator,start,end,label\nd,a,0,5,PER\n")
	f.Add("--to csv --input csv", "a,X,0,10\nb,X,1,10\n")
	f.Fuzz(func(t *testing.T, flags, input string) {
		fuzzCommand(t, "convert", "csv", flags, []byte(input))
	})
}
