package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"agree/annotation"
	"agree/formats"
	"agree/internal/plural"
)

// corpusContents says what a corpus read from annotation files holds, for
// messages that must say what a file has: "2 documents (2 with a text),
// 2 annotators, no span, no document label and no relation".
func corpusContents(c *annotation.Corpus) string {
	texts := 0
	for _, d := range c.Documents {
		if d.HasText {
			texts++
		}
	}
	docs := plural.Count(len(c.Documents), "document")
	if texts > 0 {
		docs += fmt.Sprintf(" (%d with a text)", texts)
	}
	parts := []string{docs, plural.Count(len(c.Annotators), "annotator")}
	for _, x := range []struct {
		n    int
		noun string
	}{{len(c.Spans), "span"}, {len(c.Labels), "document label"}, {len(c.Relations), "relation"}} {
		if x.n == 0 {
			parts = append(parts, "no "+x.noun)
		} else {
			parts = append(parts, plural.Count(x.n, x.noun))
		}
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// whatToRun says which commands compare what a corpus holds.
func whatToRun(c *annotation.Corpus) string {
	var run []string
	if len(c.Labels) > 0 {
		run = append(run, "agree coding compares the document labels")
	}
	if len(c.Spans) > 0 {
		run = append(run, "agree spans compares the spans (agree coding, token by token)")
	}
	if len(c.Relations) > 0 {
		run = append(run, "agree relations compares the relations")
	}
	if len(run) == 0 {
		return "nothing is annotated yet: agree coding compares document labels (or spans, token by token) and agree spans compares spans"
	}
	return strings.Join(run, "; ")
}

// missingContent is the data error of a command given files without what
// it compares (what: "spans", "document labels or spans"): it says what the
// files hold and what to run on them.
func missingContent(cmd, what string, c *annotation.Corpus) error {
	return fmt.Errorf("%s: no %s to compare: the input holds %s; %s", cmd, what, corpusContents(c), whatToRun(c))
}

// maxBlankPrefix bounds the white space refuseEmpty holds before deciding
// that a file is not empty (a reader then says what is wrong with it).
const maxBlankPrefix = 1 << 20

// refuseEmpty returns rc unchanged in content, or a *formats.EmptyError
// (rc closed) when it holds nothing but white space. It reads only the
// white space at its start (at most maxBlankPrefix bytes) and the next
// byte.
func refuseEmpty(rc io.ReadCloser, name string) (io.ReadCloser, error) {
	var head []byte
	buf := make([]byte, 4096)
	for len(head) < maxBlankPrefix {
		n, err := rc.Read(buf)
		head = append(head, buf[:n]...)
		if !formats.Blank(head) {
			break // data (or what might begin a byte-order mark: the reader decides)
		}
		if err == io.EOF {
			if formats.Blank(head) {
				rc.Close()
				return nil, &formats.EmptyError{Name: name, Size: len(head)}
			}
			break
		}
		if err != nil {
			rc.Close()
			return nil, err
		}
	}
	return struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), rc), rc}, nil
}

// refuseEmptyFile returns a *formats.EmptyError when the file name (not a
// directory, not "-") is empty.
func refuseEmptyFile(name string) error {
	if name == "-" {
		return nil
	}
	if st, err := os.Stat(name); err != nil || st.IsDir() {
		return nil // the reader says what is wrong
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	rc, err := refuseEmpty(f, name)
	if err != nil {
		return err
	}
	return rc.Close()
}
