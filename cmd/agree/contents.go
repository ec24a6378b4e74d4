package main

import (
	"fmt"
	"strings"

	"agree/annotation"
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
