package formats

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"agree/annotation"
	"agree/formats/internal/tiers"
	"agree/formats/units"
	"agree/internal/csvio"
	"agree/position"
	"agree/unitizing"
)

func checkTiers(spec string) error {
	_, err := tiers.Parse(spec)
	return err
}

// csv: the span CSV (header document,annotator,start,end,label…), the
// relation CSV (document,annotator,source_start,…,relation) or the unit
// CSV annotator,category,start,end that gamma and unitizing have always
// read (one document per file, named after the file).
var csvFormat = &format{
	name: "csv",
	exts: []string{".csv"},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		if IsSpanCSV(data) {
			return annotation.ReadCSVBytes(data, name)
		}
		if IsRelationCSV(data) {
			return annotation.ReadRelationCSV(bytes.NewReader(data), name)
		}
		if err := otherSeparator(data, name); err != nil {
			return nil, err
		}
		rd := units.Reader{DropZeroLength: o.DropZeroLength, Warn: o.Warn}
		c, err := rd.ReadCSV(bytes.NewReader(data), name)
		if err != nil {
			return nil, err
		}
		return FromContinuum(c, name), nil
	},
}

// otherSeparator refuses a CSV file whose first record is one field
// holding semicolons or tabs: the span, relation and unit CSVs read here
// are comma-separated, and no option of this dispatch sets another
// separator (the unit reader's own message would suggest --sep, which
// only gamma's and unitizing's reading of unit files has).
func otherSeparator(data []byte, name string) error {
	cr := csvio.NewReader(bytes.NewReader(data), name)
	cr.SkipBlank = true
	rec, line, err := cr.Next()
	if err != nil || len(rec) != 1 {
		return nil
	}
	for _, sep := range []string{";", "\t"} {
		if strings.Contains(rec[0], sep) {
			return position.Separator(name, line, 0, "1 field, but the line holds %q: the span, relation and unit CSV files are comma-separated (convert the file, e.g. tr '%s' ',')", sep, map[string]string{";": ";", "\t": `\t`}[sep])
		}
	}
	return nil
}

// rttm: NIST RTTM SPEAKER lines, one document per file (the file id field
// names the annotator, the speaker the label), as gamma reads them.
var rttmFormat = &format{
	name: "rttm",
	exts: []string{".rttm"},
	sure: []string{".rttm"},
	sniff: func(head []byte, _ string) bool {
		for _, line := range bytes.Split(head, []byte("\n")) {
			line = bytes.TrimSpace(line)
			if len(line) == 0 || line[0] == '#' || bytes.HasPrefix(line, []byte(";;")) {
				continue
			}
			return bytes.HasPrefix(line, []byte("SPEAKER ")) || bytes.HasPrefix(line, []byte("SPEAKER\t"))
		}
		return false
	},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		rd := units.Reader{DropZeroLength: o.DropZeroLength, Warn: o.Warn}
		c, err := rd.ReadRTTM(bytes.NewReader(data), name)
		if err != nil {
			return nil, err
		}
		return FromContinuum(c, name), nil
	},
}

// jsonl: the model's own JSONL (annotation.WriteJSONL).
var jsonlFormat = &format{
	name: "jsonl",
	exts: []string{".jsonl", ".ndjson"},
	sniff: func(head []byte, _ string) bool {
		line, _, _ := bytes.Cut(bytes.TrimLeft(head, " \t\r\n"), []byte("\n"))
		switch recordType(line) {
		case "annotator", "document", "span", "label", "relation", "note":
			return true
		}
		return false
	},
	read: func(data []byte, name string, _ *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		return annotation.ReadJSONLBytes(data, name)
	},
}

// recordType returns the "type" member of the JSON object that line
// starts, or "": the members before it are read as tokens, so that a
// record cut by the sniffer's limit (a document with a long text) is
// still recognised when "type" comes before the cut.
func recordType(line []byte) string {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return ""
		}
		if k == "type" {
			v, err := dec.Token()
			if s, ok := v.(string); ok && err == nil {
				return s
			}
			return ""
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
	return ""
}

// IsSpanCSV reports whether a CSV file's first record is the span CSV's
// header (annotation.IsSpanCSVHeader), rather than the unit CSV's.
func IsSpanCSV(data []byte) bool {
	cr := csvio.NewReader(bytes.NewReader(data), "")
	cr.SkipBlank = true
	rec, _, err := cr.Next()
	if err == io.EOF || err != nil {
		return false
	}
	return annotation.IsSpanCSVHeader(rec)
}

// IsRelationCSV reports whether a CSV file's first record is the relation
// CSV's header (annotation.IsRelationCSVHeader).
func IsRelationCSV(data []byte) bool {
	cr := csvio.NewReader(bytes.NewReader(data), "")
	cr.SkipBlank = true
	rec, _, err := cr.Next()
	return err == nil && annotation.IsRelationCSVHeader(rec)
}

// FromContinuum returns a one-document corpus (the document named name, a
// time continuum) holding the units of c, its annotators in c's order.
func FromContinuum(c unitizing.Continuum, name string) *annotation.Corpus {
	out := &annotation.Corpus{}
	d := out.Document(name)
	out.Documents[d].Time = true
	ann := make([]int, len(c.Annotators))
	for i, a := range c.Annotators {
		ann[i] = out.Annotator(a)
		out.MarkAnnotated(d, ann[i])
	}
	out.Spans = make([]annotation.Span, 0, len(c.Units))
	for _, u := range c.Units {
		out.Spans = append(out.Spans, annotation.Span{Doc: d, Annotator: ann[u.Annotator], Start: u.Start, End: u.End,
			Label: u.Category, Pos: annotation.Pos{File: name}})
	}
	return out
}
