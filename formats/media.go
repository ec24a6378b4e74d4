package formats

import (
	"bytes"

	"agree/annotation"
	"agree/formats/elan"
	"agree/formats/textgrid"
)

// eaf: ELAN annotation files.
var eafFormat = &format{
	name: "eaf",
	exts: []string{".eaf"},
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
	sniff: func(head []byte, _ string) bool {
		return bytes.Contains(head, []byte(`"ooTextFile`)) && bytes.Contains(head, []byte(`"TextGrid"`))
	},
	read: func(data []byte, name string, o *Options, _ annotation.OffsetUnit) (*annotation.Corpus, error) {
		return textgrid.ReadBytes(data, name, textgrid.Options{Tiers: o.Tiers})
	},
}
