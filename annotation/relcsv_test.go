package annotation

import (
	"strings"
	"testing"
)

func TestReadRelationCSV(t *testing.T) {
	in := "relation,document,annotator,source_start,source_end,source_label,target_start,target_end,target_label\n" +
		"works_for,d,A,0,5,PER,10,15,ORG\n" +
		"lives_in,d,A,0,5,PER,20,25,LOC\n" +
		"works_for,d,B,0,5,PER,10,15,ORG\n"
	c, err := ReadRelationCSV(strings.NewReader(in), "rel.csv")
	if err != nil {
		t.Fatal(err)
	}
	// A's source [0,5) is one span shared by its two relations.
	if len(c.Spans) != 5 || len(c.Relations) != 3 {
		t.Fatalf("%d spans, %d relations; want 5 and 3", len(c.Spans), len(c.Relations))
	}
	r := c.Relations[1]
	if r.Type != "lives_in" || r.Source != c.Relations[0].Source || c.Spans[r.Target].Label != "LOC" || c.Spans[r.Target].Start != 20 {
		t.Errorf("relation 2: %+v", r)
	}
	if !IsRelationCSVHeader(strings.Split(strings.SplitN(in, "\n", 2)[0], ",")) {
		t.Error("header not recognised")
	}
	for _, tc := range []struct{ in, want string }{
		{"document,annotator\n", "no \"source_start\" column"},
		{"document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation,extra\n", "unknown column \"extra\""},
		{"document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,A,x,5,P,1,2,Q,r\n", "rel.csv:2:5: source_start \"x\""},
		{"document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,A,6,5,P,1,2,Q,r\n", "rel.csv:2: source: start 6 is after end 5"},
		{"document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\n", "no relations"},
		{"", "empty file"},
	} {
		_, err := ReadRelationCSV(strings.NewReader(tc.in), "rel.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzReadRelationCSV: no input panics, and what is read validates.
func FuzzReadRelationCSV(f *testing.F) {
	f.Add("document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,A,0,5,PER,10,15,ORG,r\n")
	f.Add("relation,layer,document,annotator,source_start,source_end,source_label,target_start,target_end,target_label\nr,L,d,A,0.5,5,P,1,2,Q\n")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := ReadRelationCSV(strings.NewReader(in), "f.csv")
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read data does not validate: %v", err)
		}
	})
}
