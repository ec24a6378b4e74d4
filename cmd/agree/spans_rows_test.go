package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sharedCSV: a and b share d1 and d2, c shares d1 with them; d and e each
// annotated a document of their own. Pairs sharing a document: a-b (2
// documents), a-c, b-c (1 each); the 7 pairs with d or e share none.
const sharedCSV = `document,annotator,start,end,label
d1,a,0,5,X
d1,b,0,5,X
d1,c,0,4,X
d2,a,0,5,Y
d2,b,0,5,Y
d3,d,0,5,X
d4,e,0,5,X
`

// sharedRelationsCSV: the same sharing, with relations.
const sharedRelationsCSV = `document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation
d1,a,0,5,X,6,9,X,r
d1,b,0,5,X,6,9,X,r
d1,c,0,5,X,6,9,X,s
d2,a,0,5,Y,6,9,Y,r
d2,b,0,5,Y,6,9,Y,r
d3,d,0,5,X,6,9,X,r
d4,e,0,5,X,6,9,X,r
`

type rowsJSON struct {
	Pairs []struct {
		Annotators [2]string `json:"annotators"`
		Documents  int       `json:"documents"`
		F1         float64   `json:"f1"`
	} `json:"pairs"`
	PairsOmitted  int      `json:"pairs_omitted"`
	UnsharedPairs int      `json:"unshared_pairs"`
	AverageF1     float64  `json:"average_f1"`
	MatrixOmitted int      `json:"matrix_omitted"`
	Notes         []string `json:"notes"`
	Matrix        struct {
		Annotators []string     `json:"annotators"`
		F1         [][]*float64 `json:"f1"`
	} `json:"matrix"`
}

// TestSpansListSharedPairsBounded: agree spans and agree relations list
// only the pairs of annotators who share a document, at most --max-rows of
// them (those sharing the most documents), count the others
// (pairs_omitted, unshared_pairs) and bound the matrix the same way.
func TestSpansListSharedPairsBounded(t *testing.T) {
	dir := t.TempDir()
	spansFile := filepath.Join(dir, "shared.csv")
	relFile := filepath.Join(dir, "relations.csv")
	os.WriteFile(spansFile, []byte(sharedCSV), 0o644)
	os.WriteFile(relFile, []byte(sharedRelationsCSV), 0o644)
	cases := []struct {
		why            string
		args           []string
		pairs          []string // listed, in order
		omitted        int
		matrix         []string
		matrixOmitted  int
		unsharedInNote string
	}{
		{"the default lists the 3 pairs who share a document, in annotator order, and the whole matrix",
			[]string{"spans", spansFile}, []string{"a-b", "a-c", "b-c"}, 0, []string{"a", "b", "c", "d", "e"}, 0, "compared on every document"},
		{"--max-rows 2: the 2 pairs sharing the most documents (ties in order); the 2 annotators with the most partners",
			[]string{"spans", "--max-rows", "2", spansFile}, []string{"a-b", "a-c"}, 1, []string{"a", "b"}, 3, "compared on every document"},
		{"--max-rows 0: everything",
			[]string{"spans", "--max-rows", "0", spansFile}, []string{"a-b", "a-c", "b-c"}, 0, []string{"a", "b", "c", "d", "e"}, 0, "compared on every document"},
		{"--documents annotated: the unshared pairs count nowhere",
			[]string{"spans", "--documents", "annotated", spansFile}, []string{"a-b", "a-c", "b-c"}, 0, []string{"a", "b", "c", "d", "e"}, 0, "count nowhere"},
		{"relations follow the same pairs and bounds",
			[]string{"relations", "--max-rows", "1", relFile}, []string{"a-b"}, 2, []string{"a"}, 4, "compared on every document"},
	}
	for _, tc := range cases {
		out, errs, code := agree(t, "", append(tc.args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.why, code, errs)
		}
		var v rowsJSON
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		var pairs []string
		for _, p := range v.Pairs {
			pairs = append(pairs, p.Annotators[0]+"-"+p.Annotators[1])
		}
		if !slices.Equal(pairs, tc.pairs) || v.PairsOmitted != tc.omitted || v.UnsharedPairs != 7 {
			t.Errorf("%s: pairs %v, %d omitted, %d unshared; want %v, %d, 7", tc.why, pairs, v.PairsOmitted, v.UnsharedPairs, tc.pairs, tc.omitted)
		}
		if !slices.Equal(v.Matrix.Annotators, tc.matrix) || v.MatrixOmitted != tc.matrixOmitted || len(v.Matrix.F1) != len(tc.matrix) {
			t.Errorf("%s: matrix of %v (%d rows), %d omitted; want %v, %d", tc.why, v.Matrix.Annotators, len(v.Matrix.F1), v.MatrixOmitted, tc.matrix, tc.matrixOmitted)
		}
		if !strings.Contains(strings.Join(v.Notes, "\n"), "7 pairs of annotators share no document") || !strings.Contains(strings.Join(v.Notes, "\n"), tc.unsharedInNote) {
			t.Errorf("%s: notes do not say how the 7 unshared pairs count (%q): %q", tc.why, tc.unsharedInNote, v.Notes)
		}
		// the text table says how many pairs it shows
		text, _, _ := agree(t, "", tc.args...)
		if note := "showing the first"; (tc.omitted > 0) != strings.Contains(text, note) {
			t.Errorf("%s: text table note %q present = %v, want %v:\n%s", tc.why, note, !(tc.omitted > 0), tc.omitted > 0, text)
		}
	}
	// The average and the matrix under each scope: F1 of a-b 1 (both
	// documents), a-c and b-c 0 (exact: [0,4) ≠ [0,5)).
	for _, tc := range []struct {
		why   string
		scope string
		avg   float64
		de    *float64 // matrix cell a-d
	}{
		{"all: the 10 pairs, unshared ones 0", "all", 1.0 / 10, new(float64)},
		{"annotated: the 3 pairs compared; a-d never compared is null", "annotated", 1.0 / 3, nil},
	} {
		out, errs, code := agree(t, "", "spans", "--documents", tc.scope, "--format", "json", spansFile)
		if code != 0 {
			t.Fatalf("%s: %s", tc.why, errs)
		}
		var v rowsJSON
		json.Unmarshal([]byte(out), &v)
		if d := v.AverageF1 - tc.avg; d > 1e-12 || d < -1e-12 {
			t.Errorf("%s: average F1 %v, want %v", tc.why, v.AverageF1, tc.avg)
		}
		if got := v.Matrix.F1[0][3]; (got == nil) != (tc.de == nil) || (got != nil && *got != *tc.de) {
			t.Errorf("%s: matrix a-d %v, want %v", tc.why, got, tc.de)
		}
	}
}
