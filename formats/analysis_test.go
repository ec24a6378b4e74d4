package formats

import (
	"slices"
	"testing"
	"testing/fstest"
)

// TestAnalysis: the analysis agree report (and a page given files) runs is
// chosen from the inputs of any file system, the same as from OS paths.
func TestAnalysis(t *testing.T) {
	fsys := fstest.MapFS{
		"spans.csv":     {Data: []byte("document,annotator,start,end,label\nd,A,0,1,x\n")},
		"relations.csv": {Data: []byte("document,annotator,source_start,source_end,target_start,target_end,relation\n")},
		"units.csv":     {Data: []byte("a,X,0,10\nb,X,1,10\n")},
		"chains.csv":    {Data: []byte("annotator,mention,chain\nA,m1,1\n")},
		"seg.csv":       {Data: []byte("item,coder,masses\nd,a,2 3 6\n")},
		"table.csv":     {Data: []byte("item,a,b\n1,x,y\n")},
		"key.conll":     {Data: []byte("#begin document (d); part 000\nw0 (0)\n#end document\n")},
		"seg.json":      {Data: []byte(`{"items":{"d":{"a":[2,3]}}}`)},
		"ls.json":       {Data: []byte(`[{"id":1,"data":{"text":"x"},"annotations":[]}]`)},
		"brat/a/d.ann":  {Data: []byte("T1\tPER 0 1\tx\n")},
		"units/a.csv":   {Data: []byte("a,X,0,10\n")},
		"x.eaf":         {Data: []byte("<ANNOTATION_DOCUMENT/>")},
		"export.zip":    {Data: []byte("PK")},
		// the reference scorer's test files: CoNLL by content only
		"scorer/KEY.key":           {Data: []byte("#begin document (d);\nw0 (0)\n#end document\n")},
		"scorer/RESPONSE.response": {Data: []byte("#begin document (d);\nw0 -\n#end document\n")},
	}
	for name, want := range map[string]string{
		"spans.csv": AnalysisSpans, "relations.csv": AnalysisRelations, "units.csv": AnalysisGamma,
		"chains.csv": AnalysisCoref, "seg.csv": AnalysisSegmentation, "table.csv": AnalysisCoding,
		"key.conll": AnalysisCoref, "seg.json": AnalysisSegmentation, "ls.json": AnalysisSpans,
		"brat": AnalysisSpans, "units": AnalysisGamma, "x.eaf": AnalysisGamma, "export.zip": AnalysisSpans,
		"scorer": AnalysisCoref,
	} {
		if got := Analysis([]*Input{FSInput(fsys, name, "")}); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if got := Analysis([]*Input{FSInput(fsys, "missing.csv", ""), FSInput(fsys, "units.csv", "")}); got != AnalysisGamma {
		t.Errorf("the first input that exists decides: %q", got)
	}
	if got := Analysis([]*Input{ReaderInput("stdin", nil)}); got != "" {
		t.Errorf("a stream is not looked at: %q", got)
	}
}

// TestCoNLLFiles: a directory is read as CoNLL files (one per annotator)
// when it holds files named .conll or whose content is CoNLL, whatever
// their extension; never when it holds brat's .ann files.
func TestCoNLLFiles(t *testing.T) {
	conll := []byte("#begin document (d);\nw0 (0)\n#end document\n")
	for _, tc := range []struct {
		why  string
		fsys fstest.MapFS
		want []string
	}{
		{"the scorer's names, by content; other files left out",
			fstest.MapFS{"d/KEY.key": {Data: conll}, "d/RESPONSE.response": {Data: conll}, "d/README": {Data: []byte("the test case\n")}},
			[]string{"KEY.key", "RESPONSE.response"}},
		{".conll by name, subfolders read, hidden files and folders skipped",
			fstest.MapFS{"d/a.conll": {Data: []byte("w0 (0)\n")}, "d/sub/b.txt": {Data: conll}, "d/.c.key": {Data: conll}, "d/.git/x": {Data: conll}},
			[]string{"a.conll", "sub/b.txt"}},
		{"a brat directory stays brat", fstest.MapFS{"d/a.key": {Data: conll}, "d/doc.ann": {Data: []byte("T1\tP 0 1\tx\n")}}, nil},
		{"no CoNLL file", fstest.MapFS{"d/a.csv": {Data: []byte("a,X,0,1\n")}}, nil},
	} {
		in := FSInput(tc.fsys, "d", "corpus")
		got, err := CoNLLFiles(in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.why, got, err, tc.want)
		}
		want := CorefBrat
		if tc.want != nil {
			want = CorefCoNLL
		}
		if kind, err := CorefKind(in, "auto"); err != nil || kind != want {
			t.Errorf("%s: CorefKind %q, %v; want %q", tc.why, kind, err, want)
		}
	}
	if got, err := CoNLLFiles(FSInput(fstest.MapFS{"k.key": {Data: conll}}, "k.key", "")); err != nil || got != nil {
		t.Errorf("a file is not a directory of CoNLL files: %q, %v", got, err)
	}
}
