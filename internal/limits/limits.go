// Package limits holds the bounds on what agree reads, so that an endless
// input (/dev/zero, `yes`), a file far beyond any real annotation file or an
// archive that decompresses to gigabytes is refused with its name and
// position instead of exhausting memory. The bounds are documented in the
// README's table of limits; no real file reaches them, and each fits in
// memory.
//
// Two kinds of reading are bounded: a file read whole (the JSON and XML
// formats, brat, TSV, …), at most MaxFile bytes (MaxEntry for an archive
// member, uncompressed), and a line of a file read line by line (the
// tables, unit files, CoNLL), at most MaxLine bytes. A file streamed line by
// line (a coding table) may be longer than MaxFile.
package limits

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"agree/position"
)

// The bounds (variables only so that tests can lower them).
var (
	// MaxLine is the longest line (or CSV record) of a file read line by
	// line: 256 MiB.
	MaxLine int64 = 256 << 20
	// MaxFile is the largest file read whole: 1 GiB.
	MaxFile int64 = 1 << 30
	// MaxEntry is the largest archive member read (uncompressed): 256 MiB.
	MaxEntry int64 = 256 << 20
	// MaxRatio is the largest compression ratio of an archive member
	// larger than RatioGrace uncompressed: 100 to 1 (text and XML compress
	// 3 to 30 times; archives made to exhaust memory, about 1000 times).
	MaxRatio int64 = 100
	// RatioGrace is the uncompressed size under which an archive member's
	// compression ratio is not checked: 1 MiB.
	RatioGrace int64 = 1 << 20
)

// Error is what an input past a bound exceeded. The functions of this
// package return it in a *position.Error that names the file (with the
// archive entry, if any) and, for a line or a record past MaxLine, the
// 1-based line where it starts (Exceeded): errors.As finds either.
type Error struct {
	// What is exceeded: "line", "record" (a CSV record of several lines),
	// "file" or "entry".
	What string
	// Limit is the bound exceeded, in bytes.
	Limit int64
}

// Exceeded returns the error of the input name past the bound limit of
// what (see Error) — at line, for a line or a record; 0 for a whole file
// or entry.
func Exceeded(name string, line int, what string, limit int64) error {
	return &position.Error{File: name, Line: line, Err: &Error{What: what, Limit: limit}}
}

func (e *Error) Error() string {
	switch e.What {
	case "line":
		return fmt.Sprintf("a line longer than %s, the most agree reads in one line (is this the right file? /dev/zero and other endless inputs end here)", Size(e.Limit))
	case "record":
		return fmt.Sprintf("a record longer than %s from this line on, the most agree reads in one record (a quoted field without its closing quote?)", Size(e.Limit))
	case "entry":
		return fmt.Sprintf("more than %s uncompressed, the most agree reads of an archive member", Size(e.Limit))
	}
	return fmt.Sprintf("more than %s, the most agree reads of a file read whole (is this the right file? /dev/zero and other endless inputs end here)", Size(e.Limit))
}

// Size writes a number of bytes for a message: "256 MiB", "1 GiB",
// "3.5 GiB", "1200 bytes".
func Size(n int64) string {
	units := []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}}
	for _, u := range units {
		if n >= u.size {
			if n%u.size == 0 {
				return fmt.Sprintf("%d %s", n/u.size, u.name)
			}
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.size), u.name)
		}
	}
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadAll reads r to its end, refusing more than limit bytes with an
// *Error naming name (what: "file" or "entry"). sizeHint, when positive, is
// the expected size (a regular file's): the buffer is allocated once at
// that size, never more than limit. Other errors are returned as they are.
func ReadAll(r io.Reader, name, what string, limit, sizeHint int64) ([]byte, error) {
	if sizeHint > limit {
		return nil, Exceeded(name, 0, what, limit)
	}
	if sizeHint > 0 {
		buf := make([]byte, 0, sizeHint+1) // +1: reach EOF without growing
		for {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				return buf, nil
			}
			if err != nil {
				return nil, err
			}
			if len(buf) == cap(buf) {
				break // longer than announced (a file that grows): read on
			}
		}
		return readChunks(r, buf, name, what, limit)
	}
	return readChunks(r, nil, name, what, limit)
}

// SizeHint returns the number of bytes r announces it holds: a
// bytes.Reader's or strings.Reader's Len, a Size, a regular file's size;
// 0 when it does not say (a pipe). ReadAll's sizeHint.
func SizeHint(r io.Reader) int64 {
	switch x := r.(type) {
	case interface{ Len() int }:
		return int64(x.Len())
	case interface{ Size() int64 }:
		return x.Size()
	case interface{ Stat() (fs.FileInfo, error) }:
		if st, err := x.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return 0
}

// readChunks reads the rest of r after first, in chunks of growing size
// kept apart until the end: an endless input is refused at limit with
// about limit bytes held, not twice as many as a doubling buffer would.
func readChunks(r io.Reader, first []byte, name, what string, limit int64) ([]byte, error) {
	chunks := [][]byte{}
	total := int64(len(first))
	if len(first) > 0 {
		chunks = append(chunks, first)
	}
	size := 64 << 10
	for {
		if total > limit {
			return nil, Exceeded(name, 0, what, limit)
		}
		buf := make([]byte, 0, min(int64(size), limit+1-total))
		for len(buf) < cap(buf) {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			total += int64(n)
			if err == io.EOF {
				chunks = append(chunks, buf)
				if total > limit {
					return nil, Exceeded(name, 0, what, limit)
				}
				return join(chunks, total), nil
			}
			if err != nil {
				return nil, err
			}
		}
		chunks = append(chunks, buf)
		if size < 64<<20 {
			size *= 2
		}
	}
}

func join(chunks [][]byte, total int64) []byte {
	if len(chunks) == 1 {
		return chunks[0]
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out
}

// Reader returns a reader of r that fails with an *Error naming name once
// more than limit bytes have been read (what: "file" or "entry"), for
// readers that read their input whole through an io.Reader.
func Reader(r io.Reader, name, what string, limit int64) io.Reader {
	return &capped{r: r, name: name, what: what, left: limit, limit: limit}
}

type capped struct {
	r           io.Reader
	name, what  string
	left, limit int64
	err         error
}

func (c *capped) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	if int64(n) > c.left {
		c.err = Exceeded(c.name, 0, c.what, c.limit)
		return int(c.left), c.err
	}
	c.left -= int64(n)
	return n, err
}

// Lines returns a reader of r that fails with an *Error naming name and
// the line once a line is longer than MaxLine bytes; firstLine is the
// number of r's first line (1 at the start of a file).
func Lines(r io.Reader, name string, firstLine int) io.Reader {
	return &lines{r: r, name: name, line: firstLine, start: firstLine, limit: MaxLine}
}

// Records is Lines for CSV: a record is bounded, and a quoted field may
// hold line breaks (an unclosed quote makes one record of the rest of the
// file). The error gives the line where the record starts. comment, when
// not 0, starts a comment line (encoding/csv's Comment), whose quotes do
// not count.
func Records(r io.Reader, name string, firstLine int, comment byte) io.Reader {
	return &lines{r: r, name: name, line: firstLine, start: firstLine, limit: MaxLine, quotes: true, comment: comment}
}

type lines struct {
	r       io.Reader
	name    string
	line    int   // the line being read
	start   int   // the line where the current record starts
	cur     int64 // bytes of the current record so far
	limit   int64
	quotes  bool // CSV: line breaks inside quotes do not end a record
	inQuote bool
	comment byte // CSV: the byte that starts a comment line (0: none)
	inNote  bool // in a comment line
	err     error
}

func (l *lines) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	b := p[:n]
	for len(b) > 0 {
		if l.comment != 0 && l.cur == 0 && !l.inQuote && b[0] == l.comment {
			l.inNote = true
		}
		var i int
		if l.quotes && !l.inNote {
			i = bytes.IndexAny(b, "\"\n")
		} else {
			i = bytes.IndexByte(b, '\n')
		}
		if i < 0 {
			l.cur += int64(len(b))
			break
		}
		l.cur += int64(i)
		if l.cur > l.limit {
			break
		}
		c := b[i]
		b = b[i+1:]
		if c == '"' {
			l.inQuote = !l.inQuote
			l.cur++
			continue
		}
		l.line++
		l.inNote = false
		if l.inQuote {
			l.cur++
			continue
		}
		l.cur, l.start = 0, l.line
	}
	if l.cur > l.limit {
		what := "line"
		if l.line > l.start {
			what = "record"
		}
		l.err = Exceeded(l.name, l.start, what, l.limit)
		return 0, l.err
	}
	return n, err
}

// Scanner returns a line scanner of r whose lines may be MaxLine bytes
// long (with their line break); past that it stops, and ScanError says so.
func Scanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), int(MaxLine)+2)
	return sc
}

// ScanError returns the error of a Scanner that stopped after line lines
// of the file name: a line too long is an *Error at the next line; other
// errors are returned as they are (nil stays nil).
func ScanError(err error, name string, line int) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return Exceeded(name, line+1, "line", MaxLine)
	}
	return err
}

// IsLimit reports whether err is (or wraps) an *Error.
func IsLimit(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
