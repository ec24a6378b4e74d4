package formats

import (
	"bytes"

	"agree/annotation"
	"agree/formats/doccano"
	"agree/formats/labelstudio"
	"agree/formats/prodigy"
)

// labelstudio: Label Studio's JSON export (an array of tasks), and its
// JSON-MIN, CSV and TSV exports (one record per annotation).
var labelstudioFormat = &format{
	name: "labelstudio",
	exts: []string{".json", ".csv", ".tsv"},
	unit: annotation.CodePoint,
	sniff: func(head []byte, _ string) bool {
		head = bytes.TrimLeft(head, " \t\r\n")
		if len(head) == 0 {
			return false
		}
		if head[0] != '[' && head[0] != '{' {
			return labelstudio.IsTable(head) // CSV, TSV
		}
		return bytes.Contains(head, []byte(`"annotations"`)) || bytes.Contains(head, []byte(`"completions"`)) ||
			(bytes.Contains(head, []byte(`"data"`)) && bytes.Contains(head, []byte(`"predictions"`))) ||
			(bytes.Contains(head, []byte(`"annotator"`)) && bytes.Contains(head, []byte(`"annotation_id"`))) // JSON-MIN
	},
	read: func(data []byte, name string, _ *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		return labelstudio.ReadBytes(data, name, labelstudio.Options{Unit: unit})
	},
}

// firstLine returns the first non-blank line of a file's head.
func firstLine(head []byte) []byte {
	for _, l := range bytes.Split(head, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			return l
		}
	}
	return nil
}

// prodigy: prodigy db-out JSONL.
var prodigyFormat = &format{
	name: "prodigy",
	exts: []string{".jsonl", ".ndjson"},
	unit: annotation.CodePoint,
	sniff: func(head []byte, _ string) bool {
		l := firstLine(head)
		if len(l) == 0 || l[0] != '{' {
			return false
		}
		for _, k := range []string{`"_input_hash"`, `"_task_hash"`, `"_annotator_id"`, `"_session_id"`, `"_view_id"`} {
			if bytes.Contains(l, []byte(k)) {
				return true
			}
		}
		return false
	},
	read: func(data []byte, name string, _ *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		return prodigy.ReadBytes(data, name, prodigy.Options{Unit: unit})
	},
}

// doccano: doccano's JSONL (or JSON array) export, one file per member.
var doccanoFormat = &format{
	name: "doccano",
	exts: []string{".jsonl", ".json"},
	unit: doccano.DefaultUnit,
	sniff: func(head []byte, base string) bool {
		if doccano.Collaborative(base) {
			return true
		}
		l := firstLine(head)
		if doccano.IsArray(head) { // the JSON export: the first example, whatever the layout
			l = bytes.TrimLeft(bytes.TrimSpace(head)[1:], " \t\r\n")
		}
		if len(l) == 0 || l[0] != '{' || !bytes.Contains(l, []byte(`"text"`)) {
			return false
		}
		for _, k := range []string{`"label"`, `"labels"`, `"entities"`, `"cats"`} {
			if bytes.Contains(l, []byte(k)) {
				return true
			}
		}
		return false
	},
	read: func(data []byte, name string, _ *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		return doccano.ReadBytes(data, name, doccano.Options{Unit: unit})
	},
}
