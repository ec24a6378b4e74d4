package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// sheetCase is one command line of the spreadsheet-pitfall tests (issue
// 18 §2): a file as a spreadsheet or pandas writes it, the corrected
// number, and the note, warning or error that says what happened.
type sheetCase struct {
	name, why string
	file      string   // content of in.csv
	args      []string // before the file; --format json is added when exit is 0
	exit      int
	key       string  // coefficient key to check (exit 0)
	want      float64 // its value (NaN: undefined)
	note      string  // a substring of one note (exit 0) or of standard error
	stderr    string  // a substring of standard error (warnings)
	noStderr  string  // a substring standard error must not have
}

func runSheetCases(t *testing.T, cases []sheetCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeFile(t, dir, "in.csv", c.file)
			args := append([]string{"coding"}, c.args...)
			if c.exit == 0 {
				args = append(args, "--format", "json")
			}
			out, errs, code := agree(t, "", append(args, path)...)
			if code != c.exit {
				t.Fatalf("%s: exit %d, want %d: %s", c.why, code, c.exit, errs)
			}
			if c.stderr != "" && !strings.Contains(errs, c.stderr) {
				t.Errorf("%s: standard error %q lacks %q", c.why, errs, c.stderr)
			}
			if c.noStderr != "" && strings.Contains(errs, c.noStderr) {
				t.Errorf("%s: standard error %q has %q", c.why, errs, c.noStderr)
			}
			if c.exit != 0 {
				if !strings.Contains(errs, c.note) {
					t.Errorf("%s: error %q lacks %q", c.why, errs, c.note)
				}
				return
			}
			var v struct {
				Coefficients map[string]struct {
					Value *float64 `json:"value"`
				} `json:"coefficients"`
				Notes []string `json:"notes"`
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			if c.key != "" {
				got := v.Coefficients[c.key].Value
				switch {
				case math.IsNaN(c.want) && got != nil:
					t.Errorf("%s: %s = %v, want undefined", c.why, c.key, *got)
				case !math.IsNaN(c.want) && (got == nil || math.Abs(*got-c.want) > 1e-9):
					t.Errorf("%s: %s = %v, want %v", c.why, c.key, got, c.want)
				}
			}
			if c.note != "" && !strings.Contains(strings.Join(v.Notes, "\n"), c.note) {
				t.Errorf("%s: notes %q lack %q", c.why, v.Notes, c.note)
			}
		})
	}
}

func TestSpreadsheetMissingMarkers(t *testing.T) {
	// Each coder agrees wherever both gave a value; the gaps are written as
	// R, pandas, Excel and databases write them. Before issue 18 the markers
	// were categories: α 0.2735 for this file.
	file := "item,a,b,c\n1,x,x,x\n2,NA,y,y\n3,N/A,x,x\n4,#N/A,y,y\n5,x,NaN,x\n6,y,y,null\n7,n/a,x,x\n8,y,None,y\n"
	runSheetCases(t, []sheetCase{
		{name: "default markers", why: "R's and pandas' markers are missing: perfect agreement",
			file: file, key: "krippendorff_alpha", want: 1,
			note: `cells read as missing: 1 "NA", 1 "N/A", 1 "n/a", 1 "NaN", 1 "null", 1 "None", 1 "#N/A"`},
		{name: "--na '' keeps markers as values", why: "only the empty cell is missing: the markers are categories again",
			file: file, args: []string{"--na", ""}, key: "percent_agreement", want: 10.0 / 24},
		{name: "--na replaces the list", why: "NA alone: the other markers are values",
			file: "item,a,b\n1,x,x\n2,NA,y\n3,-,y\n4,y,y\n", args: []string{"--na", "NA,-"}, key: "krippendorff_alpha", want: 1,
			note: `cells read as missing: 1 "NA", 1 "-"`},
		{name: "markers other tools do not know", why: `"-" and "." are values by default, and a note says they may be markers`,
			file: "item,a,b\n1,x,x\n2,-,y\n3,y,.\n4,y,y\n", key: "percent_agreement", want: 0.5,
			note: `"-", "." are read as categories: if they mean "no value", list them in --na`},
	})
}

func TestSpreadsheetEqualNumbers(t *testing.T) {
	// pandas writes 1.0 for 1 in a column with a gap: the coders agree
	// perfectly, which gave α −0.17 when "1" and "1.0" were two categories.
	file := "item,a,b\n1,1,1.0\n2,2,2.0\n3,1.0,1\n4,2,\n5,3,3.0\n"
	note := `equal numbers are one value (kept as the first spelling): "1" = "1.0", "2" = "2.0", "3" = "3.0"`
	runSheetCases(t, []sheetCase{
		{name: "nominal", why: "equal numbers are one category", file: file, key: "krippendorff_alpha", want: 1, note: note},
		{name: "interval", why: "and one value under any distance", file: file, args: []string{"--metric", "interval"}, key: "krippendorff_alpha", want: 1, note: note},
		{name: "in memory", why: "the path that keeps the items (--bootstrap) merges them too", file: file, args: []string{"--bootstrap", "10"}, key: "cohen_kappa", want: 1, note: note},
		{name: "long", why: "and so does a long file", file: "item,coder,value\n1,a,1\n1,b,1.0\n2,a,2.0\n2,b,2\n3,a,1\n3,b,1\n", key: "krippendorff_alpha", want: 1, note: `"1" = "1.0"`},
		{name: "not every value a number", why: "with a text label, 1 and 1.0 stay two categories",
			file: "item,a,b\n1,1,1.0\n2,x,x\n3,1,1\n", key: "percent_agreement", want: 2.0 / 3},
	})
}

func TestSpreadsheetColumnsAndNames(t *testing.T) {
	runSheetCases(t, []sheetCase{
		{name: "empty trailing columns", why: "Excel's empty columns are dropped: two coders, so Cohen's κ is defined",
			file: "item,A,B,,\n1,x,x,,\n2,y,y,,\n3,x,y,,\n4,y,y,,\n", key: "cohen_kappa", want: 0.5,
			note: "2 columns with an empty header and no value dropped (columns 4, 5"},
		{name: "empty header with values", why: "a column without a name but with values is a coder",
			file: "item,A,\n1,x,x\n2,y,y\n", key: "cohen_kappa", want: 1},
		{name: "names differing in case", why: "never merged silently: a warning names them",
			file: "item,Alice,alice\n1,x,x\n2,y,y\n", key: "cohen_kappa", want: 1,
			note:   `warning: coder names that differ only in case, read as different coders: "Alice" and "alice"`,
			stderr: `agree coding: warning: coder names that differ only in case`},
		{name: "names with spaces", why: "a long file's \"alice \" is \"alice\": the warning says so",
			file: "item,coder,value\n1,alice ,x\n1,bob,x\n2,alice,y\n2,bob,y\n", key: "krippendorff_alpha", want: 1,
			stderr: `coder names read without their surrounding spaces (a name with and without them is one coder): "alice " as "alice"`},
		{name: "long with a batch column", why: "item,coder,value among other columns is long (it failed as wide with a repeated item)",
			file: "item,coder,value,batch\n1,A,x,b1\n1,B,x,b1\n2,A,y,b2\n2,B,y,b2\n3,A,x,b2\n3,B,y,b2\n", key: "cohen_kappa", want: 0.4,
			note: `long layout: column "batch" not used by the coefficients`},
		{name: "long with a document column", why: "items numbered within documents are document/item",
			file: "document,item,coder,value\nd1,1,A,x\nd1,1,B,x\nd2,1,A,y\nd2,1,B,y\nd2,2,A,x\nd2,2,B,y\n", key: "cohen_kappa", want: 0.4,
			note: `an item is a "document" and an "item"`},
	})
}

func TestSpreadsheetShapes(t *testing.T) {
	runSheetCases(t, []sheetCase{
		{name: "contingency table", why: "a 3 × 3 table of counts is refused with the layout to use (Fleiss −0.20 before)",
			file: ",a,b,c\na,10,2,1\nb,1,8,2\nc,0,1,9\n", exit: 1, note: "read it with --layout contingency"},
		{name: "contingency table, chosen", why: "--layout contingency reads it: 34 items",
			file: ",a,b,c\na,10,2,1\nb,1,8,2\nc,0,1,9\n", args: []string{"--layout", "contingency"}, key: "percent_agreement", want: 27.0 / 34},
		{name: "counts", why: "item × category counts are refused with the layout to use",
			file: "item,x,y,z\n1,3,0,0\n2,1,2,0\n3,0,0,3\n4,0,1,2\n", exit: 1, note: "read it with --layout counts"},
		{name: "counts read wide on purpose", why: "--layout wide reads them as ratings",
			file: "item,x,y,z\n1,3,0,0\n2,1,2,0\n3,0,0,3\n4,0,1,2\n", args: []string{"--layout", "wide"}, key: "percent_agreement", want: 1.0 / 6},
		{name: "rating matrix without item column", why: "the repeated id is explained, with the flags to use",
			file: "A,B,C\n1,1,2\n2,2,2\n1,1,1\n", exit: 1, note: "read it with --layout columns --header --columns 1-3"},
		{name: "rating matrix, ids not repeated", why: "coders' names in every column, the first one's ratings all categories: refused with the flags (read as 3 items of 2 coders before, exit 0)",
			file: "A,B,C\n1,1,2\n2,2,2\n3,3,1\n", exit: 1, note: `the first column "A", read as the item ids, is named like the coders' ("B") and holds only their categories: read it with --layout columns --header --columns 1-3`},
		{name: "rating matrix, numbered raters", why: "rater1 among rater2, rater3, text categories",
			file: "rater1,rater2,rater3\nlow,low,high\nhigh,high,high\nmid,mid,low\n", exit: 1, note: "read it with --layout columns --header --columns 1-3"},
		{name: "rating matrix, a category of the first rater only", why: "half the first column's values are categories suffice when the names are alike",
			file: "r1,r2,r3\n1,1,2\n5,2,2\n3,3,1\n", exit: 1, note: "2 of 3 values among their categories"},
		{name: "rating matrix of continuous ratings", why: "numbers within the coders' range, alike names: refused (one rater lost before)",
			file: "r1,r2,r3\n5.3,4.9,5.2\n7.0,7.5,6.5\n4.9,4.8,5.1\n", exit: 1, note: "holds numbers within the range of theirs: read it with --layout columns --header --columns 1-3"},
		{name: "rating matrix of two raters", why: "one coder would be left: the names suffice",
			file: "A,B\n1,2\n3,3\n", exit: 1, note: "read it with --layout columns --header --columns 1-2"},
		{name: "rating matrix read wide on purpose", why: "--layout wide reads the first column as ids",
			file: "A,B,C\n1,1,2\n2,2,2\n3,3,1\n", args: []string{"--layout", "wide"}, key: "percent_agreement", want: 1.0 / 3},
		{name: "ids that are all categories", why: "another name: read as ids, with a warning naming the flags",
			file: "sentence,alice,bob\n1,1,2\n2,2,2\n3,3,1\n", key: "percent_agreement", want: 1.0 / 3,
			stderr: `warning: the first column "sentence" is read as the item ids, and every id is also one of the coders' categories: if it holds a coder's ratings (a rating matrix without an item column), read it with --layout columns --header --columns 1-3`},
		{name: "numbered rows", why: "a row number's name (n) is an item column's: no warning",
			file: "n,a,b\n1,1,2\n2,2,2\n3,3,1\n", key: "percent_agreement", want: 1.0 / 3, noStderr: "warning"},
		{name: "column ranges", why: "--columns takes ranges",
			file: "A,B,C\n1,1,2\n2,2,2\n1,1,1\n", args: []string{"--layout", "columns", "--header", "--columns", "1-3"}, key: "percent_agreement", want: 7.0 / 9},
		{name: "sep= line", why: "Excel's sep=; line sets the separator",
			file: "sep=;\nitem;a;b\n1;x;x\n2;y;y\n", key: "cohen_kappa", want: 1, note: "the first line, sep=; (as Excel writes it), sets the field separator"},
		{name: "sep= line with --sep", why: "and agrees with --sep ';'",
			file: "sep=;\nitem;a;b\n1;x;x\n2;y;y\n", args: []string{"--sep", ";"}, key: "cohen_kappa", want: 1},
		{name: "sep= line against --sep", why: "a contradiction is an error",
			file: "sep=;\nitem;a;b\n1;x;x\n", args: []string{"--sep", ","}, exit: 1, note: `names the separator ";", but "," was given`},
		{name: "decimal commas", why: "a decimal comma gets a hint",
			file: "item;a;b\n1;1,5;1,5\n2;2;2,5\n", args: []string{"--sep", ";", "--metric", "interval"}, exit: 1, note: "a decimal comma? write 1.5"},
	})
}

func TestDidYouMean(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--metric", "intervall"}, "did you mean interval?"},
		{[]string{"--metric", "extended-sens"}, "did you mean extended-sense?"},
		{[]string{"--format", "jsno"}, "did you mean json?"},
		{[]string{"--input", "brta"}, "did you mean brat?"},
		{[]string{"--layout", "lng"}, "did you mean long?"},
	} {
		_, errs, code := agree(t, "", append(append([]string{"coding"}, c.args...), "examples/table6.csv")...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	// -h and the error name the distances the same way.
	help, _, _ := agree(t, "", "coding", "-h") // the help is on standard output
	_, errs, _ := agree(t, "", "coding", "--metric", "nope", "examples/table6.csv")
	for _, name := range []string{"extended-sense[:SET]", "circular[:U]", "bipolar[:min,max]"} {
		if !strings.Contains(help, name) || !strings.Contains(errs, name) {
			t.Errorf("%s: in -h %v, in the error %v; want both", name, strings.Contains(help, name), strings.Contains(errs, name))
		}
	}
}

// fleiss1971Counts is Fleiss's (1971) Table 1: 30 patients × 6
// psychiatrists, 5 diagnoses, as counts per diagnosis (restated from the
// paper, as R irr's diagnoses data hold it).
const fleiss1971Counts = `patient,depression,personality,schizophrenia,neurosis,other
1,0,0,0,6,0
2,0,3,0,0,3
3,0,1,4,0,1
4,0,0,0,0,6
5,0,3,0,3,0
6,2,0,4,0,0
7,0,0,4,0,2
8,2,0,3,1,0
9,2,0,0,4,0
10,0,0,0,0,6
11,1,0,0,5,0
12,1,1,0,4,0
13,0,3,3,0,0
14,1,0,0,5,0
15,0,2,0,3,1
16,0,0,5,0,1
17,3,0,0,1,2
18,5,1,0,0,0
19,0,2,0,4,0
20,1,0,2,0,3
21,0,0,0,0,6
22,0,1,0,5,0
23,0,2,0,1,3
24,2,0,0,4,0
25,1,0,0,4,1
26,0,5,0,1,0
27,4,0,0,0,2
28,0,2,0,4,0
29,1,0,5,0,0
30,0,0,0,0,6
`

func TestOneEstimatorPerNumber(t *testing.T) {
	// Issue 18 §3: every SE belongs to the estimate printed beside it, and
	// the published values of irrCAC and irr come out through the
	// convention that names theirs.
	kripp, err := os.ReadFile("examples/krippendorff.csv") // irrCAC's cac.raw4raters
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, why, file string
		args            []string
		key             string
		value, se, tol  float64
		z               float64 // 0: not checked
		note            string
		notSE           float64 // an SE the printed one must not be (irrCAC's, for another estimate)
	}{
		// irrCAC on cac.raw4raters, as restated in issues 6 and 18
		// (irrCAC's pa.coeff.raw, fleiss.kappa.raw, conger.kappa.raw,
		// krippen.alpha.raw; Gwet 2014, Handbook, 4th ed.), 5 decimals.
		{"irrcac percent agreement", "irrCAC's pa.coeff.raw", string(kripp), []string{"--convention", "irrcac"}, "percent_agreement", 0.81818, 0.12561, 5e-6, 0, "convention irrcac", 0},
		{"irrcac Fleiss", "irrCAC's fleiss.kappa.raw", string(kripp), []string{"--convention", "irrcac"}, "fleiss_kappa", 0.76117, 0.15302, 5e-6, 0, "", 0},
		{"irrcac Conger", "irrCAC's conger.kappa.raw", string(kripp), []string{"--convention", "irrcac"}, "multi_kappa", 0.76282, 0.14917, 5e-6, 0, "", 0},
		{"irrcac α", "irrCAC's krippen.alpha.raw", string(kripp), []string{"--convention", "irrcac"}, "krippendorff_alpha", 0.74342, 0.14548, 5e-6, 0, "", 0},
		// The default keeps the survey's estimates (issue 18: Fleiss
		// 0.7368, multi-κ 0.6458, percent agreement 0.800) with their own
		// SEs (the delta method, Gwet's Conger variance on the 8 complete
		// items), not irrCAC's 0.15302, 0.14917, 0.12561.
		// (The library's TestStandardErrorsBelongToTheEstimates checks
		// that each SE is computed for the printed value.)
		{"survey Fleiss", "the delta method on the judgment-weighted estimator", string(kripp), nil, "fleiss_kappa", 0.7368, math.NaN(), 5e-5, 0, "its standard error is that of the estimate printed", 0.15302},
		{"survey multi-κ", "Conger's variance on the complete items", string(kripp), nil, "multi_kappa", 0.6458, math.NaN(), 5e-5, 0, "", 0.14917},
		{"survey percent", "the delta method", string(kripp), nil, "percent_agreement", 0.8, math.NaN(), 5e-5, 0, "", 0.12561},
		// R irr's kappam.fleiss on Fleiss's 1971 data (irr's diagnoses):
		// κ = 0.43, z = 17.7 (Fleiss, Nee & Landis's null SE), the same
		// under both conventions (no missing values).
		{"irr kappam.fleiss", "complete data", fleiss1971Counts, []string{"--layout", "counts"}, "fleiss_kappa", 0.4302445, math.NaN(), 5e-8, 17.7, "", 0},
		{"irr kappam.fleiss, irrcac", "complete data", fleiss1971Counts, []string{"--layout", "counts", "--convention", "irrcac"}, "fleiss_kappa", 0.4302445, math.NaN(), 5e-8, 17.7, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "in.csv", c.file)
			out, errs, code := agree(t, "", append(append([]string{"coding", "--format", "json"}, c.args...), path)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var v struct {
				Coefficients map[string]struct {
					Value      float64  `json:"value"`
					SE         *float64 `json:"se"`
					SEEstimate *float64 `json:"se_estimate"`
					Z          *float64 `json:"z"`
					Estimator  string   `json:"estimator"`
				} `json:"coefficients"`
				Notes []string `json:"notes"`
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			co := v.Coefficients[c.key]
			if math.Abs(co.Value-c.value) > c.tol {
				t.Errorf("%s: value %v, want %v", c.why, co.Value, c.value)
			}
			if !math.IsNaN(c.se) && (co.SE == nil || math.Abs(*co.SE-c.se) > c.tol) {
				t.Errorf("%s: SE %v, want %v", c.why, co.SE, c.se)
			}
			if c.notSE != 0 && (co.SE == nil || math.Abs(*co.SE-c.notSE) < 1e-3) {
				t.Errorf("%s: SE %v, irrCAC's for another estimate", c.why, co.SE)
			}
			if co.SEEstimate != nil {
				t.Errorf("%s: the SE is centred on %v, not on the value %v", c.why, *co.SEEstimate, co.Value)
			}
			if c.z != 0 && (co.Z == nil || math.Abs(*co.Z-c.z) > 0.05) {
				t.Errorf("%s: z %v, want %v", c.why, co.Z, c.z)
			}
			if co.Estimator == "" {
				t.Errorf("%s: no estimator named", c.why)
			}
			if c.note != "" && !strings.Contains(strings.Join(v.Notes, "\n"), c.note) {
				t.Errorf("%s: notes %q lack %q", c.why, v.Notes, c.note)
			}
		})
	}
}

func TestUnitizingConventions(t *testing.T) {
	// Issue 18 §3. c|uα on a one-category continuum: its expected
	// disagreement is 0 up to rounding (1 before, a ratio of residues);
	// undefined now. And uα, |uα, αU depend on the unit of measurement
	// while c|uα does not: the reference vector (segmentation-unitizing.md
	// §8.5, uα 0.4739130434782609) with offsets ×10 gives uα 0.47.
	one := "annotator,category,start,end\nA,x,3.3,7.7\nA,x,9.1,13.3\nB,x,3.1,7.9\nB,x,9.3,13.7\nC,x,3.3,7.9\n"
	got := jsonOut(t, "unitizing", "--format", "json", writeFile(t, t.TempDir(), "one.csv", one))
	if got["cu_alpha"] != nil || !strings.Contains(got["undefined_reason"].(map[string]any)["cu_alpha"].(string), "expected disagreement is 0") {
		t.Errorf("one category: cu_alpha %v (%v), want null: expected disagreement is 0", got["cu_alpha"], got["undefined_reason"])
	}
	tenfold := "Alex,1,20,50\nAlex,1,90,110\nAlex,2,120,200\nPaul,1,20,50\nPaul,2,70,150\nSusan,1,20,50\nSusan,2,100,150\n"
	x1 := jsonOut(t, "unitizing", "--format", "json", "--begin", "0", "--end", "20", writeFile(t, t.TempDir(), "u.csv", uAlphaVector))
	x10 := jsonOut(t, "unitizing", "--format", "json", "--begin", "0", "--end", "200", writeFile(t, t.TempDir(), "u10.csv", tenfold))
	if u := x10["u_alpha"].(float64); math.Abs(u-0.47) > 1e-12 {
		t.Errorf("uα ×10 = %v, want 0.47 (0.4739 at scale 1)", u)
	}
	if a, b := x1["cu_alpha"].(float64), x10["cu_alpha"].(float64); math.Abs(a-b) > 1e-12 {
		t.Errorf("c|uα %v at scale 1, %v ×10: want equal", a, b)
	}
	out, _, _ := agree(t, "", "unitizing", "--begin", "0", "--end", "20", writeFile(t, t.TempDir(), "u.csv", uAlphaVector))
	if !strings.Contains(out, "uα, |uα and αU depend on the unit of measurement") {
		t.Errorf("the table does not say that uα depends on the unit:\n%s", out)
	}
}

func TestAickinNotIdentified(t *testing.T) {
	// Issue 18 §3: two coders sharing no category (EM ran 100 000
	// iterations, converged false) and a constant coder (a flat likelihood).
	for _, c := range []struct {
		file   string
		alpha  any
		reason string
	}{
		{"item,a,b\n1,x,y\n2,y,x\n3,x,y\n4,y,x\n", 0.0, ""},
		{"item,a,b\n1,x,x\n2,x,y\n3,x,y\n4,x,x\n", nil, "not identified"},
	} {
		got := jsonOut(t, "coding", "--format", "json", writeFile(t, t.TempDir(), "a.csv", c.file))
		ak := got["aickin"].(map[string]any)
		if ak["alpha"] != c.alpha || ak["converged"] != true || !strings.Contains(fmt.Sprint(ak["undefined_reason"]), c.reason) {
			t.Errorf("%q: aickin %v, want alpha %v and %q", c.file, ak, c.alpha, c.reason)
		}
	}
}

func TestGammaCatConventions(t *testing.T) {
	// Issue 18 §4, on pygamma-agreement's AlexPaulSuzan units (restated:
	// three annotators' 16 units) with α = 3, β = 1 as pygamma's tests run
	// them (tests/test_gamma.py: γ-cat 0.38–0.42, γ-k("6") 0.37, γ-k("7")
	// ≤ 0). The paper's convention counts pairs of real units weighted by
	// 1 − d_pos: every unit of "6" agrees with the units it is aligned with
	// (γ-k 1); pygamma's experimental empty-slot pairs pull γ-cat and γ-k
	// down where units stay unaligned. The samples are seeded, so the
	// values are exact for this agree; the checks are on the conventions'
	// order and on pygamma's bounds where they apply.
	const aps = "Alex,1,2,9\nAlex,2,11,17\nAlex,5,24,30\nAlex,6,32,36\nAlex,6,36,44\nAlex,7,44,60\nPaul,1,2,9\nPaul,3,11,17\nPaul,5,19,25\nPaul,6,32,44\nSuzan,1,2,9\nSuzan,4,11,17\nSuzan,5,21,27\nSuzan,6,32,36\nSuzan,6,36,40\nSuzan,6,40,44\n"
	path := writeFile(t, t.TempDir(), "aps.csv", aps)
	run := func(conv string) (float64, map[string]any, []string) {
		v := jsonOut(t, "gamma", "--format", "json", "--alpha", "3", "--beta", "1", "--sampler", "shuffle", "--seed", "1", "--gamma-cat", conv, path)
		if v["gamma_cat_convention"] != conv {
			t.Errorf("%s: gamma_cat_convention %v", conv, v["gamma_cat_convention"])
		}
		out, _, _ := agree(t, "", "gamma", "--alpha", "3", "--beta", "1", "--sampler", "shuffle", "--seed", "1", "--gamma-cat", conv, path)
		return v["gamma_cat"].(float64), v["gamma_k"].(map[string]any), strings.Split(out, "\n")
	}
	paper, pk, lines := run("mathet2018")
	software, sk, _ := run("software")
	empty, ek, _ := run("pygamma-empty")
	if !(paper > software && software > empty) {
		t.Errorf("γ-cat: paper %v, software %v, pygamma-empty %v: want decreasing (fewer confident pairs, then unaligned units counted)", paper, software, empty)
	}
	if pk["6"] != 1.0 || sk["6"] != 1.0 {
		t.Errorf("γ-k(6): paper %v, software %v; want 1 (every 6 aligned with 6s)", pk["6"], sk["6"])
	}
	if g6 := ek["6"].(float64); !(g6 < 0.5) || ek["7"].(float64) > 0 {
		t.Errorf("pygamma-empty: γ-k(6) %v, γ-k(7) %v; want below 0.5 and ≤ 0 as pygamma's", ek["6"], ek["7"])
	}
	if !strings.Contains(strings.Join(lines, " "), "(Mathet 2018 §4.2.3)") {
		t.Errorf("the table does not state the convention")
	}
	if _, errs, code := agree(t, "", "gamma", "--gamma-cat", "pygama", path); code != 2 || !strings.Contains(errs, "--gamma-cat") {
		t.Errorf("unknown convention: exit %d, %s", code, errs)
	}
}

func TestOrderedTextAndIrrCACWeights(t *testing.T) {
	// Issue 18 §3: ordinal text labels with an explicit order, and
	// irrCAC's ordinal weights by their own name. Cohen's κ_w with irrCAC's
	// ordinal weights for 3 categories (w = 1, 2/3, 0), by hand: P_o =
	// 13/15, P_e = 0.64, κ_w = (13/15 − 0.64)/0.36 = 0.6296296.
	grades := "item,a,b\n1,1st grade,1st grade\n2,2nd grade,3rd grade\n3,3rd grade,3rd grade\n4,1st grade,2nd grade\n5,2nd grade,2nd grade\n"
	order := "1st grade,2nd grade,3rd grade"
	runSheetCases(t, []sheetCase{
		{name: "ordinal text without an order", why: "the error says how to give it", file: grades, args: []string{"--metric", "ordinal"}, exit: 1, note: "(--order a,b,c)"},
		{name: "ordinal text with --order", why: "--order ranks the labels", file: grades, args: []string{"--metric", "ordinal", "--order", order}, key: "krippendorff_alpha", want: 1 - 4.9/16.333333333333333},
		{name: "irrCAC's ordinal weights", why: "κ_w with w = 1 − C(|Δr|+1, 2)/C(q, 2)", file: grades, args: []string{"--metric", "irrcac-ordinal", "--order", order}, key: "weighted_kappa", want: (13.0/15 - 0.64) / 0.36},
		{name: "--order and --categories", why: "two orders: refused", file: grades, args: []string{"--metric", "ordinal", "--order", order, "--categories", order}, exit: 2, note: "--order and --categories"},
	})
}
