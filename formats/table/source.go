package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"agree/internal/csvio"
	"agree/internal/limits"
)

// The input is read in blocks of whole lines, never as a whole. A block
// without a quote character is split into records by the fast path (every
// line is one record, split at the separator); from the first block with a
// quote on, the rest of the input goes to encoding/csv, which handles
// quoted fields (they may span lines). Both give the same records, with
// the same positions, to the layout's sink (FuzzFastMatchesCSV).

// defaultBlockSize is the size of the blocks read from the input.
const defaultBlockSize = 2 << 20

// source cuts the input into blocks of whole lines.
type source struct {
	name  string // the input's name, for messages
	r     io.Reader
	size  int
	rest  []byte // read but not yet returned: the start of a line
	eof   bool
	err   error
	line  int         // line number of the next block's first line
	read  int64       // bytes read so far
	begun bool        // the byte order mark has been dealt with
	free  chan []byte // blocks given back by their readers, for reuse
}

func newSource(r io.Reader, name string, size int) *source {
	if size <= 0 {
		size = defaultBlockSize
	}
	return &source{name: name, r: r, size: size, line: 1, free: make(chan []byte, 8)}
}

// release gives back a block returned by block once nothing refers to it.
func (s *source) release(b []byte) {
	select {
	case s.free <- b[:0]:
	default:
	}
}

// block returns the next block of whole lines (the last one may lack its
// line ending) and the number of its first line; nil at the end of the
// input. A line longer than the block size makes a longer block.
func (s *source) block() ([]byte, int, error) {
	var buf []byte
	select {
	case buf = <-s.free:
	default:
	}
	if need := max(s.size, len(s.rest)+s.size/2); cap(buf) < need {
		buf = make([]byte, 0, need)
	}
	buf = append(buf, s.rest...)
	s.rest = nil
	searched := 0
	for {
		for len(buf) < cap(buf) && !s.eof {
			n, err := s.r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			s.read += int64(n)
			switch {
			case err == io.EOF:
				s.eof = true
			case err != nil:
				s.eof, s.err = true, err
			}
		}
		if !s.begun {
			s.begun = true
			buf = bytes.TrimPrefix(buf, []byte("\ufeff"))
		}
		if s.eof {
			if s.err != nil {
				return nil, 0, s.err
			}
			if len(buf) == 0 {
				return nil, 0, nil
			}
			return s.emit(buf, len(buf))
		}
		if i := bytes.LastIndexByte(buf[searched:], '\n'); i >= 0 {
			return s.emit(buf, searched+i+1)
		}
		searched = len(buf)
		if int64(len(buf)) > limits.MaxLine {
			// buf holds no line break: the line that starts it is too long
			return nil, 0, limits.Exceeded(s.name, s.line, "line", limits.MaxLine)
		}
		// a line longer than a block: twice the room, up to one byte
		// past the longest line read
		buf = slices.Grow(buf, int(min(int64(len(buf)), limits.MaxLine+1-int64(len(buf)))))
	}
}

// emit returns buf[:end] as a block and keeps the rest for the next one.
func (s *source) emit(buf []byte, end int) ([]byte, int, error) {
	if end < len(buf) {
		s.rest = append([]byte(nil), buf[end:]...)
	}
	b := buf[:end]
	line := s.line
	s.line += bytes.Count(b, []byte{'\n'})
	return b, line, nil
}

// remaining returns a reader of everything block has not returned yet.
func (s *source) remaining() io.Reader {
	rest := bytes.NewReader(s.rest)
	s.rest = nil
	switch {
	case s.err != nil:
		return io.MultiReader(rest, errReader{s.err})
	case s.eof:
		return rest
	}
	return io.MultiReader(rest, s.r)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// sink receives the records of one layout. A sink is used by one goroutine
// at a time; each parallel worker has its own.
type sink interface {
	// record receives a record read on line line: its fields (raw, not
	// trimmed) and the 1-based byte column where each starts. The slices
	// are reused by the next call.
	record(line int, fields [][]byte, cols []int) error
	// flush ends a block and returns what the in-order merge needs of it
	// (nil when nothing).
	flush() any
}

// splitLines calls fn for every record of a quote-free block b whose
// first line is line0, as encoding/csv would read them: empty lines are
// skipped, "\r\n" ends a line like "\n", and a "\r" just before the end of
// the input is dropped.
func splitLines(b []byte, line0 int, sep byte, fn func(line int, fields [][]byte, cols []int) error) error {
	var fields [][]byte
	var cols []int
	line := line0
	for pos := 0; pos < len(b); line++ {
		var l []byte
		l, pos = nextLine(b, pos)
		if len(l) == 0 {
			continue
		}
		fields, cols = fields[:0], cols[:0]
		start := 0
		for i, c := range l {
			if c == sep {
				fields = append(fields, l[start:i])
				cols = append(cols, start+1)
				start = i + 1
			}
		}
		fields = append(fields, l[start:])
		cols = append(cols, start+1)
		if err := fn(line, fields, cols); err != nil {
			return err
		}
	}
	return nil
}

// nextLine returns the line starting at pos without its line ending, as
// encoding/csv sees it ("\r\n" and "\n" end a line; a "\r" just before the
// end of the input is dropped), and the position after it.
func nextLine(b []byte, pos int) ([]byte, int) {
	i := bytes.IndexByte(b[pos:], '\n')
	if i < 0 {
		l := b[pos:]
		if n := len(l); n > 0 && l[n-1] == '\r' {
			l = l[:n-1]
		}
		return l, len(b)
	}
	l := b[pos : pos+i]
	if n := len(l); n > 0 && l[n-1] == '\r' {
		l = l[:n-1]
	}
	return l, pos + i + 1
}

// csvReader returns an encoding/csv reader of r, whose first line is line
// line of the input, with the reader's options; a record longer than
// limits.MaxLine is an error.
func (rd *reader) csvReader(r io.Reader, line int) *csv.Reader {
	cr := csv.NewReader(limits.Records(r, rd.name, line, 0))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	if rd.opt.Comma != 0 {
		cr.Comma = rd.opt.Comma
	}
	return cr
}

// csvRead returns the next record of cr (io.EOF at the end), with its
// fields and their positions, line numbers offset so that cr's first line
// is line line0; errors carry the file name and position.
func (rd *reader) csvRead(cr *csv.Reader, line0 int, fields [][]byte, cols []int) (int, [][]byte, []int, error) {
	rec, err := cr.Read()
	if err == io.EOF {
		return 0, nil, nil, err
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			pe.StartLine += line0 - 1
			pe.Line += line0 - 1
		}
		return 0, nil, nil, csvio.Wrap(rd.name, err)
	}
	fields, cols = fields[:0], cols[:0]
	line := 0
	for i, f := range rec {
		l, c := cr.FieldPos(i)
		if i == 0 {
			line = l + line0 - 1
		}
		if err := rd.fieldError(f, l+line0-1, c); err != nil {
			return 0, nil, nil, err
		}
		fields = append(fields, []byte(f))
		cols = append(cols, c)
	}
	return line, fields, cols, nil
}

// csvRecords calls fn for every remaining record of cr.
func (rd *reader) csvRecords(cr *csv.Reader, line0 int, fn func(line int, fields [][]byte, cols []int) error) error {
	var fields [][]byte
	var cols []int
	for {
		line, f, c, err := rd.csvRead(cr, line0, fields, cols)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		fields, cols = f, c
		if err := fn(line, fields, cols); err != nil {
			return err
		}
	}
}

// fastSep returns the separator byte of the fast path, or ok = false when
// the separator rules it out (not one ASCII byte, or a line ending).
func (rd *reader) fastSep() (byte, bool) {
	comma := rd.opt.Comma
	if comma == 0 {
		comma = ','
	}
	if rd.opt.noFastPath || comma >= 0x80 || comma == '\r' || comma == '\n' || comma == '"' {
		return 0, false
	}
	return byte(comma), true
}

// start is where the records to give to the sinks begin: the rest of a
// block (fast path; data == nil: the next block of the source), or an
// encoding/csv reader already past the header.
type start struct {
	data  []byte
	line  int
	cr    *csv.Reader
	line0 int // line of cr's first line
}

// readHeader returns the first record of the input (encoding/csv skips
// empty lines) and where the records after it start; io.EOF for an empty
// input.
func (rd *reader) readHeader(src *source) ([]string, int, start, error) {
	sep, fast := rd.fastSep()
	for {
		b, l, err := src.block()
		if err != nil {
			return nil, 0, start{}, err
		}
		if b == nil {
			return nil, 0, start{}, io.EOF
		}
		if !fast || bytes.IndexByte(b, '"') >= 0 {
			// encoding/csv reads the header and every record after it.
			cr := rd.csvReader(io.MultiReader(bytes.NewReader(b), src.remaining()), l)
			cr.ReuseRecord = false
			line, fields, _, err := rd.csvRead(cr, l, nil, nil)
			if err != nil {
				return nil, 0, start{}, err
			}
			cr.ReuseRecord = true
			header := make([]string, len(fields))
			for i, f := range fields {
				header[i] = string(f)
			}
			return header, line, start{cr: cr, line0: l}, nil
		}
		for pos := 0; pos < len(b); l++ {
			var ln []byte
			ln, pos = nextLine(b, pos)
			if len(ln) > 0 {
				if err := rd.textError(ln, l, sep); err != nil { // the rest: by body
					return nil, 0, start{}, err
				}
				return strings.Split(string(ln), string(sep)), l, start{data: b[pos:], line: l + 1}, nil
			}
		}
	}
}

// body runs the records from st on through sinks: one per worker when
// workers > 1 (quote-free blocks are parsed concurrently and each block's
// flush is merged in block order by merge), else one. It returns the
// sinks it used.
func (rd *reader) body(src *source, st start, workers int, newSink func() sink, merge func(any) error) ([]sink, error) {
	sep, fast := rd.fastSep()
	if st.cr == nil && !fast {
		if st.data == nil { // nothing read yet: block strips the byte order mark
			var err error
			if st.data, st.line, err = src.block(); err != nil {
				return nil, err
			}
			if st.data == nil {
				st.line = 1
			}
		}
		st.cr, st.line0 = rd.csvReader(io.MultiReader(bytes.NewReader(st.data), src.remaining()), st.line), st.line
	}
	if st.cr != nil {
		s := newSink()
		if err := rd.csvRecords(st.cr, st.line0, s.record); err != nil {
			return nil, err
		}
		return []sink{s}, merge(s.flush())
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type job struct {
		seq     int
		data    []byte
		line    int
		release bool // data is a whole block of src, to give back after use
	}
	type result struct {
		seq     int
		summary any
		err     error
	}
	// The producer reads blocks; a block with a quote ends the fast path:
	// it and the rest of the input go to encoding/csv once the blocks
	// before it are merged.
	var (
		csvFrom []byte
		csvLine int
		readErr error
	)
	jobs := make(chan job, workers)
	results := make(chan result, 2*workers)
	done := make(chan struct{})
	go func() {
		defer close(jobs)
		data, line := st.data, st.line
		for seq := 0; ; seq++ {
			whole := false
			if seq > 0 || data == nil {
				whole = true
				var err error
				if data, line, err = src.block(); err != nil {
					readErr = err
					return
				}
				if data == nil {
					return
				}
			}
			if rd.opt.Progress != nil {
				rd.opt.Progress(src.read)
			}
			if bytes.IndexByte(data, '"') >= 0 {
				csvFrom, csvLine = data, line
				return
			}
			select {
			case jobs <- job{seq, data, line, whole}:
			case <-done:
				return
			}
		}
	}()
	sinks := make([]sink, workers)
	var wg sync.WaitGroup
	for w := range workers {
		sinks[w] = newSink()
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sinks[w]
			for j := range jobs {
				err := rd.splitText(j.data, j.line, sep, s.record)
				results <- result{j.seq, s.flush(), err}
				if j.release {
					src.release(j.data)
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]result{}
	next := 0
	var firstErr error
	for r := range results {
		pending[r.seq] = r
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if firstErr != nil {
				continue
			}
			if p.err != nil {
				firstErr = p.err
			} else if err := merge(p.summary); err != nil {
				firstErr = err
			}
			if firstErr != nil {
				close(done)
			}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if readErr != nil {
		return nil, readErr
	}
	if csvFrom != nil {
		s := newSink()
		cr := rd.csvReader(io.MultiReader(bytes.NewReader(csvFrom), src.remaining()), csvLine)
		if err := rd.csvRecords(cr, csvLine, s.record); err != nil {
			return nil, err
		}
		if err := merge(s.flush()); err != nil {
			return nil, err
		}
		sinks = append(sinks, s)
	}
	return sinks, nil
}
