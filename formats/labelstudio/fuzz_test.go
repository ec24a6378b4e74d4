package labelstudio

import (
	"os"
	"strings"
	"testing"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	for _, file := range []string{"testdata/export.json", "testdata/audio.json", "testdata/min/rotating-min.json", "testdata/min/rotating.csv", "testdata/min/rotating.tsv"} {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`[{"id":1,"data":{"text":"😀ab"},"annotations":[{"completed_by":{"email":"x"},"result":[{"id":"r","type":"labels","from_name":"l","to_name":"text","value":{"start":1,"end":2,"text":"a","labels":["A","B"]}},{"id":"r","type":"choices","from_name":"c","to_name":"text","value":{"start":1,"end":2,"choices":["y"]}},{"type":"relation","from_id":"r","to_id":"r","direction":"left"}]}]}]`)
	f.Add("text,id,l,annotator,annotation_id\n😀ab,1,\"[{\"\"start\"\": 1, \"\"end\"\": 2, \"\"labels\"\": [\"\"A\"\"]}]\",x,1\n")
	f.Add(`[{"id":1,"text":"😀ab","c":[{"choices":["a","b"]}],"annotator":2,"annotation_id":3}]`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, u := range []Options{{}, {Unit: 1}, {Unit: 2}} {
			c, err := Read(strings.NewReader(in), "f.json", u)
			if err != nil {
				continue
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("read data does not validate: %v", err)
			}
		}
	})
}
