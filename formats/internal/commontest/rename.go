package commontest

import (
	"testing"

	"agree/annotation"
)

// Rename gives the documents of got the names of the documents of want
// with the same text (formats that name documents otherwise: a Label
// Studio task id, a doccano example id, a Prodigy input hash), and renames
// its annotators by the map (names not in it are kept). A document of got
// whose text is in no document of want is an error.
func Rename(t testing.TB, want, got *annotation.Corpus, annotators map[string]string) {
	t.Helper()
	byText := map[string]string{}
	for _, d := range want.Documents {
		byText[d.Text] = d.Name
	}
	renamed := &annotation.Corpus{}
	for _, d := range got.Documents {
		name, ok := byText[d.Text]
		if !ok || !d.HasText {
			t.Fatalf("document %q: its text %q is not a text of the common set", d.Name, d.Text)
		}
		renamed.Document(name)
	}
	for _, a := range got.Annotators {
		if n, ok := annotators[a]; ok {
			a = n
		}
		renamed.Annotator(a)
	}
	for i := range got.Documents {
		got.Documents[i].Name = renamed.Documents[i].Name
	}
	copy(got.Annotators, renamed.Annotators)
	// reset the name indexes of got
	fresh := &annotation.Corpus{Documents: got.Documents, Annotators: got.Annotators, Spans: got.Spans,
		Labels: got.Labels, Relations: got.Relations, Notes: got.Notes}
	*got = *fresh
}
