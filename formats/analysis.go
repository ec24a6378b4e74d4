package formats

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	corefio "agree/formats/coref"
)

// The analyses Analysis chooses among (the names of agree's commands).
const (
	AnalysisCoding       = "coding"
	AnalysisSpans        = "spans"
	AnalysisRelations    = "relations"
	AnalysisGamma        = "gamma"
	AnalysisSegmentation = "segmentation"
	AnalysisCoref        = "coref"
)

// Analysis chooses the analysis that fits the inputs, as agree report does
// when it is not told (--as): from the first input that exists (a stream
// is not looked at), "" when none does. An annotation tool's export (brat,
// a WebAnno/INCEpTION project or file, UIMA XMI or JSON, Label Studio,
// doccano, Prodigy, the model's JSONL) is span data; ELAN, Praat and RTTM
// files are units for γ; CoNLL-2012 files are coreference (by content, a
// "#begin document" line, whatever the extension); other JSON is
// SegEval's; a CSV says by its header (the relation CSV, the span CSV, unit
// files, coreference chains, segmentations; a table otherwise). A directory
// holding .ann, .xmi or .tsv files is span data, one holding .conll files
// or files whose content is CoNLL (whatever their extension) coreference,
// any other a corpus of unit files. The input's head is read
// through Input.Head: the analysis then reads it from its start.
func Analysis(ins []*Input) string {
	for _, in := range ins {
		if in.Stream() {
			continue
		}
		st, err := in.Stat()
		if err != nil {
			continue
		}
		if st.IsDir() {
			return dirAnalysis(in)
		}
		if head, _ := in.Head(RouteHead); corefio.IsCoNLL(head) {
			return AnalysisCoref // CoNLL-2012 by content, whatever the extension (the scorer's KEY.key, RESPONSE.response)
		}
		switch ext := strings.ToLower(filepath.Ext(in.Name)); ext {
		case ".rttm", ".eaf", ".textgrid":
			return AnalysisGamma
		case ".conll":
			return AnalysisCoref
		case ".zip", ".ann", ".xmi", ".xml", ".jsonl", ".bio":
			return AnalysisSpans
		case ".json", ".tsv":
			// a tool's export, or SegEval's JSON / a tab-separated table
			head, _ := in.Head(sniffSize)
			if f, err := detect(head, in.Name); err == nil && f != csvFormat {
				return AnalysisSpans
			}
			if ext == ".json" {
				return AnalysisSegmentation
			}
		}
		return headerAnalysis(in)
	}
	return ""
}

// dirAnalysis chooses the analysis of a directory: span data when it holds
// an annotation tool's files (a brat collection, a project export, XMI…),
// coreference for CoNLL-2012 files (by extension, or by the content of the
// first files of other extensions), else a corpus of unit files for γ.
func dirAnalysis(in *Input) string {
	kind := AnalysisGamma
	looked := 0
	fs.WalkDir(in.FS, in.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch strings.ToLower(path.Ext(p)) {
		case ".ann", ".xmi", ".tsv":
			kind = AnalysisSpans
			return fs.SkipAll
		case ".conll":
			kind = AnalysisCoref
			return fs.SkipAll
		case ".csv", ".rttm", ".eaf", ".textgrid", ".txt", ".json":
		default:
			// CoNLL by content (the scorer's .key and .response files)
			if looked < maxLooked && d.Type().IsRegular() {
				looked++
				if isCoNLLFile(in.FS, p) {
					kind = AnalysisCoref
					return fs.SkipAll
				}
			}
		}
		return nil
	})
	return kind
}

// maxLooked bounds the files whose content dirAnalysis looks at.
const maxLooked = 16

// headerAnalysis reads the first data line of a delimited file (within its
// first MiB).
func headerAnalysis(in *Input) string {
	data, err := in.Head(1 << 20)
	if err != nil {
		return AnalysisCoding
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sep := ","
		if strings.Count(line, "\t") > strings.Count(line, ",") {
			sep = "\t"
		}
		fields := strings.Split(strings.ToLower(line), sep)
		has := map[string]bool{}
		for _, fl := range fields {
			has[strings.TrimSpace(fl)] = true
		}
		switch {
		case has["source_start"] && has["target_start"]:
			return AnalysisRelations // the relation CSV
		case has["document"] && has["annotator"] && has["start"] && has["end"] && has["label"]:
			return AnalysisSpans // the span CSV (annotation model)
		case has["annotator"] && has["start"] && has["end"]:
			return AnalysisGamma
		case has["annotator"] && has["mention"] && has["chain"]:
			return AnalysisCoref
		case len(fields) == 3 && (isMasses(fields[2]) || segevalColumn(fields[2])):
			return AnalysisSegmentation
		case len(fields) == 4 && isNumber(fields[2]) && isNumber(fields[3]):
			return AnalysisGamma
		}
		return AnalysisCoding
	}
	return AnalysisCoding
}

// segevalColumn reports whether a header's third column names a boundary
// format of the SegEval CSV (formats/segeval: item,coder,masses, …).
func segevalColumn(s string) bool {
	switch strings.TrimSpace(s) {
	case "mass", "masses", "position", "positions", "sets", "set", "nltk", "boundaries", "boundary_string":
		return true
	}
	return false
}

func isMasses(s string) bool {
	parts := strings.Fields(s)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	var x float64
	_, err := fmt.Sscan(strings.TrimSpace(s), &x)
	return err == nil
}
