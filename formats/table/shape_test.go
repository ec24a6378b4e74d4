package table

import (
	"strings"
	"testing"
)

// TestRatingMatrix: a rating matrix without an item column whose first
// column does not repeat (the repeat has its own hint) is refused when the
// first column is named like the coders' and holds their categories, and
// warned about when only its values look like ratings; Read and Stream
// decide alike, and a chosen layout reads the file as it is.
func TestRatingMatrix(t *testing.T) {
	for _, tc := range []struct {
		why, file string
		layout    Layout
		err, warn string // substrings; "" for none
	}{
		{"single letters, every id a category", "A,B,C\n1,1,2\n2,2,2\n3,3,1\n", Auto,
			`the first column "A", read as the item ids, is named like the coders' ("B") and holds only their categories: read it with Options.Layout columns Options.Header Options.Columns 1-3`, ""},
		{"numbered raters, text categories", "rater1,rater2,rater3\nlow,low,high\nhigh,high,high\nmid,mid,low\n", Auto, `named like the coders' ("rater2")`, ""},
		{"spaced and cased alike", "Rater 1,rater_2,RATER-3\nx,x,y\ny,y,y\n", Auto, `named like the coders' ("rater_2")`, ""},
		{"the same number written otherwise", "r1,r2,r3\n1,1.0,2\n2,2,2\n", Auto, "only their categories", ""},
		{"half the ids categories, alike names", "r1,r2,r3\n1,1,2\n5,2,2\n3,3,1\n", Auto, "2 of 3 values among their categories", ""},
		{"less than half, a number out of the coders' range", "r1,r2,r3\n1,1,2\n5,2,2\n7,3,1\n", Auto, "", ""},
		{"continuous ratings, alike names", "r1,r2,r3\n5.3,4.9,5.2\n7.0,7.5,6.5\n4.9,4.8,5.1\n", Auto, "holds numbers within the range of theirs", ""},
		{"continuous ratings, another name", "score,r2,r3\n5.3,4.9,5.2\n7.0,7.5,6.5\n4.9,4.8,5.1\n", Auto, "", ""},
		{"one coder left: the names suffice", "A,B\n1,2\n3,3\n", Auto, "Options.Columns 1-2", ""},
		{"another name, every id a category: a warning", "sentence,alice,bob\n1,1,2\n2,2,2\n3,3,1\n", Auto, "",
			`the first column "sentence" is read as the item ids, and every id is also one of the coders' categories`},
		{"another name, one id not a category", "sentence,alice,bob\n1,1,2\n2,2,2\n4,3,1\n", Auto, "", ""},
		{"an item column's name", "item,A,B\n1,1,2\n2,2,2\n", Auto, "", ""},
		{"a row number's name", "n,a,b\n1,1,2\n2,2,2\n", Auto, "", ""},
		{"no name (pandas' index)", ",A,B\n1,1,2\n2,2,2\n", Auto, "", ""},
		{"more ids than twice the categories", "A,B,C\n1,1,2\n2,2,2\n3,1,1\n4,2,1\n5,1,2\n", Auto, "", ""},
		{"the layout chosen", "A,B,C\n1,1,2\n2,2,2\n3,3,1\n", Wide, "", ""},
	} {
		for _, stream := range []bool{false, true} {
			info := &Info{}
			opt := Options{Layout: tc.layout, Info: info}
			var err error
			if stream {
				_, err = Stream(strings.NewReader(tc.file), "m.csv", opt)
			} else {
				_, err = Read(strings.NewReader(tc.file), "m.csv", opt)
			}
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("%s (stream %v): %v", tc.why, stream, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("%s (stream %v): error %v, want %q", tc.why, stream, err, tc.err)
			}
			warnings := strings.Join(info.Warnings, "\n")
			if tc.warn == "" && strings.Contains(warnings, "first column") || !strings.Contains(warnings, tc.warn) {
				t.Errorf("%s (stream %v): warnings %q, want %q", tc.why, stream, info.Warnings, tc.warn)
			}
		}
	}
}
