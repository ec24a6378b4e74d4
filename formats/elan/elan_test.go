package elan

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"agree/annotation"
)

func readFixture(t *testing.T, opt Options) (*annotation.Corpus, error) {
	t.Helper()
	data, err := os.ReadFile("testdata/gesture.eaf")
	if err != nil {
		t.Fatal(err)
	}
	return ReadBytes(data, "testdata/gesture.eaf", opt)
}

func spans(c *annotation.Corpus) []string {
	var out []string
	for _, s := range c.Spans {
		out = append(out, fmt.Sprintf("%s %s %s %s-%s %s", c.Annotators[s.Annotator], s.Layer, s.ID,
			strconv.FormatFloat(s.Start, 'f', -1, 64), strconv.FormatFloat(s.End, 'f', -1, 64), s.Label))
	}
	return out
}

// TestGesture reads testdata/gesture.eaf (two annotators' gesture tiers
// with ANNOTATOR attributes, a time-subdivision tier with unaligned slots,
// symbolic-association gloss tiers, a controlled vocabulary, an empty
// default tier) and checks every span.
func TestGesture(t *testing.T) {
	c, err := readFixture(t, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(c.Documents) != 1 || c.Documents[0].Name != "gesture" || !c.Documents[0].Time {
		t.Fatalf("documents %+v", c.Documents)
	}
	// Phase_A: ts3 and ts4 have no time; ELAN proposes 1200 + k·⌊(2350 − 1200)/3⌋
	// = 1583 and 1966 ms. The gloss tiers take their parents' times.
	want := []string{
		"A gesture a1 1.2-2.35 beat",
		"A gesture a2 3.105-4.47 挥手 👋",
		"A phase a3 1.2-1.583 preparation",
		"A phase a4 1.583-1.966 stroke",
		"A phase a5 1.966-2.35 retraction",
		"A gloss a6 3.105-4.47 greeting",
		"B gesture a7 1.25-2.4 beat",
		"B gesture a8 3.12-4.48 deictic",
		"B gloss a9 3.12-4.48 pointing & greeting",
	}
	if got := spans(c); !slices.Equal(got, want) {
		t.Errorf("spans\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := c.Spans[1]; s.Pos.String() != "testdata/gesture.eaf:28:13" {
		t.Errorf("position of a2: %v", s.Pos)
	}
	notes := strings.Join(c.Notes, "\n")
	if !strings.Contains(notes, `1 tier not read ("default")`) || !strings.Contains(notes, `tier "Gesture_A": 1 value outside its controlled vocabulary`) {
		t.Errorf("notes:\n%s", notes)
	}
}

// TestTierSelection: a mapping, a pattern, and refusing unaligned slots.
func TestTierSelection(t *testing.T) {
	c, err := readFixture(t, Options{Tiers: "coder1=Gesture_A,coder2=Gesture_B"})
	if err != nil {
		t.Fatal(err)
	}
	if got := spans(c); len(got) != 4 || got[0] != "coder1  a1 1.2-2.35 beat" || got[3] != "coder2  a8 3.12-4.48 deictic" {
		t.Errorf("mapping: %q", got)
	}
	c, err = readFixture(t, Options{Tiers: "Gloss_(.+)"})
	if err != nil {
		t.Fatal(err)
	}
	if got := spans(c); !slices.Equal(got, []string{"A Gloss_* a6 3.105-4.47 greeting", "B Gloss_* a9 3.12-4.48 pointing & greeting"}) {
		t.Errorf("pattern: %q", got)
	}
	_, err = readFixture(t, Options{Tiers: "A=Gesture_A,B=Gesture_C"})
	if err == nil || !strings.Contains(err.Error(), `no tier "Gesture_C"`) || !strings.Contains(err.Error(), `"Gesture_B"`) {
		t.Errorf("unknown tier: %v", err)
	}
	_, err = readFixture(t, Options{Refuse: true})
	if err == nil || !strings.Contains(err.Error(), `gesture.eaf:11:9: <TIME_SLOT TIME_SLOT_ID="ts3"> has no TIME_VALUE`) {
		t.Errorf("refuse: %v", err)
	}
}

// TestSymbolicSubdivision: the children of one parent divide its interval
// evenly, in their PREVIOUS_ANNOTATION order.
func TestSymbolicSubdivision(t *testing.T) {
	in := `<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="1000"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="1600"/></TIME_ORDER>
<TIER TIER_ID="words" LINGUISTIC_TYPE_REF="w"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="w1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"><ANNOTATION_VALUE>dogs</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
<TIER TIER_ID="morphs" LINGUISTIC_TYPE_REF="m" PARENT_REF="words">
<ANNOTATION><REF_ANNOTATION ANNOTATION_ID="m3" ANNOTATION_REF="w1" PREVIOUS_ANNOTATION="m2"><ANNOTATION_VALUE>PL</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
<ANNOTATION><REF_ANNOTATION ANNOTATION_ID="m1" ANNOTATION_REF="w1"><ANNOTATION_VALUE>dog</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
<ANNOTATION><REF_ANNOTATION ANNOTATION_ID="m2" ANNOTATION_REF="w1" PREVIOUS_ANNOTATION="m1"><ANNOTATION_VALUE>-</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
</TIER><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="w" TIME_ALIGNABLE="true"/><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="m" CONSTRAINTS="Symbolic_Subdivision" TIME_ALIGNABLE="false"/></ANNOTATION_DOCUMENT>`
	c, err := ReadBytes([]byte(in), "x.eaf", Options{Tiers: "morphs=morphs"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"morphs  m3 1.4-1.6 PL", "morphs  m1 1-1.2 dog", "morphs  m2 1.2-1.4 -"}
	if got := spans(c); !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestErrors: the file, the line, the element, what was expected.
func TestErrors(t *testing.T) {
	head := `<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="10"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="5"/></TIME_ORDER>` + "\n"
	for _, tc := range []struct{ in, want string }{
		{`<TEI/>`, "x.eaf:1:1: root element <TEI> (want <ANNOTATION_DOCUMENT>"},
		{`<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="PAL-frames"/></ANNOTATION_DOCUMENT>`, `<HEADER TIME_UNITS="PAL-frames">: only milliseconds`},
		{`<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="1.5"/></TIME_ORDER></ANNOTATION_DOCUMENT>`, `TIME_VALUE="1.5">: want a whole number of milliseconds`},
		{head + `<TIER TIER_ID="A"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t9"/></ANNOTATION></TIER></ANNOTATION_DOCUMENT>`, `x.eaf:2:31: <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1">: TIME_SLOT_REF2 "t9" is no time slot`},
		{head + `<TIER TIER_ID="A"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"/></ANNOTATION></TIER></ANNOTATION_DOCUMENT>`, `starts at 10 ms (t1), after its end 5 ms (t2)`},
		{head + `<TIER TIER_ID="A"><ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a1" ANNOTATION_REF="zz"/></ANNOTATION></TIER></ANNOTATION_DOCUMENT>`, `ANNOTATION_REF "zz" is no annotation`},
		{head + `<TIER TIER_ID="A"></TIER>`, "the file ends inside <ANNOTATION_DOCUMENT>"},
		{head + `<TIER TIER_ID="A"></TIMER></ANNOTATION_DOCUMENT>`, "x.eaf:2:19: </TIMER> does not close <TIER> (opened at line 2, column 1)"},
		{`<ANNOTATION_DOCUMENT><TIER TIER_ID="A"><x></y></TIER></ANNOTATION_DOCUMENT>`, "x.eaf:1:43: </y> does not close <x> (opened at line 1, column 40)"},
		{`<ANNOTATION_DOCUMENT><TIER TIER_ID="A" TIER_ID="B"/></ANNOTATION_DOCUMENT>`, "x.eaf:1:40: in tag <TIER: attribute TIER_ID given twice"},
		{"<ANNOTATION_DOCUMENT>\n  <TIER TIER_ID=\"A\x00\"/></ANNOTATION_DOCUMENT>", "x.eaf:2:19: a NUL byte"},
		{`<ANNOTATION_DOCUMENT></ANNOTATION_DOCUMENT><ANNOTATION_DOCUMENT/>`, "x.eaf:1:44: a second root element"},
		{`<ANNOTATION_DOCUMENT><a b="1></ANNOTATION_DOCUMENT>`, "x.eaf:1:"},
	} {
		_, err := ReadBytes([]byte(tc.in), "x.eaf", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\nerr = %v\nwant %q", tc.in, err, tc.want)
		}
	}
}

// searchOrder is the search chainOrder replaced (quadratic): for each
// place, the first child in kids whose PREVIOUS_ANNOTATION is the last
// placed and that is not placed yet.
func searchOrder(rd *reader, kids []int) ([]int, bool) {
	ordered := make([]int, 0, len(kids))
	prev := ""
	for len(ordered) < len(kids) {
		found := -1
		for _, k := range kids {
			if rd.anns[k].prev == prev && !slices.Contains(ordered, k) {
				found = k
				break
			}
		}
		if found < 0 {
			return nil, false
		}
		ordered = append(ordered, found)
		prev = rd.anns[found].id
	}
	return ordered, true
}

// TestChainOrder: issue 25, the linear order of a parent's children is
// the search's on random PREVIOUS_ANNOTATION links: chains in any order,
// ties (two children after one), missing and unknown links, cycles.
func TestChainOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 3000 {
		n := 1 + r.IntN(8)
		rd := &reader{}
		perm := r.Perm(n)
		for i := range n {
			a := annot{id: fmt.Sprint("m", i)}
			switch {
			case r.IntN(6) == 0: // any link, or none
				if j := r.IntN(n + 2); j < n {
					a.prev = fmt.Sprint("m", j)
				} else if j == n {
					a.prev = "zz"
				}
			case perm[i] > 0: // the chain of perm
				a.prev = fmt.Sprint("m", slices.Index(perm, perm[i]-1))
			}
			rd.anns = append(rd.anns, a)
		}
		kids := r.Perm(n)
		want, wantOK := searchOrder(rd, kids)
		got, ok := rd.chainOrder(kids)
		if ok != wantOK || !slices.Equal(got, want) {
			t.Fatalf("trial %d: %+v kids %v: got %v %v, want %v %v", trial, rd.anns, kids, got, ok, want, wantOK)
		}
	}
}
