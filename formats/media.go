package formats

import (
	"bytes"

	"agree/annotation"
	"agree/formats/bio"
	"agree/formats/elan"
	"agree/formats/textgrid"
)

// eaf: ELAN annotation files.
var eafFormat = &format{
	name: "eaf",
	exts: []string{".eaf"},
	sure: []string{".eaf"},
	sniff: func(head []byte, _ string) bool {
		return bytes.Contains(head, []byte("<ANNOTATION_DOCUMENT"))
	},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		return elan.ReadBytes(data, name, elan.Options{Tiers: o.Tiers, Refuse: o.Unaligned == "refuse"})
	},
}

// textgrid: Praat TextGrid files (long or short text format).
var textgridFormat = &format{
	name: "textgrid",
	exts: []string{".textgrid"},
	sure: []string{".textgrid"},
	sniff: func(head []byte, _ string) bool {
		return bytes.Contains(head, []byte(`"ooTextFile`)) && bytes.Contains(head, []byte(`"TextGrid"`))
	},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		return textgrid.ReadBytes(data, name, textgrid.Options{Tiers: o.Tiers})
	},
}

// bio: CoNLL-style column files of BIO/IOB/BIOES tags, one per annotator.
var bioFormat = &format{
	name: "bio",
	exts: []string{".bio", ".iob", ".iob1", ".iob2", ".bioes", ".bilou", ".conll", ".conll03", ".ner"},
	sure: []string{".bio", ".iob", ".iob1", ".iob2", ".bioes", ".bilou", ".conll03", ".ner"},
	sniff: func(head []byte, _ string) bool {
		// five token lines whose last column is a tag, one of them O
		lines, outside := 0, false
		for _, l := range bytes.Split(head, []byte("\n")) {
			f := bytes.Fields(l)
			if len(f) == 0 || bytes.HasPrefix(f[0], []byte("-DOCSTART-")) || f[0][0] == '#' {
				continue
			}
			if len(f) < 2 || !bio.IsTag(string(f[len(f)-1])) {
				return false
			}
			outside = outside || string(f[len(f)-1]) == "O"
			if lines++; lines == 5 {
				return outside
			}
		}
		return false
	},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		return bio.ReadBytes(data, name, bio.Options{Column: o.Column})
	},
}
