package formats_test

import (
	"fmt"
	"strings"
	"testing/fstest"

	"agree/formats"
)

// Files of any file system — here in memory, as a page holds the files it
// was given — and a stream are read through the path OS paths take.
func ExampleReadInputs() {
	files := fstest.MapFS{
		"alice.csv": {Data: []byte("document,annotator,start,end,label\nd1,alice,0,5,PER\n")},
	}
	stdin := strings.NewReader("document,annotator,start,end,label\nd1,bob,0,5,PER\n")
	c, err := formats.ReadInputs([]*formats.Input{
		formats.FSInput(files, "alice.csv", ""),
		formats.ReaderInput("stdin", stdin),
	}, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Annotators, len(c.Spans), formats.Analysis([]*formats.Input{formats.FSInput(files, "alice.csv", "")}))
	// Output: [alice bob] 2 spans
}
