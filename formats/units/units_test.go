package units

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/unitizing"
)

func TestReadCSV(t *testing.T) {
	tests := []struct {
		name, in string
		want     []unitizing.Unit
		anns     []string
	}{
		{"no header (pygamma's files)", "Joe,A,4,14\nJack,A,4,14\nJoe,B,20,30\n",
			[]unitizing.Unit{mk(0, "A", 4, 14), mk(1, "A", 4, 14), mk(0, "B", 20, 30)}, []string{"Joe", "Jack"}},
		{"header, other order, extra column", "start,end,annotator,note,category\n1.5,2,a,x,N\n",
			[]unitizing.Unit{mk(0, "N", 1.5, 2)}, []string{"a"}},
		{"header in pygamma order, extra column", "annotator,category,start,end,note\nA,c,0,1,x\nB,c,0,1,\n",
			[]unitizing.Unit{mk(0, "c", 0, 1), mk(1, "c", 0, 1)}, []string{"A", "B"}},
		{"duplicates are kept", "A,c,0,1\nA,c,0,1\n",
			[]unitizing.Unit{mk(0, "c", 0, 1), mk(0, "c", 0, 1)}, []string{"A"}},
		{"byte-order mark before the header", "\ufeffannotator,category,start,end\nA,c,0,1\n",
			[]unitizing.Unit{mk(0, "c", 0, 1)}, []string{"A"}},
		{"byte-order mark, no header", "\ufeffA,c,0,1\n",
			[]unitizing.Unit{mk(0, "c", 0, 1)}, []string{"A"}},
		{"empty category, comments, spaces", "# units\nA, ,0, 1e3\n",
			[]unitizing.Unit{mk(0, "", 0, 1000)}, []string{"A"}},
	}
	for _, tc := range tests {
		c, err := ReadCSV(strings.NewReader(tc.in), "f.csv")
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(c.Units) != len(tc.want) || strings.Join(c.Annotators, ",") != strings.Join(tc.anns, ",") {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, c.Annotators, c.Units, tc.anns, tc.want)
			continue
		}
		for i := range tc.want {
			if c.Units[i] != tc.want[i] {
				t.Errorf("%s: unit %d = %v, want %v", tc.name, i, c.Units[i], tc.want[i])
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, file, in, want string
	}{
		{"start ≥ end", "a.csv", "A,c,0,1\nA,c,5,5\n", "a.csv:2: start 5 must be less than end 5"},
		{"NaN", "a.csv", "A,c,NaN,1\n", "a.csv:1: start and end must be numbers"},
		{"not a number", "a.csv", "A,c,0,1\nA,c,x,1\n", "a.csv:2:5: start \"x\" is not a number"},
		{"too few fields", "a.csv", "A,c,0\n", "a.csv:1: 3 fields; want annotator,category,start,end"},
		{"too many fields", "a.csv", "A,c,0,1,2\n", "a.csv:1: 5 fields"},
		{"empty file", "a.csv", "", "a.csv: no units"},
		{"header only", "a.csv", "annotator,category,start,end\n", "a.csv: no units"},
		{"header missing a column", "a.csv", "annotator,category,start,stuff\n", "no end column"},
		{"bad quote", "a.csv", "A,\"c,0,1\n", "a.csv:1:"},
		{"empty annotator", "a.csv", " ,c,0,1\n", "empty annotator name"},
		{"rttm short line", "b.rttm", "SPEAKER a 1 2.5\n", "b.rttm:1: 4 fields"},
		{"rttm bad onset", "b.rttm", "SPEAKER a 1 x 1 <NA> <NA> s\n", "b.rttm:1: field 4 (onset)"},
		{"rttm zero duration", "b.rttm", "SPEAKER a 1 2 0 <NA> <NA> s\n", "b.rttm:1: onset 2, duration 0"},
		{"rttm empty", "b.rttm", "", "b.rttm: no SPEAKER lines"},
		// issue 14: coordinates whose lengths or differences overflow
		{"start near the float64 maximum", "a.csv", "A,c,0,1\nA,c,-1e308,1e308\n", "a.csv:2: span [-1e+308, 1e+308) lies outside ±1e+300"},
		{"end above the maximum", "a.csv", "A,c,0,1e301\n", "a.csv:1: span [0, 1e+301) lies outside"},
		{"beyond float64", "a.csv", "A,c,0,1e999\n", "a.csv:1: start and end must be finite"},
		{"rttm onset + duration overflows", "b.rttm", "SPEAKER a 1 1e308 1e308 <NA> <NA> s\n", "b.rttm:1: onset 1e+308, duration 1e+308"},
		// files of other tools
		{"ELAN", "x.csv", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ANNOTATION_DOCUMENT AUTHOR=\"\">\n", "x.csv: this looks like an ELAN file"},
		{"ELAN as RTTM", "x.rttm", "<ANNOTATION_DOCUMENT>\n", "x.rttm: this looks like an ELAN file"},
		{"Praat", "x.csv", "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n", "x.csv: this looks like a Praat TextGrid"},
		{"semicolons", "a.csv", "A;c;0;1\n", `a.csv:1: 1 field, but the line holds ";": is ";" the separator? (agree: Reader.Comma ";")`},
		{"tabs", "a.csv", "A\tc\t0\t1\n", `is "\t" the separator?`},
	}
	for _, tc := range tests {
		_, err := Read(strings.NewReader(tc.in), tc.file)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

// TestReadRTTM: lines modelled on pygamma's sample_two_annotators.rttm.
func TestReadRTTM(t *testing.T) {
	in := "SPEAKER annotA 1 2.5 1.8 <NA> <NA> Maureen <NA> <NA>\nSPEAKER annotB 1 2.3 2.2 <NA> <NA> Maureen <NA> <NA>\n"
	c, err := Read(strings.NewReader(in), "x.RTTM")
	if err != nil {
		t.Fatal(err)
	}
	want := []unitizing.Unit{mk(0, "Maureen", 2.5, 4.3), mk(1, "Maureen", 2.3, 4.5)}
	for i, u := range c.Units {
		if u.Annotator != want[i].Annotator || u.Category != want[i].Category || u.Start != want[i].Start ||
			abs(u.End-want[i].End) > 1e-12 {
			t.Errorf("unit %d = %v, want %v (tolerance 1e-12 on end)", i, u, want[i])
		}
	}
}

func mk(a int, cat string, s, e float64) unitizing.Unit {
	return unitizing.Unit{Annotator: a, Category: cat, Start: s, End: e}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestReadCorpus(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.csv"), []byte("A,c,0,1\nB,c,0,1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.rttm"), []byte("SPEAKER A 1 0 1 <NA> <NA> c\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("ignored"), 0o644)
	corpus, err := ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(corpus.Continua) != 2 || filepath.Base(corpus.Continua[0].Name) != "a.rttm" || len(corpus.Continua[1].Units) != 2 {
		t.Fatalf("corpus = %+v, want a.rttm then b.csv", corpus)
	}
	if _, err := ReadCorpus(filepath.Join(dir, "missing.csv")); err == nil {
		t.Error("missing file: no error")
	}
	empty := t.TempDir()
	if _, err := ReadCorpus(empty); err == nil || !strings.Contains(err.Error(), "no .csv or .rttm") {
		t.Errorf("empty directory: error %v", err)
	}
}

// TestSeparator: Reader.Comma reads semicolon and tab files.
func TestSeparator(t *testing.T) {
	for _, tc := range []struct {
		comma rune
		in    string
	}{{';', "A;c;0;1\nB;c;0,5;2\n"}, {'\t', "A\tc\t0\t1\nB\tc\t0,5\t2\n"}} {
		_, err := Reader{Comma: tc.comma}.ReadCSV(strings.NewReader(tc.in), "s.csv")
		// "0,5" is not a number: the comma is no longer special
		if err == nil || !strings.Contains(err.Error(), `s.csv:2:5: start "0,5" is not a number`) {
			t.Errorf("%q: error %v", tc.comma, err)
		}
		good := strings.ReplaceAll(tc.in, "0,5", "0.5")
		c, err := Reader{Comma: tc.comma}.ReadCSV(strings.NewReader(good), "s.csv")
		if err != nil || len(c.Units) != 2 || c.Units[1] != mk(1, "c", 0.5, 2) {
			t.Errorf("%q: %v %v", tc.comma, c.Units, err)
		}
	}
}

// TestDirectoryOfOtherTools: a directory holding only ELAN/Praat files says so.
func TestDirectoryOfOtherTools(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.eaf"), []byte("<ANNOTATION_DOCUMENT/>"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.TextGrid"), []byte("File type = \"ooTextFile\""), 0o644)
	_, err := ReadCorpus(dir)
	if err == nil || !strings.Contains(err.Error(), "only ELAN/Praat files (a.eaf, b.TextGrid)") {
		t.Errorf("error %v", err)
	}
}

// TestReadShared reads the shared pygamma inputs when they are present.
func TestReadShared(t *testing.T) {
	for _, f := range []struct {
		file  string
		units int
	}{{"2by1000.csv", 2000}, {"5by100.csv", 500}, {"sample_two_annotators.rttm", 8}} {
		p := sharedPath(f.file)
		if p == "" {
			t.Skip("shared data absent")
		}
		c, err := ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Units) != f.units {
			t.Errorf("%s: %d units, want %d (wc -l)", f.file, len(c.Units), f.units)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, rttm bool) {
		name := "f.csv"
		if rttm {
			name = "f.rttm"
		}
		c, err := Read(strings.NewReader(string(data)), name)
		if err != nil {
			return
		}
		for _, u := range c.Units {
			if err := unitizing.CheckSpan(u.Start, u.End); err != nil {
				t.Fatalf("accepted invalid unit %v: %v", u, err)
			}
			if u.Annotator < 0 || u.Annotator >= len(c.Annotators) {
				t.Fatalf("bad annotator index %d", u.Annotator)
			}
		}
	})
}

// TestDropZeroLength: the option skips start = end units (with a warning
// naming file and line) and nothing else.
func TestDropZeroLength(t *testing.T) {
	var warns []string
	rd := Reader{DropZeroLength: true, Warn: func(s string) { warns = append(warns, s) }}
	c, err := rd.Read(strings.NewReader("A,x,0,1\nA,x,5,5\nB,x,0,1\n"), "z.csv")
	if err != nil || len(c.Units) != 2 || len(warns) != 1 || !strings.Contains(warns[0], "z.csv:2: zero-length unit at 5") {
		t.Errorf("units %v, warnings %q, error %v", c.Units, warns, err)
	}
	if _, err := rd.Read(strings.NewReader("A,x,5,4\n"), "z.csv"); err == nil {
		t.Error("start > end accepted with DropZeroLength")
	}
	c, err = rd.Read(strings.NewReader("SPEAKER a 1 2 0 <NA> <NA> s\nSPEAKER a 1 2 1 <NA> <NA> s\n"), "z.rttm")
	if err != nil || len(c.Units) != 1 || len(warns) != 2 {
		t.Errorf("rttm: units %v, warnings %q, error %v", c.Units, warns, err)
	}
	if _, err := Read(strings.NewReader("A,x,5,5\n"), "z.csv"); err == nil {
		t.Error("the default reader accepted a zero-length unit")
	}
}

// sharedPath finds shared/data/unitizing/name above the package (in the
// main checkout or a worktree), or returns "".
func sharedPath(name string) string {
	for _, up := range []string{"../../..", "../../../.."} {
		p := filepath.Join(up, "shared", "data", "unitizing", name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// TestReadFixtures reads the project's own files under testdata (the
// always-running counterpart of TestReadShared).
func TestReadFixtures(t *testing.T) {
	for _, f := range []struct {
		file        string
		units, anns int
	}{{"testdata/three_annotators.csv", 9, 3}, {"testdata/two_speakers.rttm", 5, 2}, {"testdata/semicolon_header.csv", 4, 2}} {
		rd := Reader{}
		if strings.Contains(f.file, "semicolon") {
			rd.Comma = ';'
		}
		corpus, err := rd.ReadCorpus(f.file)
		if err != nil {
			t.Fatal(err)
		}
		c := corpus.Continua[0]
		if len(corpus.Continua) != 1 || len(c.Units) != f.units || len(c.Annotators) != f.anns {
			t.Errorf("%s: %d continua, %d units, %d annotators; want 1, %d, %d", f.file, len(corpus.Continua), len(c.Units), len(c.Annotators), f.units, f.anns)
		}
	}
}
