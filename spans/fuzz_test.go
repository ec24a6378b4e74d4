package spans

import (
	"context"
	"strings"
	"testing"

	"agree/annotation"
)

// FuzzCompare: any span CSV that reads compares without panicking, under
// every rule, with counts in range (matched ≤ both sides, 0 ≤ F1 ≤ 1) and
// F1 symmetric; ParseMatch never panics either.
func FuzzCompare(f *testing.F) {
	f.Add("document,annotator,start,end,label\nd,a,0,3,X\nd,b,1,3,Y\nd,a,2,9,X\nd,c,0,0,X\n", "overlap")
	f.Add("document,annotator,start,end,label,part_of\nd,a,0,1,X,p\nd,a,2,3,X,p\nd,b,0,3,X,\ne,b,0.5,1.5,Y,\ne,a,1,2,Y,\n", "iou:0.3")
	f.Add("document,annotator,start,end,label\nd,a,0,3,X\nd,b,4,6,X\n", "boundary-tolerance:1")
	f.Fuzz(func(t *testing.T, in, match string) {
		m, err := ParseMatch(match)
		if err != nil {
			return
		}
		c, err := annotation.ReadCSV(strings.NewReader(in), "f.csv")
		if err != nil || len(c.Annotators) < 2 {
			return
		}
		for _, labels := range []LabelMode{Strict, Ignore} {
			r, err := Compare(context.Background(), c, Options{Match: m, Labels: labels, Matches: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range r.Pairs {
				if p.Matched > p.Reference || p.Matched > p.Response || p.F1() < 0 || p.F1() > 1 {
					t.Fatalf("%+v", p.Counts)
				}
				rev := Counts{p.Matched, p.Response, p.Reference}
				if rev.F1() != p.F1() {
					t.Fatalf("F1 not symmetric: %+v", p.Counts)
				}
			}
			if _, err := r.Disagreements(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
