package main

import (
	"flag"
	"fmt"
	"strings"

	"agree/annotation"
	"agree/coding"
	"agree/internal/plural"
	"agree/internal/view"
)

// tokenFlags are agree coding's flags for span inputs, which it compares
// token by token (token agreement).
type tokenFlags struct {
	outside, tags, tokens string
	documents             documentsFlag
	// items are the documents' items once token data are read (nil
	// otherwise), for --by document; rule is the document rule applied.
	items []annotation.DocumentItems
	rule  *view.DocumentRule
}

func (t *tokenFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&t.outside, "outside", "category", "span inputs (token agreement): tokens outside every span are a category \"O\" (category) or, when no annotator marked them, left out (exclude)")
	fs.StringVar(&t.tags, "token-tags", "label", "span inputs: a token's value is its span's label (label) or B-/I-label (bio, which tells adjacent spans apart)")
	fs.StringVar(&t.tokens, "tokens", "auto", "span inputs: the tokens a format gives, else white-space tokens of the text (auto), or always white-space tokens (whitespace)")
	t.documents.register(fs)
}

// check validates the flags before any file is read.
func (t *tokenFlags) check(fs *flag.FlagSet) error {
	for _, c := range []struct {
		name, value string
		allowed     []string
	}{{"outside", t.outside, []string{"category", "exclude"}}, {"token-tags", t.tags, []string{"label", "bio"}},
		{"tokens", t.tokens, []string{"auto", "whitespace"}}} {
		if err := oneOf(fs, c.name, c.value, c.allowed...); err != nil {
			return err
		}
	}
	return t.documents.check(fs)
}

// given reports whether a token flag was set on the command line.
func (t *tokenFlags) given(fs *flag.FlagSet) string {
	for _, n := range []string{"outside", "token-tags", "tokens", "documents"} {
		if flagSet(fs, n) {
			return n
		}
	}
	return ""
}

// forLabels refuses the token flags (usage, exit 2) on a corpus whose
// document labels agree coding compares, saying what it holds.
func (t *tokenFlags) forLabels(fs *flag.FlagSet, c *annotation.Corpus) error {
	if n := t.given(fs); n != "" {
		return usagef("coding: --%s is for spans compared token by token; the input holds %s, and agree coding compares its document labels (one per document and annotator)", n, corpusContents(c))
	}
	return nil
}

// tokenData projects a corpus's spans onto its tokens and says how, in
// notes for the output (the JSON of agree coding keeps its keys).
func (t *tokenFlags) tokenData(c *annotation.Corpus, layer, setSep string, maxRows int) (*coding.Data, []string, error) {
	outside, _ := annotation.ParseOutside(t.outside)
	opt := annotation.TokenOptions{Layer: layer, Outside: outside, BIO: t.tags == "bio", Whitespace: t.tokens == "whitespace",
		SetSep: setSep, Documents: t.documents.scope(c)}
	d, st, err := c.TokenCoding(opt)
	if err != nil && st.Single > 0 {
		return nil, nil, fmt.Errorf("%w (%s)", err, view.RuleDescription(opt.Documents, c.RecordsAssignment(), t.documents.value == "", false))
	}
	if err != nil {
		return nil, nil, err
	}
	t.items = st.Items
	t.rule = t.documents.rule(c, maxRows)
	notes := []string{fmt.Sprintf("token agreement: %s of %s (%s tokens), each coded with the label of the span covering it (%s)",
		plural.Count(st.Tokens, "token"), plural.Count(st.Documents, "document"), st.Tokenisation, map[bool]string{false: "--token-tags label", true: "--token-tags bio: B-/I-label"}[opt.BIO])}
	if outside == annotation.OutsideExclude {
		notes = append(notes, fmt.Sprintf("--outside exclude: %s no annotator marked %s left out; a token some annotator marked is \"O\" for the others", plural.Count(st.Excluded, "token"), plural.Verb(st.Excluded, "was", "were")))
	} else {
		notes = append(notes, "--outside category: tokens outside every span are the category \"O\" (with most tokens outside, this raises agreement and lowers chance-corrected coefficients less than it seems; --outside exclude leaves out the tokens no annotator marked)")
	}
	if st.Multiple > 0 {
		notes = append(notes, fmt.Sprintf("%s %s covered by spans of several labels of one annotator: their labels are joined with %q", plural.Count(st.Multiple, "token value"), plural.Verb(st.Multiple, "is", "are"), setSep))
	}
	return d, notes, nil
}

// codingCorpusData is what agree coding compares in an annotation corpus:
// its document labels, or, when it has none but has spans, its tokens.
func codingCorpusData(c *annotation.Corpus, in *inputFlags, tok *tokenFlags, fs *flag.FlagSet, setSep string, maxRows int) (*coding.Data, []string, error) {
	if len(c.Labels) == 0 && len(c.Spans) == 0 {
		return nil, nil, missingContent("coding", "document labels or spans", c)
	}
	if documentLabels(c) {
		if err := tok.forLabels(fs, c); err != nil {
			return nil, nil, err
		}
		d, err := c.Coding(in.layer, setSep)
		return d, nil, err
	}
	if strings.TrimSpace(setSep) == "" {
		setSep = "|"
	}
	return tok.tokenData(c, in.layer, setSep, maxRows)
}
