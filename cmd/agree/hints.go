package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"agree/formats"
	corefio "agree/formats/coref"
	"agree/position"
)

// callInfo is what run learns about a command while it runs, to add hints
// to its errors: the flag set (newFlagSet records it).
type callInfo struct {
	fs *flag.FlagSet
	// usage writes the command's usage (newFlagSet).
	usage func(w io.Writer)
}

// withHints adds to a data error (exit 1) what the user can do about it,
// from the position the error gives (*position.Error): when its file is
// CoNLL-2012 coreference and the command is not coref, it says so; when
// the file is read as CSV and separated by ';' or tabs instead, it
// suggests --sep (or says that the command reads comma-separated values
// only) — unless the reader said it already (position.ErrSeparator).
func withHints(err error, call *callInfo) error {
	var ue usageError
	if err == nil || errors.As(err, &ue) || call == nil || call.fs == nil {
		return err
	}
	pe := position.As(err)
	if pe == nil || pe.File == "" || errors.Is(err, position.ErrSeparator) {
		return err
	}
	if h := conllHint(call.fs, pe.File); h != "" {
		return hinted{err, h}
	}
	if h := separatorHint(call.fs, pe.File); h != "" {
		return hinted{err, h}
	}
	return err
}

// conllHint says that a file another command than coref failed on is
// CoNLL-2012 coreference (the scorer's KEY.key and RESPONSE.response have
// no .conll extension), else "".
func conllHint(fs *flag.FlagSet, file string) string {
	if strings.TrimPrefix(fs.Name(), "agree ") == "coref" {
		return ""
	}
	head, ok := regularHead(file, func(*formats.Input, []byte) bool { return true })
	if !ok || !corefio.IsCoNLL(head) {
		return ""
	}
	return fmt.Sprintf("hint: %s is CoNLL-2012 coreference (a \"#begin document\" line): try agree coref (agree report detects it)", file)
}

// regularHead returns the head of file when it is a regular file (looked
// at again after the error: not an input that reading consumed, a pipe)
// and keep accepts it.
func regularHead(file string, keep func(*formats.Input, []byte) bool) ([]byte, bool) {
	st, err := os.Stat(file)
	if err != nil || !st.Mode().IsRegular() {
		return nil, false
	}
	in := (&formats.OS{}).Input(file)
	defer in.Close()
	head, err := in.Head(formats.RouteHead)
	if err != nil || !keep(in, head) {
		return nil, false
	}
	return head, true
}

// hinted is an error followed by a hint on its own line.
type hinted struct {
	err  error
	hint string
}

func (h hinted) Error() string { return h.err.Error() + "\n" + h.hint }
func (h hinted) Unwrap() error { return h.err }

// separatorHint looks at the first data line of file (comments and blank
// lines skipped): when the command reads the file as CSV (readAsCSV) and
// the line has no field separator the command uses but semicolons or
// tabs, it returns a hint, else "".
func separatorHint(fs *flag.FlagSet, file string) string {
	head, ok := regularHead(file, func(in *formats.Input, head []byte) bool { return readAsCSV(fs, in, head) })
	if !ok {
		return ""
	}
	line := firstDataLine(bytes.NewReader(head))
	used, hasSep := ',', false
	if fl := fs.Lookup("sep"); fl != nil {
		hasSep = true
		switch v := fl.Value.String(); {
		case v == `\t` || v == "tab":
			used = '\t'
		case v == "":
			if ext := strings.ToLower(filepath.Ext(file)); ext == ".tsv" || ext == ".tab" {
				used = '\t'
			}
		default:
			used = []rune(v)[0]
		}
	}
	if strings.ContainsRune(line, used) {
		return ""
	}
	var name, flagValue string
	switch {
	case strings.Count(line, "\t") > 0 && used != '\t':
		name, flagValue = "tab", `'\t'`
	case strings.Count(line, ";") > 0 && used != ';':
		name, flagValue = "semicolon", "';'"
	default:
		return ""
	}
	cmd := strings.TrimPrefix(fs.Name(), "agree ")
	if hasSep {
		return fmt.Sprintf("hint: %s looks %s-separated: try --sep %s", file, name, flagValue)
	}
	return fmt.Sprintf("hint: %s looks %s-separated, and agree %s reads comma-separated values: convert it (e.g. tr '%s' ',')",
		file, name, cmd, map[string]string{"tab": `\t`, "semicolon": ";"}[name])
}

// readAsCSV reports whether the command reads file as comma-separated
// values (the only files a separator hint is for): --input csv, or with
// --input auto (or no --input) a text file that the dispatch detects as
// CSV or as no annotation format (the tables of agree coding, the unit
// files of gamma). A file of another format (a WebAnno .tsv, an RTTM, an
// archive) gets no hint: its reader's error says what is wrong.
func readAsCSV(fs *flag.FlagSet, in *formats.Input, head []byte) bool {
	file := in.Name
	input := "auto"
	if fl := fs.Lookup("input"); fl != nil {
		input = fl.Value.String()
	}
	if fs.Name() == "agree coref" { // coref chooses its readers itself
		kind, err := formats.CorefKind(in, input)
		return err == nil && kind == formats.CorefCSV
	}
	switch input {
	case "", "auto":
	default:
		return input == "csv"
	}
	if strings.EqualFold(filepath.Ext(file), ".zip") || bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.IndexByte(head, 0) >= 0 {
		return false // an archive, or binary data
	}
	if t := bytes.TrimLeft(head, " \t\r\n\ufeff"); len(t) > 0 && (t[0] == '{' || t[0] == '[' || t[0] == '<') {
		return false // JSON or XML
	}
	f, err := formats.Detect(head, file)
	return err != nil || f == "csv"
}

// firstDataLine returns the first line of r that is neither blank nor a
// '#' comment.
func firstDataLine(r io.Reader) string {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return ""
}
