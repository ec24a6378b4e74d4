package table

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"agree/position"
)

// Excel writes "sep=;" (or another separator) as the first line of a CSV
// file saved for another locale, and reads it back to know the separator.
// The line is not a record: sepLine reads it, sets the separator from it
// (or checks it against the one given) and hides it from the parsers,
// leaving its line ending so that line numbers stay those of the file.

// sepLine returns r without a "sep=X" first line (after an optional byte
// order mark), and the separator it names (0: no such line).
func sepLine(r io.Reader) (io.Reader, rune) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(16)
	b := bytes.TrimPrefix(head, []byte("\ufeff"))
	bom := len(head) - len(b)
	if !bytes.HasPrefix(b, []byte("sep=")) {
		return br, 0
	}
	c, size := utf8.DecodeRune(b[4:])
	if c == utf8.RuneError || c == '\n' || c == '\r' || c == '"' {
		return br, 0
	}
	end := 4 + size
	if rest := b[end:]; len(rest) > 0 && rest[0] != '\n' && !bytes.HasPrefix(rest, []byte("\r\n")) && !(len(rest) == 1 && rest[0] == '\r') {
		return br, 0 // more on the line: a record starting with "sep="
	}
	if _, err := br.Discard(bom + end); err != nil {
		return br, 0
	}
	return br, c
}

// useSepLine applies the separator of a "sep=" line to the options: it
// becomes the separator when none was given, and must equal the one given
// otherwise.
func (rd *reader) useSepLine(c rune) error {
	if c == 0 {
		return nil
	}
	switch rd.opt.Comma {
	case 0:
		rd.opt.Comma = c
	case c:
	default:
		return position.Separator(rd.name, 1, 0, "the first line, sep=%s, names the separator %q, but %q was given (Options.Comma): leave Options.Comma out, or remove the line", string(c), string(c), string(rd.opt.Comma))
	}
	rd.notes = append(rd.notes, fmt.Sprintf("the first line, sep=%s (as Excel writes it), sets the field separator", string(c)))
	return nil
}
