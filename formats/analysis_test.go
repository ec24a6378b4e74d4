package formats

import (
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
	}
	for name, want := range map[string]string{
		"spans.csv": AnalysisSpans, "relations.csv": AnalysisRelations, "units.csv": AnalysisGamma,
		"chains.csv": AnalysisCoref, "seg.csv": AnalysisSegmentation, "table.csv": AnalysisCoding,
		"key.conll": AnalysisCoref, "seg.json": AnalysisSegmentation, "ls.json": AnalysisSpans,
		"brat": AnalysisSpans, "units": AnalysisGamma, "x.eaf": AnalysisGamma, "export.zip": AnalysisSpans,
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
