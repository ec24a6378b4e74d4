package report

import (
	"io"
	"strconv"
	"strings"
)

// Width is the widest line of the Text format (titles, rows and notes).
const Width = 100

// Layout of text tables: rows are indented by indent, columns separated by
// gap; a wrapped cell is at least minWrap wide; a key column is at most
// maxKey wide when the table must be split.
const (
	indent  = 2
	gap     = 2
	minWrap = 20
	maxKey  = 30
)

func writeText(w io.Writer, t Table) error {
	var b strings.Builder
	if t.Title != "" {
		for _, l := range wrapText(t.Title, Width, "", "  ") {
			b.WriteString(l + "\n")
		}
	}
	// a cell is one line: control characters are shown escaped
	t.Header = escapeCells(t.Header)
	rows := make([][]string, len(t.Rows))
	for k, r := range t.Rows {
		rows[k] = escapeCells(r)
	}
	t.Rows = rows
	ncol := len(t.Header)
	for _, r := range t.Rows {
		ncol = max(ncol, len(r))
	}
	if ncol > 0 {
		natural := make([]int, ncol)
		measure := func(r []string) {
			for i, c := range r {
				natural[i] = max(natural[i], displayWidth(c))
			}
		}
		measure(t.Header)
		for _, r := range t.Rows {
			measure(r)
		}
		keys := t.KeyColumns
		if keys <= 0 {
			keys = 1
		}
		keys = min(keys, ncol)
		for k, blk := range columnBlocks(natural, keys) {
			if k > 0 {
				b.WriteString("\n")
			}
			if len(t.Header) > 0 {
				writeRow(&b, t.Header, blk, false)
			}
			for _, r := range t.Rows {
				writeRow(&b, r, blk, true)
			}
		}
	}
	for _, n := range t.Notes {
		for _, l := range wrapText(n, Width, "  note: ", "        ") {
			b.WriteString(l + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// column is a column of a block: its index in the table and its width.
type column struct{ i, width int }

// lineWidth is the width of a line holding columns of the given widths.
func lineWidth(cols []column) int {
	n := indent
	for k, c := range cols {
		if k > 0 {
			n += gap
		}
		n += c.width
	}
	return n
}

// columnBlocks chooses the columns of each block of a table whose columns
// have the natural widths given: one block at natural widths when it fits,
// else one block with its last column wrapped, else blocks that each repeat
// the first keys columns (cut to maxKey) and hold as many others as fit,
// a column too wide for a block of its own being wrapped.
func columnBlocks(natural []int, keys int) [][]column {
	all := make([]column, len(natural))
	for i, w := range natural {
		all[i] = column{i, w}
	}
	if lineWidth(all) <= Width {
		return [][]column{all}
	}
	last := len(all) - 1
	if last > 0 {
		if avail := Width - lineWidth(all[:last]) - gap; avail >= minWrap {
			all[last].width = avail
			return [][]column{all}
		}
	}
	key := make([]column, keys)
	for i := range key {
		key[i] = column{i, min(natural[i], maxKey)}
	}
	if keys == len(all) {
		return [][]column{key}
	}
	var blocks [][]column
	cur := append([]column(nil), key...)
	for i := keys; i < len(all); i++ {
		c := all[i]
		if lineWidth(append(cur, c)) <= Width {
			cur = append(cur, c)
			continue
		}
		avail := Width - lineWidth(cur) - gap
		if len(cur) == keys || (i == last && avail >= minWrap) {
			c.width = max(avail, minWrap)
			cur = append(cur, c)
			continue
		}
		blocks = append(blocks, cur)
		cur = append(append([]column(nil), key...), c)
		if lineWidth(cur) > Width {
			cur[len(cur)-1].width = max(Width-lineWidth(key)-gap, minWrap)
		}
	}
	return append(blocks, cur)
}

// writeRow writes the cells of r in the block's columns, wrapping a cell
// over several lines when it is wider than its column. Numbers are
// right-aligned (in data rows, after the first column); lines have no
// trailing blanks.
func writeRow(b *strings.Builder, r []string, blk []column, data bool) {
	cells := make([][]string, len(blk))
	height := 1
	for k, c := range blk {
		s := ""
		if c.i < len(r) {
			s = r[c.i]
		}
		cells[k] = wrapText(s, c.width, "", "")
		height = max(height, len(cells[k]))
	}
	for j := range height {
		var line strings.Builder
		line.WriteString(strings.Repeat(" ", indent))
		for k, c := range blk {
			if k > 0 {
				line.WriteString(strings.Repeat(" ", gap))
			}
			s := ""
			if j < len(cells[k]) {
				s = cells[k][j]
			}
			pad := strings.Repeat(" ", max(0, c.width-displayWidth(s)))
			if c.i > 0 && looksNumeric(s) && (data || len(cells[k]) == 1) {
				line.WriteString(pad + s)
			} else {
				line.WriteString(s + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// wrapText breaks s into lines of at most width columns, the first
// starting with first and the others with rest (both counted in the
// width), at spaces where it can and inside a word longer than a line.
func wrapText(s string, width int, first, rest string) []string {
	if displayWidth(first)+displayWidth(s) <= width && !strings.Contains(s, "\n") {
		return []string{first + s}
	}
	var out []string
	prefix := first
	var line strings.Builder
	n := 0 // columns in line
	room := func() int { return width - displayWidth(prefix) }
	flush := func() {
		out = append(out, prefix+line.String())
		line.Reset()
		n = 0
		prefix = rest
	}
	for pi, para := range strings.Split(s, "\n") {
		if pi > 0 {
			flush()
		}
		for _, word := range strings.Fields(para) {
			wl := displayWidth(word)
			if n > 0 && n+1+wl > room() {
				flush()
			}
			for wl > room() && room() > 0 { // a word longer than a line
				if n > 0 {
					flush()
				}
				part := cutWidth(word, room())
				line.WriteString(part)
				flush()
				word = word[len(part):]
				wl = displayWidth(word)
			}
			if n > 0 {
				line.WriteByte(' ')
				n++
			}
			line.WriteString(word)
			n += wl
		}
	}
	if n > 0 || len(out) == 0 {
		flush()
	}
	return out
}

// escapeCells returns the cells with their control characters escaped
// (escapeCell), r itself when none has any.
func escapeCells(r []string) []string {
	var out []string
	for k, c := range r {
		e := escapeCell(c)
		if e != c && out == nil {
			out = append([]string(nil), r...)
		}
		if out != nil {
			out[k] = e
		}
	}
	if out == nil {
		return r
	}
	return out
}

// escapeCell shows the control characters of a text-table cell as Go
// escapes — a line break as \n, a tab as \t, other C0 and C1 controls,
// DEL and the Unicode line and paragraph separators as \xHH or \uHHHH — so
// that a label holding one neither splits its row nor moves the columns
// (nor reaches the terminal); Markdown shows line breaks as <br>.
func escapeCell(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !isControl(r) {
			b.WriteRune(r)
			continue
		}
		switch r {
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			q := strconv.QuoteRune(r) // '\x1b', '\u0085', '\u2028'
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r == 0x2028 || r == 0x2029
}
