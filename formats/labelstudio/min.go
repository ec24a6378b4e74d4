package labelstudio

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/internal/csvio"
	"agree/internal/jsonx"
)

// The JSON-MIN and CSV exports (Export → JSON-MIN, CSV, TSV) flatten each
// annotation into one record (label-studio-converter's convert_to_json_min
// and convert_to_csv): the task's data fields, "id" (the task), one member
// per control (its from_name) holding the control's results, and
// "annotator" (the user's id, or email), "annotation_id", "created_at",
// "updated_at", "lead_time". A control's results are flattened: a "labels"
// region is its value {"start", "end", "text", "labels"} (a list of them);
// a choice is the chosen string when there is one, else a list of
// {"choices": […]}; relations are not exported. The CSV writes the same
// records, one per row, a list or object as its JSON text; the TSV is the
// CSV with tabs.
//
// Which members are the task's data and which are results is not written
// down: the metadata above are neither; a list of regions is a result; a
// string member is data when its value is the same in every record of a
// task and no two tasks share it (a text; a member named "text" always),
// else a choice. The document's text, for the regions' offsets, is the
// data member "text", or the only data member, or the one that holds the
// regions' covered texts at their offsets.

// metaKeys are the members of a JSON-MIN or CSV record that are neither
// the task's data nor results.
var metaKeys = map[string]bool{
	"id": true, "annotator": true, "annotation_id": true, "created_at": true, "updated_at": true,
	"lead_time": true, "agreement": true, "draft_id": true, "project": true, "inner_id": true,
	"total_annotations": true, "cancelled_annotations": true, "total_predictions": true,
	"comment_count": true, "unresolved_comment_count": true, "last_action": true, "updated_by": true,
	"completed_by": true, "file_upload": true, "drafts": true, "predictions": true, "meta": true,
}

// IsMin reports whether v, an element of an export's array, is a JSON-MIN
// record (it names its annotator or annotation) rather than a task.
func IsMin(v jsonx.Value) bool {
	return !v.Get("annotations").Exists() && !v.Get("completions").Exists() && !v.Get("data").Exists() &&
		(v.Get("annotator").Exists() || v.Get("annotation_id").Exists())
}

// IsTable reports whether a file's first line is the header of a CSV or
// TSV export: it has the columns annotator and annotation_id.
func IsTable(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	line, _, _ := bytes.Cut(head, []byte("\n"))
	comma := byte(',')
	if bytes.Count(line, []byte("\t")) > bytes.Count(line, []byte(",")) {
		comma = '\t'
	}
	has := map[string]bool{}
	for _, f := range bytes.Split(bytes.TrimRight(line, "\r"), []byte{comma}) {
		has[strings.Trim(string(bytes.TrimSpace(f)), `"`)] = true
	}
	return has["annotator"] && has["annotation_id"]
}

// minRecord is one record of a JSON-MIN or CSV export: the record as a
// JSON object, and where it was read ("[3]", "line 4").
type minRecord struct {
	v jsonx.Value
	p string
}

// readTable reads a CSV or TSV export: each row becomes a JSON-MIN record
// (a cell holding a JSON list or object is that value, an empty cell is
// left out, any other cell is a string).
func (rd *reader) readTable(data []byte) error {
	// encoding/csv as it is: a cell keeps its leading spaces (a text's
	// offsets count them) and a TSV its empty cells
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	cr.FieldsPerRecord = -1
	if line, _, _ := bytes.Cut(data, []byte("\n")); bytes.Count(line, []byte("\t")) > bytes.Count(line, []byte(",")) {
		cr.Comma = '\t'
	}
	header, err := cr.Read()
	if err == io.EOF {
		return fmt.Errorf("%s: empty file (want Label Studio's CSV export)", rd.name)
	}
	if err != nil {
		return csvio.Wrap(rd.name, err)
	}
	var obj bytes.Buffer
	obj.WriteByte('[')
	var lines []int
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return csvio.Wrap(rd.name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(lines) > 0 {
			obj.WriteByte(',')
		}
		lines = append(lines, line)
		obj.WriteByte('{')
		n := 0
		for i, cell := range rec {
			if i >= len(header) || cell == "" {
				continue
			}
			if n > 0 {
				obj.WriteByte(',')
			}
			n++
			k, _ := json.Marshal(header[i])
			obj.Write(k)
			obj.WriteByte(':')
			if t := strings.TrimSpace(cell); (strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{")) && json.Valid([]byte(t)) {
				obj.WriteString(t)
				continue
			}
			v, _ := json.Marshal(cell)
			obj.Write(v)
		}
		obj.WriteByte('}')
	}
	obj.WriteByte(']')
	doc, err := jsonx.Parse(obj.Bytes(), nil)
	if err != nil {
		return fmt.Errorf("%s: %v", rd.name, err) // cannot happen: the text was made valid
	}
	recs := make([]minRecord, 0, len(lines))
	doc.Root().Elems(func(i int, v jsonx.Value) bool {
		recs = append(recs, minRecord{v, "line " + strconv.Itoa(lines[i])})
		return true
	})
	return rd.min(recs)
}

// min reads the records of a JSON-MIN or CSV export.
func (rd *reader) min(recs []minRecord) error {
	// the task of each record, and which string members are data
	tasks := make([]string, len(recs))
	for i, r := range recs {
		if r.v.Kind() != jsonx.Object {
			return rd.errorf(r.p, "a JSON %s (want a record of the JSON-MIN export)", r.v.Kind())
		}
		if id, ok := r.v.Get("id").Scalar(); ok && id != "" {
			tasks[i] = id
		} else {
			return rd.errorf(r.p, "a record without the task's id (Label Studio's JSON-MIN and CSV exports have an id)")
		}
	}
	data := dataMembers(recs, tasks)
	seen := map[[2]int]string{}
	for i, r := range recs {
		who, ok := r.v.Get("annotator").Scalar()
		if !ok || who == "" {
			return rd.errorf(r.p, "a record without its annotator (the export's annotator column is empty: the annotator is unknown)")
		}
		doc := &docInfo{d: rd.c.Document(tasks[i]), data: r.v}
		ann := rd.c.Annotator(who)
		k := [2]int{doc.d, ann}
		if prev, dup := seen[k]; dup {
			return rd.errorf(r.p, "annotator %q annotated task %q twice (also at %s); remove one annotation", who, tasks[i], prev)
		}
		seen[k] = r.p
		rd.c.MarkAnnotated(doc.d, ann)
		if err := rd.minText(r, doc, data); err != nil {
			return err
		}
		var err error
		byRegion := map[string]int{}
		r.v.Members(func(key string, v jsonx.Value) bool {
			if metaKeys[key] || data[key] {
				return true
			}
			p := r.p + "." + key
			switch v.Kind() {
			case jsonx.String, jsonx.Number:
				s, _ := v.Scalar()
				rd.label(doc.d, ann, key, s, p)
			case jsonx.Array:
				v.Elems(func(j int, e jsonx.Value) bool {
					err = rd.minResult(e, key, doc, ann, p+"["+strconv.Itoa(j)+"]", byRegion)
					return err == nil
				})
			case jsonx.Object:
				err = rd.minResult(v, key, doc, ann, p, byRegion)
			}
			return err == nil
		})
		if err != nil {
			return err
		}
		if doc.hasText && !doc.time {
			if err := rd.c.SetText(doc.d, doc.text, rd.pos(r.p)); err != nil {
				return err
			}
		}
		if doc.time {
			rd.c.Documents[doc.d].Time = true
		}
	}
	return nil
}

// minResult reads one flattened result of control key: a region (start,
// end, labels), choices, a taxonomy, a rating or number, or a string.
func (rd *reader) minResult(e jsonx.Value, key string, doc *docInfo, ann int, p string, byRegion map[string]int) error {
	switch e.Kind() {
	case jsonx.String, jsonx.Number:
		s, _ := e.Scalar()
		rd.label(doc.d, ann, key, s, p)
		return nil
	case jsonx.Object:
	default:
		return rd.errorf(p, "a JSON %s (want a region, choices or a label)", e.Kind())
	}
	switch {
	case e.Get("start").Exists() && e.Get("labels").Exists():
		return rd.region(e, str(e.Get("id")), "", key, doc, ann, p, byRegion)
	case e.Get("choices").Exists():
		return rd.strings(e.Get("choices"), p+".choices", func(ch string) { rd.label(doc.d, ann, key, ch, p) })
	case e.Get("taxonomy").Exists():
		return rd.taxonomy(e.Get("taxonomy"), p+".taxonomy", doc.d, ann, key, p)
	}
	for _, typ := range []string{"rating", "number"} {
		if x, ok := e.Get(typ).Float(); ok {
			rd.label(doc.d, ann, key, strconv.FormatFloat(x, 'f', -1, 64), p)
			return nil
		}
	}
	rd.counts["flattened result|of another kind ignored"]++
	return nil
}

// dataMembers returns the string members of the records that are the
// tasks' data rather than choices: "text", and those whose value is the
// same in every record of a task and differs from task to task (in two or
// more tasks).
func dataMembers(recs []minRecord, tasks []string) map[string]bool {
	value := map[string]map[string]string{} // member → task → value
	bad := map[string]bool{}
	for i, r := range recs {
		r.v.Members(func(key string, v jsonx.Value) bool {
			if metaKeys[key] || bad[key] {
				return true
			}
			s, ok := v.Str()
			if !ok {
				bad[key] = true
				return true
			}
			if value[key] == nil {
				value[key] = map[string]string{}
			}
			if prev, ok := value[key][tasks[i]]; ok && prev != s {
				bad[key] = true // differs within a task: a choice
				return true
			}
			value[key][tasks[i]] = s
			return true
		})
	}
	out := map[string]bool{}
	for key, byTask := range value {
		if bad[key] {
			continue
		}
		if key == "text" {
			out[key] = true
			continue
		}
		distinct := map[string]bool{}
		for _, s := range byTask {
			distinct[s] = true
		}
		if len(byTask) >= 2 && len(distinct) == len(byTask) {
			out[key] = true
		}
	}
	return out
}

// minText finds the record's document text among its data members: "text"
// (unless a media reference), the only one, or the one holding the covered
// text of the first region at its offsets.
func (rd *reader) minText(r minRecord, doc *docInfo, data map[string]bool) error {
	var names []string
	for k := range data {
		if s, ok := r.v.Get(k).Str(); ok && !isMedia(s) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	pick := func(k string) {
		doc.text, doc.hasText = str(r.v.Get(k)), true
	}
	switch {
	case len(names) == 0:
		return nil
	case data["text"] && !isMedia(str(r.v.Get("text"))):
		pick("text")
		return nil
	case len(names) == 1:
		pick(names[0])
		return nil
	}
	// several texts: the one where a region's covered text is
	var region jsonx.Value
	r.v.Members(func(key string, v jsonx.Value) bool {
		v.Elems(func(_ int, e jsonx.Value) bool {
			if e.Get("start").Exists() && e.Get("text").Exists() {
				region = e
			}
			return !region.Exists()
		})
		return !region.Exists()
	})
	if !region.Exists() {
		return nil
	}
	s, ok1 := region.Get("start").Float()
	e, ok2 := region.Get("end").Float()
	covered, _ := region.Get("text").Str()
	for _, k := range names {
		offs, err := annotation.NewOffsets(str(r.v.Get(k)), rd.opt.Unit)
		if err != nil || !ok1 || !ok2 || s < 0 || e < s {
			continue
		}
		cs, err1 := offs.CodePoint(int(s))
		ce, err2 := offs.CodePoint(int(e))
		if err1 == nil && err2 == nil && annotation.SameText(offs.Text(cs, ce), covered) {
			pick(k)
			return nil
		}
	}
	return nil
}
