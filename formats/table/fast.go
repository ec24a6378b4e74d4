package table

import (
	"bytes"
	"runtime"
	"strings"
	"sync"

	"agree/coding"
	"agree/internal/csvio"
)

// fast reads the wide layout in parallel when the input allows it: no
// quote character anywhere (so every line is one record), a one-byte ASCII
// separator, and a header that selects the wide layout. ok is false when
// the input does not qualify; the encoding/csv path then reads it. The
// result, errors included, is the same as that path's (FuzzFastMatchesCSV).
//
// The body is cut at line boundaries into one chunk per CPU; each chunk is
// parsed and its values interned on its own, and the chunks are merged in
// file order, so labels keep their order of first appearance and the first
// error in the file is the one reported.
func (rd *reader) fast(data []byte) (d *coding.Data, ok bool, err error) {
	comma := rd.opt.Comma
	if comma == 0 {
		comma = ','
	}
	if comma >= 0x80 || comma == '\r' || comma == '\n' || bytes.IndexByte(data, '"') >= 0 ||
		(rd.opt.Layout != Auto && rd.opt.Layout != Wide) {
		return nil, false, nil
	}
	sep := byte(comma)
	// The header is the first non-empty line (encoding/csv skips empty ones).
	pos, line := 0, 0
	var header []byte
	for pos < len(data) {
		var l []byte
		l, pos = nextLine(data, pos)
		line++
		if len(l) > 0 {
			header = l
			break
		}
	}
	if header == nil {
		return nil, false, nil // empty file: the csv path says so
	}
	fields := strings.Split(string(header), string(sep))
	if layout, _, err := rd.classify(fields); err != nil || layout != Wide {
		return nil, false, nil // the csv path reads (or rejects) the other layouts
	}
	names, err := rd.wideCoders(fields)
	if err != nil {
		return nil, true, err
	}

	// Cut the body into chunks that end after a newline.
	body := data[pos:]
	k := runtime.GOMAXPROCS(0)
	if len(body) < 1<<20 {
		k = 1
	}
	if rd.opt.chunks > 0 {
		k = rd.opt.chunks
	}
	var bounds []int
	start := 0
	for c := 1; c <= k && start < len(body); c++ {
		end := len(body)
		if c < k {
			end = max(start, len(body)*c/k)
			if i := bytes.IndexByte(body[end:], '\n'); i >= 0 {
				end += i + 1
			} else {
				end = len(body)
			}
		}
		bounds = append(bounds, start, end)
		start = end
	}
	chunks := make([]*chunk, len(bounds)/2)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			chunks[c] = rd.parseChunk(body[bounds[2*c]:bounds[2*c+1]], sep, len(names))
		}()
	}
	wg.Wait()

	// Merge in file order: line numbers, then values.
	offset := int32(line) // lines before the body
	declared := len(rd.opt.Categories)
	labels := append([]string(nil), rd.opt.Categories...)
	index := make(map[string]int32, len(labels))
	for i, l := range labels {
		index[l] = int32(i)
	}
	firstSeen := make([]coding.Pos, len(labels))
	total := 0
	for _, ch := range chunks {
		total += len(ch.items)
	}
	var (
		items = make([]string, 0, total)
		lines = make([]int32, 0, total)
		cols  = make([][]int32, len(names))
		first *chunkError // the first error in the file
	)
	for c := range cols {
		cols[c] = make([]int32, 0, total)
	}
	for _, ch := range chunks {
		for i := range ch.lines {
			ch.lines[i] += offset
		}
		remap := make([]int32, len(ch.labels))
		for j, l := range ch.labels {
			p := ch.first[j]
			p.Line += offset
			g, seen := index[l]
			if !seen {
				if rd.opt.Closed && len(rd.opt.Categories) > 0 {
					e := &chunkError{line: p.Line, col: p.Col, value: l}
					if first == nil || e.before(first) {
						first = e
					}
					continue
				}
				g = int32(len(labels))
				index[l] = g
				labels = append(labels, l)
				firstSeen = append(firstSeen, p)
			} else if firstSeen[g] == (coding.Pos{}) {
				firstSeen[g] = p
			}
			remap[j] = g
		}
		if e := ch.err; e != nil {
			e.line += offset
			if first == nil || e.before(first) {
				first = e
			}
		}
		if first != nil {
			break // later chunks cannot hold an earlier error
		}
		items = append(items, ch.items...)
		lines = append(lines, ch.lines...)
		for c := range cols {
			for _, v := range ch.cols[c] {
				if v != coding.Missing {
					v = remap[v]
				}
				cols[c] = append(cols[c], v)
			}
		}
		offset += ch.nLines
		*ch = chunk{} // let the collector take the chunk's copies
	}
	if first != nil {
		if first.value != "" {
			return nil, true, rd.errorf(int(first.line), int(first.col), "value %s is not among the declared categories", csvio.Quote(first.value))
		}
		return nil, true, rd.errorf(int(first.line), int(first.col), "%s", first.msg)
	}
	if len(items) == 0 {
		return nil, true, rd.noItems()
	}
	d, err = coding.FromColumns(rd.name, items, names, labels, declared, cols, firstSeen)
	if err != nil {
		return nil, true, rd.duplicate(err, lines)
	}
	return d, true, nil
}

// chunk is one parsed piece of the body, with chunk-local line numbers
// (1 = the chunk's first line) and chunk-local value indices.
type chunk struct {
	items  []string
	lines  []int32
	cols   [][]int32
	labels []string     // local value table, in order of first appearance
	first  []coding.Pos // where each local value first appears
	nLines int32
	err    *chunkError // the first structural error, if any
}

// chunkError is an error at a position; value is set for an undeclared
// value (reported at merge time, when the declared set is known).
type chunkError struct {
	line, col int32
	msg       string
	value     string
}

// before orders errors as the sequential reader meets them: by line, and on
// one line a structural error (column 0 or 1, checked first) before a value.
func (e *chunkError) before(f *chunkError) bool {
	if e.line != f.line {
		return e.line < f.line
	}
	return e.value == "" && f.value != ""
}

func (rd *reader) parseChunk(b []byte, sep byte, ncoders int) *chunk {
	ch := &chunk{cols: make([][]int32, ncoders)}
	local := map[string]int32{}
	want := ncoders + 1
	offs := make([]int, 0, want+1) // field start offsets, then the line length
	for pos := 0; pos < len(b); {
		var l []byte
		l, pos = nextLine(b, pos)
		ch.nLines++
		if len(l) == 0 {
			continue // encoding/csv skips empty lines
		}
		offs = offs[:0]
		offs = append(offs, 0)
		for i, c := range l {
			if c == sep {
				offs = append(offs, i+1)
			}
		}
		n := len(offs)
		offs = append(offs, len(l)+1)
		field := func(j int) []byte { return l[offs[j] : offs[j+1]-1] }
		if n == 1 && len(bytes.TrimSpace(l)) == 0 {
			continue // a blank line
		}
		if n != want {
			ch.err = &chunkError{line: ch.nLines, msg: rd.raggedError(0, n, want).Error()}
			ch.err.msg = stripPos(ch.err.msg, rd.name)
			return ch
		}
		id := bytes.TrimSpace(field(0))
		if len(id) == 0 {
			ch.err = &chunkError{line: ch.nLines, col: 1, msg: "empty item id"}
			return ch
		}
		ch.items = append(ch.items, string(id))
		ch.lines = append(ch.lines, ch.nLines)
		for c := range ncoders {
			v := bytes.TrimSpace(field(c + 1))
			if rd.missing[string(v)] {
				ch.cols[c] = append(ch.cols[c], coding.Missing)
				continue
			}
			x, ok := local[string(v)]
			if !ok {
				x = int32(len(ch.labels))
				s := string(v)
				local[s] = x
				ch.labels = append(ch.labels, s)
				ch.first = append(ch.first, coding.Pos{Line: ch.nLines, Col: int32(offs[c+1] + 1)})
			}
			ch.cols[c] = append(ch.cols[c], x)
		}
	}
	return ch
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

// stripPos removes the "name:line: " prefix that errorf adds, keeping the
// message (the position is added again at merge time).
func stripPos(msg, name string) string {
	rest := strings.TrimPrefix(msg, name+":0: ")
	return rest
}
