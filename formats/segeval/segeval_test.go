package segeval

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"agree/segmentation"
)

func readFile(t *testing.T, name string) *segmentation.Dataset {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := Read(f, name, Auto)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func agreement(t *testing.T, d *segmentation.Dataset) segmentation.Agreement {
	t.Helper()
	ag, err := segmentation.DatasetAgreement(d, segmentation.AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return ag
}

// TestReadFiles reads the three testdata files and checks the agreement
// figures of sheet §8.2 (SegEval 2.0.11) on them.
func TestReadFiles(t *testing.T) {
	cases := []struct {
		file              string
		items, coders     int
		actual, pi, kappa float64
	}{
		{"hearst1997.json", 1, 7, 0.530054644809, 0.464449737674, 0.465320197263},
		{"multiple_types.json", 2, 2, 0.5, 0.466666666667, 0.471830985915},
		{"g5_ch1.csv", 1, 4, 0.25, 0.222672064777, 0.225806451613},
	}
	for _, c := range cases {
		d := readFile(t, c.file)
		if len(d.Items()) != c.items || len(d.Coders()) != c.coders {
			t.Errorf("%s: %d items, %d coders; want %d, %d", c.file, len(d.Items()), len(d.Coders()), c.items, c.coders)
		}
		ag := agreement(t, d)
		if math.Abs(ag.Actual-c.actual) > 1e-11 || math.Abs(ag.Pi-c.pi) > 1e-11 || math.Abs(ag.Kappa-c.kappa) > 1e-11 {
			t.Errorf("%s: %+v; want A_a %v π %v κ %v", c.file, ag, c.actual, c.pi, c.kappa)
		}
	}
	d := readFile(t, "hearst1997.json")
	if got := d.Coders(); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6", "7"}) {
		t.Errorf("coders in file order: %v", got)
	}
}

// TestRepresentations reads the same segmentations in every representation.
func TestRepresentations(t *testing.T) {
	inputs := map[string]string{
		"json masses":    `{"items":{"doc1":{"coderA":[2,3,6],"coderB":[5,6]}}}`,
		"json positions": `{"boundary_format":"position","items":{"doc1":{"coderA":[1,1,2,2,2,3,3,3,3,3,3],"coderB":[7,7,7,7,7,8,8,8,8,8,8]}}}`,
		"json nltk":      `{"items":{"doc1":{"coderA":"0100100000","coderB":"0000100000"}},"boundary_format":"nltk"}`,
		"json sets":      `{"boundary_format":"sets","items":{"doc1":{"coderA":[[],[1],[],[],[1],[],[],[],[],[]],"coderB":[[],[],[],[],[1],[],[],[],[],[]]}}}`,
		"csv no header":  "doc1,coderA,2 3 6\ndoc1,coderB,5 6\n",
		"csv spread":     "item,coder,masses\ndoc1,coderA,2,3,6\n\ndoc1,coderB,5,6\n",
		"csv positions":  "Item,Coder,Positions\ndoc1,coderA,1 1 2 2 2 3 3 3 3 3 3\ndoc1,coderB,1 1 1 1 1 2 2 2 2 2 2\n",
		"csv boundaries": "item,coder,boundaries\n# comment\ndoc1,coderA,0100100000\ndoc1,coderB,0000100000\n",
	}
	for name, in := range inputs {
		d, err := Read(strings.NewReader(in), name, Auto)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		a, _ := d.Get("doc1", "coderA")
		b, _ := d.Get("doc1", "coderB")
		if !slices.Equal(a.Masses(), []int{2, 3, 6}) || !slices.Equal(b.Masses(), []int{5, 6}) {
			t.Errorf("%s: masses %v %v; want (2,3,6) (5,6)", name, a.Masses(), b.Masses())
		}
		// Sheet §8.1 first row: B = 0.5.
		e, _ := segmentation.BoundaryEdits(a, b, 0)
		if e.B() != 0.5 {
			t.Errorf("%s: B = %v, want 0.5", name, e.B())
		}
	}
}

// TestIncomplete: a coder need not segment every item (issue 18 §1: each
// pair is compared on the items both segmented), in JSON and CSV alike.
func TestIncomplete(t *testing.T) {
	for _, in := range []string{
		"{\"items\":{\"d1\":{\"A\":[2],\"B\":[2]},\n \"d2\":{\"A\":[2]}}}",
		"d1,A,2\nd1,B,2\nd2,A,2\n",
	} {
		d, err := Read(strings.NewReader(in), "x", Auto)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if d.Complete() || len(d.Items()) != 2 || !d.Segmented("d2", "A") || d.Segmented("d2", "B") {
			t.Errorf("%q: complete %v, items %v", in, d.Complete(), d.Items())
		}
	}
}

// TestErrors checks that bad input gives an error naming the position.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"zero mass", `{"items":{"doc1":{"A":[2,3,6],"B":[5,0,6]}}}`, `x:1:38: item "doc1", coder "B": mass 0 must be a positive integer`},
		{"negative mass", "{\"items\":{\"doc1\":{\n  \"A\":[2,-3,6]}}}", `x:2:10: item "doc1", coder "A": mass -3 must be a positive integer`},
		{"fraction", `{"items":{"d":{"A":[2.5]}}}`, `x:1:21: item "d", coder "A": mass 2.5 is not an integer`},
		{"unequal", "{\"items\":{\"d\":{\"A\":[2,3,6],\n\"B\":[5,5]}}}", `x:2:1: item "d": coder "B" has 10 units but coder "A" has 11`},
		{"duplicate item", `{"items":{"d":{"A":[2]},"d":{"A":[2]}}}`, `x:1:25: item "d" appears twice`},
		{"duplicate coder", `{"items":{"d":{"A":[2],"A":[2]}}}`, `x:1:24: item "d": coder "A" appears twice`},
		{"syntax", "{\"items\":{\"d\":{\"A\":[2,]}}}", "x:1:23: invalid JSON"},
		{"truncated", `{"items":{"d":{"A":[2`, "unexpected end of JSON input"},
		{"not array", `{"items":{"d":{"A":7}}}`, `x:1:20: item "d", coder "A": want an array of masses`},
		{"empty masses", `{"items":{"d":{"A":[]}}}`, `x:1:20: item "d", coder "A": segmentation: no masses`},
		{"no items", `{"id":"x"}`, `no "items" object`},
		{"bad format", `{"boundary_format":"zigzag","items":{}}`, `x:1:2: boundary_format "zigzag"`},
		{"bad type", `{"boundary_format":"sets","items":{"d":{"A":[[0]]}}}`, `out of range`},
		{"trailing", `{"items":{"d":{"A":[2]}}} x`, "x:1:27:"},
		{"empty json", `{"items":{}}`, "empty dataset"},
		{"csv mass", "item,coder,masses\nd,A,2 3 x6\n", `x:2:9: item "d", coder "A": "x6" is not an integer masses`},
		{"csv zero", "d,A,2 0\n", `x:1:7: item "d", coder "A": mass 0 must be a positive integer`},
		{"csv fields", "d,A\n", "x:1: 2 fields; want item,coder,masses"},
		{"csv unequal", "d,A,2 3\nd,B,4\n", `x:2:1: item "d": coder "B" has 4 units but coder "A" has 5`},
		{"csv quote", "d,A,\"2 3\n", "x:1:"},
		{"csv header", "item,coder,sets\n", `x:1:12: header column 3 "sets"`},
		{"csv nltk", "item,coder,boundaries\nd,A,01a\n", "x:2:5: item \"d\", coder \"A\": segmentation: boundary string: character 3"},
		{"csv empty", "", "x: no segmentation (empty dataset)"},
		{"csv empty coder", "d, ,1\n", "x:1:4: empty coder name"},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.in), "x", Auto)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want it to contain %q", c.name, err, c.want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": Auto, "auto": Auto, "JSON": JSON, "csv": CSV} {
		if f, err := ParseFormat(in); err != nil || f != want {
			t.Errorf("ParseFormat(%q) = %v, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("ParseFormat(xml): want an error")
	}
	// An explicit format overrides sniffing.
	if _, err := Read(strings.NewReader(`{"items":{}}`), "x", CSV); err == nil {
		t.Error("JSON read as CSV: want an error")
	}
}

// FuzzRead checks that no input panics and that whatever is accepted is a
// valid dataset on which agreement can be computed.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"items":{"doc1":{"coderA":[2,3,6],"coderB":[5,6]}}}`))
	f.Add([]byte("item,coder,masses\ndoc1,A,2 3 6\ndoc1,B,5 6\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Read(strings.NewReader(string(data)), "fuzz", Auto)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if len(d.Coders()) < 2 {
			return // a valid file may hold one coder; agreement then fails cleanly
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("accepted an invalid dataset: %v", err)
		}
		if _, err := segmentation.DatasetAgreement(d, segmentation.AgreementOptions{}); err != nil {
			t.Fatalf("agreement failed on an accepted dataset: %v", err)
		}
	})
}
