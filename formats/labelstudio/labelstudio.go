// Package labelstudio reads Label Studio's JSON export (Export → JSON) into
// the annotation model, and its JSON-MIN, CSV and TSV exports (see
// min.go: one record per annotation, the results flattened).
//
// The export is a JSON array of tasks: {"id", "data": {…}, "annotations":
// [{"id", "completed_by", "result": [...], "was_cancelled"}], "predictions"}
// (Label Studio's "task format" documentation). Each task is a document named
// by its id; its text is data.text (or the one string field of data, or the
// field named by a region's to_name). Each annotation is one annotator's
// work: completed_by is a user id (an integer, written as such), or an
// object whose email (else id) names the annotator. In result:
//
//   - "labels" regions are spans: on a text, start and end are offsets into
//     the text (code points in Label Studio since 2021; older versions counted
//     UTF-16 units, hence Options.Unit), with value.text the covered text,
//     checked against the document; on audio (a media URL, or a region with
//     a channel), start and end are seconds. The layer is the control's
//     from_name; a region with several labels is one span per label;
//   - "choices" are document labels (layer from_name; several choices form a
//     set), as are "taxonomy" paths (joined by "/"), "rating" and "number";
//     choices given per region (their value has start/end) become an
//     attribute of that region's span, named after the control;
//   - "relation" results link two regions (from_id → to_id, reversed for
//     direction "left"), typed by their labels.
//
// Cancelled (skipped) annotations are left out and counted, predictions and
// drafts are ignored with a count, as are results of other types (boxes,
// text areas, HyperText regions). Every error names the file and the JSON
// path of what it concerns ("[3].annotations[0].result[2]").
package labelstudio

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/internal/csvio"
	"agree/internal/jsonx"
	"agree/internal/plural"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Unit is what text offsets count; Label Studio's documented unit is
	// code points (the zero value).
	Unit annotation.OffsetUnit
}

// Read reads a JSON export; name is the file name used in positions.
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

// ReadBytes is Read on the file's content.
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	rd := &reader{name: name, opt: opt, c: &annotation.Corpus{}, counts: map[string]int{}}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] != '[' && t[0] != '{' {
		if err := rd.readTable(data); err != nil {
			return nil, err
		}
		rd.notes()
		return rd.c, nil
	}
	doc, err := jsonx.Parse(data, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (want Label Studio's JSON export: an array of tasks)", name, err)
	}
	// a span per label of a "labels" region, which names "labels" twice
	// (type and value): room for the spans of regions with one label
	// without growing
	rd.c.Spans = make([]annotation.Span, 0, bytes.Count(data, []byte(`"labels"`))/2)
	root := doc.Root()
	switch root.Kind() {
	case jsonx.Object: // a single task (the API's task format)
		err = rd.task(root, -1)
	case jsonx.Array:
		var recs []minRecord // a JSON-MIN export
		root.Elems(func(i int, t jsonx.Value) bool {
			if i == 0 && IsMin(t) || recs != nil {
				recs = append(recs, minRecord{t, "[" + strconv.Itoa(i) + "]"})
				return true
			}
			err = rd.task(t, i)
			return err == nil
		})
		if err == nil && recs != nil {
			err = rd.min(recs)
		}
	default:
		return nil, fmt.Errorf("%s: a JSON %s (want Label Studio's JSON export: an array of tasks)", name, root.Kind())
	}
	if err != nil {
		return nil, err
	}
	rd.notes()
	return rd.c, nil
}

type reader struct {
	name   string
	opt    Options
	c      *annotation.Corpus
	counts map[string]int // what was skipped, by description
	seen   map[[2]int]string
	strs   jsonx.Interner // labels, layers and result types: one string each
	labels []string       // a region's labels, reused
}

func (rd *reader) pos(p string) annotation.Pos { return annotation.Pos{File: rd.name, Path: p} }

func (rd *reader) errorf(p, format string, args ...any) error {
	return position.Errorf(rd.name, 0, 0, "%s: %s", p, fmt.Sprintf(format, args...)).In(p)
}

// docInfo is what one task's regions need to know of its document.
type docInfo struct {
	d             int
	text          string
	hasText, used bool
	time          bool
	data          jsonx.Value
	offs          *annotation.Offsets
	fields        map[string]dataField
}

// dataField is a string field of a task's data.
type dataField struct {
	text      string
	ok, media bool
}

// field returns the string field name of the task's data (decoded once).
func (d *docInfo) field(name string) dataField {
	if f, ok := d.fields[name]; ok {
		return f
	}
	var f dataField
	if s, ok := d.data.Get(name).Str(); ok {
		f = dataField{text: s, ok: true, media: isMedia(s)}
	}
	if d.fields == nil {
		d.fields = map[string]dataField{}
	}
	d.fields[name] = f
	return f
}

func (rd *reader) task(t jsonx.Value, ti int) error {
	tp := "[" + strconv.Itoa(ti) + "]"
	if ti < 0 {
		tp = "$"
	}
	if t.Kind() != jsonx.Object {
		return rd.errorf(tp, "a JSON %s (want a task object)", t.Kind())
	}
	data, anns, comps := t.Get("data"), t.Get("annotations"), t.Get("completions")
	if !data.Exists() && !anns.Exists() && !comps.Exists() {
		return rd.errorf(tp, "not a Label Studio task (no data and no annotations)")
	}
	docName, ok := t.Get("id").Scalar()
	if !ok || docName == "" {
		docName = tp
	}
	doc := &docInfo{d: rd.c.Document(docName), data: data}
	// The text: data.text, or the single string field of data.
	if s, ok := data.Get("text").Str(); ok {
		if !isMedia(s) {
			doc.text, doc.hasText = s, true
		}
	} else {
		var strs []string
		data.Members(func(_ string, v jsonx.Value) bool {
			if s, ok := v.Str(); ok {
				strs = append(strs, s)
			}
			return true
		})
		if len(strs) == 1 && !isMedia(strs[0]) {
			doc.text, doc.hasText = strs[0], true
		}
	}
	rd.counts["prediction|ignored (only annotations are read)"] += t.Get("predictions").Len()
	rd.counts["draft|ignored"] += t.Get("drafts").Len()
	key := "annotations"
	if anns.Len() == 0 && comps.Len() > 0 {
		anns, key = comps, "completions"
	}
	if anns.Exists() && !anns.IsNull() && anns.Kind() != jsonx.Array {
		return rd.errorf(tp+"."+key, "a JSON %s (want an array of annotations)", anns.Kind())
	}
	var err error
	anns.Elems(func(ai int, a jsonx.Value) bool {
		err = rd.annotation(a, doc, tp+"."+key+"["+strconv.Itoa(ai)+"]")
		return err == nil
	})
	if err != nil {
		return err
	}
	if doc.hasText && !doc.time {
		if err := rd.c.SetText(doc.d, doc.text, rd.pos(tp+".data")); err != nil {
			return err
		}
	}
	if doc.time {
		rd.c.Documents[doc.d].Time = true
	}
	return nil
}

// isMedia reports whether a data field is a media reference (a URL or a
// path to an audio or video file) rather than a text.
func isMedia(s string) bool {
	head := strings.ToLower(s[:min(len(s), 16)])
	for _, p := range []string{"http://", "https://", "/data/", "s3://", "gs://", "azure-blob://", "data:audio", "data:video"} {
		if strings.HasPrefix(head, p) {
			return true
		}
	}
	if len(s) > 2048 || strings.ContainsAny(s, " \n") {
		return false
	}
	switch strings.ToLower(path.Ext(s)) {
	case ".wav", ".mp3", ".ogg", ".flac", ".m4a", ".aac", ".opus", ".mp4", ".webm", ".avi", ".mov", ".mkv":
		return true
	}
	return false
}

// annotator names the author of an annotation from completed_by.
func (rd *reader) annotator(v jsonx.Value, p string) (string, error) {
	if v.Kind() == jsonx.Object {
		if e, ok := v.Get("email").Str(); ok && e != "" {
			return e, nil
		}
		if id, ok := v.Get("id").Scalar(); ok && id != "" {
			return id, nil
		}
		return "", rd.errorf(p+".completed_by", "a user with neither email nor id")
	}
	s, ok := v.Scalar()
	if !ok || s == "" {
		return "", rd.errorf(p+".completed_by", "missing or not a user id (want an integer, or an object with id or email): the annotator is unknown")
	}
	return s, nil
}

func (rd *reader) annotation(a jsonx.Value, doc *docInfo, p string) error {
	if a.Kind() != jsonx.Object {
		return rd.errorf(p, "a JSON %s (want an annotation object)", a.Kind())
	}
	cancelled, _ := a.Get("was_cancelled").Bool()
	skipped, _ := a.Get("skipped").Bool()
	if cancelled || skipped {
		rd.counts["cancelled (skipped) annotation|excluded"]++
		return nil
	}
	who, err := rd.annotator(a.Get("completed_by"), p)
	if err != nil {
		return err
	}
	ann := rd.c.Annotator(who)
	if rd.seen == nil {
		rd.seen = map[[2]int]string{}
	}
	k := [2]int{doc.d, ann}
	if prev, dup := rd.seen[k]; dup {
		return rd.errorf(p, "annotator %q annotated task %q twice (also at %s); remove one annotation", who, rd.c.Documents[doc.d].Name, prev)
	}
	rd.seen[k] = p
	rd.c.MarkAnnotated(doc.d, ann)
	res := a.Get("result")
	if res.Exists() && !res.IsNull() && res.Kind() != jsonx.Array {
		return rd.errorf(p+".result", "a JSON %s (want an array of results)", res.Kind())
	}
	byRegion := map[string]int{} // region id → first span index
	type later struct {
		v jsonx.Value
		p string
	}
	var perRegion, relations []later
	res.Elems(func(ri int, r jsonx.Value) bool {
		rp := p + ".result[" + strconv.Itoa(ri) + "]"
		if r.Kind() != jsonx.Object {
			err = rd.errorf(rp, "a JSON %s (want a result object)", r.Kind())
			return false
		}
		v := r.Get("value")
		if v.Exists() && v.Kind() != jsonx.Object {
			err = rd.errorf(rp+".value", "a JSON %s (want an object)", v.Kind())
			return false
		}
		from := rd.str(r.Get("from_name"))
		switch typ := rd.str(r.Get("type")); typ {
		case "labels":
			err = rd.region(v, str(r.Get("id")), str(r.Get("to_name")), rd.str(r.Get("from_name")), doc, ann, rp, byRegion)
		case "choices":
			if v.Get("start").Exists() {
				perRegion = append(perRegion, later{r, rp})
				break
			}
			err = rd.strings(v.Get("choices"), rp+".value.choices", func(ch string) { rd.label(doc.d, ann, from, ch, rp) })
		case "taxonomy":
			err = rd.taxonomy(v.Get("taxonomy"), rp+".value.taxonomy", doc.d, ann, from, rp)
		case "rating", "number":
			if x, ok := v.Get(typ).Float(); ok {
				rd.label(doc.d, ann, from, strconv.FormatFloat(x, 'f', -1, 64), rp)
			}
		case "relation":
			relations = append(relations, later{r, rp})
		default:
			if typ == "" {
				typ = "(no type)"
			}
			rd.counts[fmt.Sprintf("%q result|ignored", typ)]++
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	for _, l := range perRegion {
		i, ok := byRegion[str(l.v.Get("id"))]
		if !ok {
			rd.counts["per-region choice|on regions that are not spans ignored"]++
			continue
		}
		var vals []string
		if err := rd.strings(l.v.Get("value").Get("choices"), l.p+".value.choices", func(s string) { vals = append(vals, s) }); err != nil {
			return err
		}
		sort.Strings(vals)
		s := &rd.c.Spans[i]
		if s.Attrs == nil {
			s.Attrs = map[string]string{}
		}
		s.Attrs[str(l.v.Get("from_name"))] = strings.Join(vals, "|")
	}
	for _, l := range relations {
		src, ok1 := byRegion[str(l.v.Get("from_id"))]
		dst, ok2 := byRegion[str(l.v.Get("to_id"))]
		if !ok1 || !ok2 {
			rd.counts["relation|between regions that are not spans ignored"]++
			continue
		}
		if str(l.v.Get("direction")) == "left" {
			src, dst = dst, src
		}
		var types []string
		if err := rd.strings(l.v.Get("labels"), l.p+".labels", func(s string) { types = append(types, s) }); err != nil {
			return err
		}
		if len(types) == 0 {
			types = []string{""}
		}
		for _, ty := range types {
			rd.c.Relations = append(rd.c.Relations, annotation.Relation{Doc: doc.d, Annotator: ann, Source: src, Target: dst, Type: ty, Pos: rd.pos(l.p)})
		}
	}
	return nil
}

// str returns a string value, or "" for anything else.
func str(v jsonx.Value) string {
	s, _ := v.Str()
	return s
}

// str is the package's str through the reader's interner, for strings that
// repeat.
func (rd *reader) str(v jsonx.Value) string {
	s, _ := rd.strs.Str(v)
	return s
}

// strings calls f for each string of an array (missing or null: none);
// anything else is an error at p.
func (rd *reader) strings(v jsonx.Value, p string, f func(string)) error {
	if v.IsNull() {
		return nil
	}
	if v.Kind() != jsonx.Array {
		return rd.errorf(p, "a JSON %s (want an array of strings)", v.Kind())
	}
	var err error
	v.Elems(func(i int, e jsonx.Value) bool {
		s, ok := rd.strs.Str(e)
		if !ok {
			err = rd.errorf(fmt.Sprintf("%s[%d]", p, i), "a JSON %s (want a string)", e.Kind())
			return false
		}
		f(s)
		return true
	})
	return err
}

// taxonomy reads the paths of a "taxonomy" result (at p, of the result at
// rp) as labels, each path's parts joined by "/".
func (rd *reader) taxonomy(v jsonx.Value, p string, d, a int, layer, rp string) error {
	var err error
	v.Elems(func(i int, path jsonx.Value) bool {
		var parts []string
		err = rd.strings(path, fmt.Sprintf("%s[%d]", p, i), func(s string) { parts = append(parts, s) })
		if err == nil {
			rd.label(d, a, layer, strings.Join(parts, "/"), rp)
		}
		return err == nil
	})
	return err
}

func (rd *reader) label(d, a int, layer, value, p string) {
	rd.c.Labels = append(rd.c.Labels, annotation.Label{Doc: d, Annotator: a, Layer: layer, Value: value, Pos: rd.pos(p)})
}

// region reads the value v of a "labels" result as spans: id is the
// region's id, toName the object it is on (the data field), layer the
// control's name.
func (rd *reader) region(v jsonx.Value, id, toName, layer string, doc *docInfo, ann int, p string, byRegion map[string]int) error {
	sv, ev := v.Get("start"), v.Get("end")
	if !sv.Exists() || !ev.Exists() {
		return rd.errorf(p+".value", "a labels region needs start and end")
	}
	if sv.Kind() == jsonx.String || ev.Kind() == jsonx.String {
		rd.counts["HyperText region|(XPath offsets) ignored"]++
		return nil
	}
	start, ok := sv.Float()
	if !ok {
		return rd.errorf(p+".value.start", "%s is not a number", sv.Excerpt())
	}
	end, ok := ev.Float()
	if !ok {
		return rd.errorf(p+".value.end", "%s is not a number", ev.Excerpt())
	}
	labels := rd.labels[:0]
	err := rd.strings(v.Get("labels"), p+".value.labels", func(s string) { labels = append(labels, s) })
	rd.labels = labels
	if err != nil {
		return err
	}
	if len(labels) == 0 {
		rd.counts["region|without a label skipped"]++
		return nil
	}
	tv := v.Get("text")
	covered, hasCovered := tv.Str()
	if tv.Exists() && !tv.IsNull() && !hasCovered {
		return rd.errorf(p+".value.text", "a JSON %s (want the covered text, a string)", tv.Kind())
	}
	// Text or time? The object the region is on, the region itself, then
	// the task's text decide.
	time := v.Get("channel").Exists()
	text, hasText := doc.text, doc.hasText
	if f := doc.field(toName); f.ok {
		if f.media {
			time = true
		} else {
			text, hasText = f.text, true
		}
	}
	if !time && !hasText && !hasCovered && (start != math.Trunc(start) || end != math.Trunc(end)) {
		time = true
	}
	if time {
		if doc.used && !doc.time {
			return rd.errorf(p, "an audio/video region in a task that has text regions too (one task is one document: text or time, not both)")
		}
		doc.time = true
	} else {
		if doc.time {
			return rd.errorf(p, "a text region in a task that has audio/video regions too (one task is one document: text or time, not both)")
		}
		if hasText && doc.hasText && text != doc.text {
			if doc.used {
				return rd.errorf(p, "regions on two different texts of one task (data fields); one task is one document")
			}
			doc.offs = nil
		}
		if err := annotation.CheckBounds(start, end, false); err != nil {
			return rd.errorf(p+".value", "%v", err)
		}
		if hasText {
			if doc.offs == nil {
				var err error
				if doc.offs, err = annotation.NewOffsets(text, rd.opt.Unit); err != nil {
					return rd.errorf(p, "%v", err)
				}
			}
			s, err := doc.offs.CodePoint(int(start))
			if err != nil {
				return rd.errorf(p+".value.start", "%v%s", err, rd.unitHint())
			}
			e, err := doc.offs.CodePoint(int(end))
			if err != nil {
				return rd.errorf(p+".value.end", "%v%s", err, rd.unitHint())
			}
			if hasCovered && !annotation.SameText(doc.offs.Text(s, e), covered) {
				return rd.errorf(p, "region %s [%v, %v) covers %s in the text, but the file gives %s%s",
					id, start, end, csvio.Quote(doc.offs.Text(s, e)), csvio.Quote(covered), rd.unitHint())
			}
			start, end = float64(s), float64(e)
			doc.text, doc.hasText = text, true
		}
	}
	doc.used = true
	if err := annotation.CheckBounds(start, end, time); err != nil {
		return rd.errorf(p+".value", "%v", err)
	}
	if len(labels) > 1 {
		rd.counts["region|with several labels read as one span per label"]++
	}
	for k, l := range labels {
		s := annotation.Span{Doc: doc.d, Annotator: ann, ID: id, Start: start, End: end, Label: l, Layer: layer, Text: covered, Pos: rd.pos(p)}
		if k > 0 && id != "" {
			s.ID = id + "#" + strconv.Itoa(k+1)
		}
		if _, ok := byRegion[id]; !ok && id != "" {
			byRegion[id] = len(rd.c.Spans)
		}
		rd.c.Spans = append(rd.c.Spans, s)
	}
	return nil
}

// notes says what was left out, from counts keyed "noun|what happened".
func (rd *reader) notes() {
	var keys []string
	for k, n := range rd.counts {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		noun, rest, _ := strings.Cut(k, "|")
		rd.c.Notes = append(rd.c.Notes, fmt.Sprintf("%s: labelstudio: %s %s", rd.name, plural.Count(rd.counts[k], noun), rest))
	}
}

// unitHint reminds of the offset unit in an error about offsets.
func (rd *reader) unitHint() string {
	return fmt.Sprintf(" (offsets read as %s; is that the unit of this export? Options.OffsetUnit sets it)", rd.opt.Unit)
}
