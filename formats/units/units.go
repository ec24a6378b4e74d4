package units

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/internal/plural"
	"agree/position"
	"agree/unitizing"
)

// ReadCSV reads one continuum from CSV records "annotator,category,start,end".
// A first row whose start or end cell is not a number is taken as a header;
// its cells then name the columns (annotator, category, start, end; the
// aliases coder/rater, label, begin and stop are accepted). Blank lines and
// lines starting with '#' are skipped. name is used in errors and as the
// continuum's name.
func ReadCSV(r io.Reader, name string) (unitizing.Continuum, error) {
	return Reader{}.ReadCSV(r, name)
}

// Reader reads unit files with options; the zero value is strict and is
// what the package-level functions use.
type Reader struct {
	// DropZeroLength skips units with start = end instead of failing (a
	// unit must have start < end; pygamma's own 2by5000.csv holds two such
	// units). Each skipped unit is reported to Warn with its file and line.
	// Units with start > end or non-numbers are still errors.
	DropZeroLength bool
	// Comma is the CSV field separator (0: ',').
	Comma rune
	// Warn receives warnings; nil discards them.
	Warn func(msg string)
}

func (rd Reader) skip(start, end float64, where string) bool {
	if rd.DropZeroLength && start == end {
		if rd.Warn != nil {
			rd.Warn(fmt.Sprintf("%s: zero-length unit at %v skipped", where, start))
		}
		return true
	}
	return false
}

// ReadCSV is ReadCSV with the reader's options.
func (rd Reader) ReadCSV(r io.Reader, name string) (unitizing.Continuum, error) {
	c := unitizing.Continuum{Name: name}
	br := bufio.NewReader(r)
	if err := sniff(br, name); err != nil {
		return c, err
	}
	cr := csvio.NewReader(br, name)
	if rd.Comma != 0 {
		cr.SetComma(rd.Comma)
	}
	cr.ReuseRecord()
	col := [4]int{0, 1, 2, 3} // annotator, category, start, end
	header := false
	first := true
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c, err
		}
		if first {
			first = false
			if len(rec) > 0 {
				rec[0] = strings.TrimPrefix(rec[0], "\ufeff") // byte-order mark (Excel)
			}
			if isHeader(rec) {
				if err := headerColumns(rec, &col); err != nil {
					return c, position.Errorf(name, line, 0, "%w", err)
				}
				header = true
				continue
			}
		}
		need := max(col[0], col[1], col[2], col[3]) + 1
		if len(rec) < need {
			if len(rec) == 1 && (rd.Comma == 0 || rd.Comma == ',') {
				for _, sep := range []string{";", "\t", "|"} {
					if strings.Contains(rec[0], sep) {
						return c, position.Separator(name, line, 0, "1 field, but the line holds %q: is %q the separator? (agree: Reader.Comma %q)", sep, sep, sep)
					}
				}
			}
			return c, position.Errorf(name, line, 0, "%s; want annotator,category,start,end", plural.Count(len(rec), "field"))
		}
		if !header && len(rec) > 4 {
			return c, position.Errorf(name, line, 0, "%d fields; want 4 (annotator,category,start,end) or a header row naming the columns", len(rec))
		}
		ann := strings.TrimSpace(rec[col[0]])
		if ann == "" {
			_, cn := cr.FieldPos(col[0])
			return c, position.Errorf(name, line, cn, "empty annotator name")
		}
		var bounds [2]float64
		for k, ci := range col[2:] {
			v, err := strconv.ParseFloat(strings.TrimSpace(rec[ci]), 64)
			if err != nil && !isRangeError(err) {
				_, cn := cr.FieldPos(ci)
				return c, position.Errorf(name, line, cn, "%s %s is not a number", [2]string{"start", "end"}[k], csvio.Quote(rec[ci]))
			}
			bounds[k] = v
		}
		if rd.skip(bounds[0], bounds[1], fmt.Sprintf("%s:%d", name, line)) {
			continue
		}
		if err := unitizing.CheckSpan(bounds[0], bounds[1]); err != nil {
			return c, position.Errorf(name, line, 0, "%w", err)
		}
		c.Units = append(c.Units, unitizing.Unit{
			Annotator: c.AnnotatorIndex(ann),
			Category:  strings.TrimSpace(rec[col[1]]),
			Start:     bounds[0],
			End:       bounds[1],
		})
	}
	if len(c.Units) == 0 {
		return c, position.Errorf(name, 0, 0, "no units (empty file)")
	}
	return c, nil
}

// isRangeError reports a number too large for a float64 ("1e999"):
// ParseFloat returns ±Inf with it, which CheckSpan then refuses with the
// reason.
func isRangeError(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange)
}

// sniff refuses, with a helpful message, files of the annotation tools
// whose readers are not here but in package formats: ELAN (.eaf, XML) and
// Praat TextGrid (they reach this reader only when given as unit CSV).
func sniff(br *bufio.Reader, name string) error {
	head, _ := br.Peek(512)
	s := strings.TrimPrefix(string(head), "\ufeff")
	s = strings.TrimLeft(s, " \t\r\n")
	switch {
	case strings.HasPrefix(s, "<?xml") && strings.Contains(s, "ANNOTATION_DOCUMENT") || strings.HasPrefix(s, "<ANNOTATION_DOCUMENT"):
		return position.Errorf(name, 0, 0, "this looks like an ELAN file (.eaf XML), not a unit CSV (annotator,category,start,end) or RTTM: read it with Options.Format eaf")
	case strings.HasPrefix(s, "<?xml") || strings.HasPrefix(s, "<"):
		return position.Errorf(name, 0, 0, "this looks like an XML file; unit files are CSV (annotator,category,start,end) or RTTM")
	case strings.HasPrefix(s, "File type = \"ooTextFile\"") || strings.Contains(s, "\"TextGrid\""):
		return position.Errorf(name, 0, 0, "this looks like a Praat TextGrid, not a unit CSV (annotator,category,start,end) or RTTM: read it with Options.Format textgrid")
	}
	return nil
}

func isHeader(rec []string) bool {
	if len(rec) < 4 {
		return false
	}
	for _, f := range rec {
		if columnOf(f) >= 0 {
			// a cell naming a column, and at least one numeric cell missing
			_, e1 := strconv.ParseFloat(strings.TrimSpace(rec[2]), 64)
			_, e2 := strconv.ParseFloat(strings.TrimSpace(rec[3]), 64)
			return e1 != nil || e2 != nil
		}
	}
	return false
}

func columnOf(h string) int {
	switch strings.ToLower(strings.TrimSpace(h)) {
	case "annotator", "coder", "rater":
		return 0
	case "category", "label":
		return 1
	case "start", "begin":
		return 2
	case "end", "stop":
		return 3
	}
	return -1
}

func headerColumns(rec []string, col *[4]int) error {
	*col = [4]int{-1, -1, -1, -1}
	for i, h := range rec {
		if k := columnOf(h); k >= 0 {
			if col[k] >= 0 {
				return fmt.Errorf("header: column %s appears twice", csvio.Quote(h))
			}
			col[k] = i
		}
	}
	for k, ci := range col {
		if ci < 0 {
			return fmt.Errorf("header %s: no %s column (want annotator, category, start, end)", csvio.Quote(strings.Join(rec, ",")), [4]string{"annotator", "category", "start", "end"}[k])
		}
	}
	return nil
}

// ReadRTTM reads one continuum from RTTM "SPEAKER" lines (other line types
// are skipped): the file id (field 2) is the annotator, the speaker name
// (field 8) the category, the unit spans [onset, onset+duration) (fields 4
// and 5).
func ReadRTTM(r io.Reader, name string) (unitizing.Continuum, error) {
	return Reader{}.ReadRTTM(r, name)
}

// ReadRTTM is ReadRTTM with the reader's options.
func (rd Reader) ReadRTTM(r io.Reader, name string) (unitizing.Continuum, error) {
	c := unitizing.Continuum{Name: name}
	br := bufio.NewReader(r)
	if err := sniff(br, name); err != nil {
		return c, err
	}
	sc := limits.Scanner(br)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") || f[0] != "SPEAKER" {
			continue
		}
		if len(f) < 8 {
			return c, position.Errorf(name, line, 0, "%d fields; an RTTM SPEAKER line has at least 8 (type file channel onset duration ortho stype name)", len(f))
		}
		on, err := strconv.ParseFloat(f[3], 64)
		if err != nil {
			return c, position.Errorf(name, line, 0, "field 4 (onset) %s is not a number", csvio.Quote(f[3]))
		}
		dur, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			return c, position.Errorf(name, line, 0, "field 5 (duration) %s is not a number", csvio.Quote(f[4]))
		}
		if rd.skip(on, on+dur, fmt.Sprintf("%s:%d", name, line)) {
			continue
		}
		if err := unitizing.CheckSpan(on, on+dur); err != nil {
			return c, position.Errorf(name, line, 0, "onset %v, duration %v: %w", on, dur, err)
		}
		cat := f[7]
		if cat == "<NA>" {
			cat = ""
		}
		c.Units = append(c.Units, unitizing.Unit{Annotator: c.AnnotatorIndex(f[1]), Category: cat, Start: on, End: on + dur})
	}
	if err := limits.ScanError(sc.Err(), name, line); err != nil {
		if limits.IsLimit(err) {
			return c, err // it names the file and line
		}
		return c, position.Errorf(name, line+1, 0, "%w", err)
	}
	if len(c.Units) == 0 {
		return c, position.Errorf(name, 0, 0, "no SPEAKER lines (empty file)")
	}
	return c, nil
}

// Read reads one continuum, choosing the format from the name: ".rttm"
// (any case) is RTTM, anything else CSV.
func Read(r io.Reader, name string) (unitizing.Continuum, error) {
	return Reader{}.Read(r, name)
}

// Read is Read with the reader's options.
func (rd Reader) Read(r io.Reader, name string) (unitizing.Continuum, error) {
	if strings.EqualFold(filepath.Ext(name), ".rttm") {
		return rd.ReadRTTM(r, name)
	}
	return rd.ReadCSV(r, name)
}

// ReadFile reads one continuum from the named file (see Read).
func ReadFile(path string) (unitizing.Continuum, error) {
	return Reader{}.ReadFile(path)
}

// ReadFile is ReadFile with the reader's options.
func (rd Reader) ReadFile(path string) (unitizing.Continuum, error) {
	f, err := os.Open(path)
	if err != nil {
		return unitizing.Continuum{}, err
	}
	defer f.Close()
	return rd.Read(bufio.NewReader(f), path)
}

// ReadCorpus reads every path as one continuum; a directory contributes its
// .csv and .rttm files (not recursively) in name order.
func ReadCorpus(paths ...string) (unitizing.Corpus, error) {
	return Reader{}.ReadCorpus(paths...)
}

// ReadCorpus is ReadCorpus with the reader's options.
func (rd Reader) ReadCorpus(paths ...string) (unitizing.Corpus, error) {
	var corpus unitizing.Corpus
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return corpus, err
		}
		files := []string{p}
		if st.IsDir() {
			files = nil
			ents, err := os.ReadDir(p)
			if err != nil {
				return corpus, err
			}
			var other []string
			for _, e := range ents {
				ext := strings.ToLower(filepath.Ext(e.Name()))
				switch {
				case e.IsDir():
				case ext == ".csv" || ext == ".rttm":
					files = append(files, filepath.Join(p, e.Name()))
				case ext == ".eaf" || ext == ".textgrid":
					other = append(other, e.Name())
				}
			}
			sort.Strings(files)
			if len(files) == 0 {
				if len(other) > 0 {
					return corpus, fmt.Errorf("%s: directory holds no .csv or .rttm file, only ELAN/Praat files (%s): read them with Options.Format eaf or Options.Format textgrid", p, strings.Join(other, ", "))
				}
				return corpus, fmt.Errorf("%s: directory holds no .csv or .rttm file", p)
			}
		}
		for _, f := range files {
			c, err := rd.ReadFile(f)
			if err != nil {
				return corpus, err
			}
			corpus.Continua = append(corpus.Continua, c)
		}
	}
	return corpus, nil
}
