package elan

import (
	"os"
	"testing"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	b, err := os.ReadFile("testdata/gesture.eaf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b), "")
	f.Add(`<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="a"/><TIME_SLOT TIME_SLOT_ID="b" TIME_VALUE="3"/></TIME_ORDER><TIER TIER_ID="T"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="x" TIME_SLOT_REF1="a" TIME_SLOT_REF2="b"><ANNOTATION_VALUE>v</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION><ANNOTATION><REF_ANNOTATION ANNOTATION_ID="y" ANNOTATION_REF="x"/></ANNOTATION></TIER></ANNOTATION_DOCUMENT>`, "T=T")
	f.Fuzz(func(t *testing.T, in, tiers string) {
		for _, refuse := range []bool{false, true} {
			c, err := ReadBytes([]byte(in), "f.eaf", Options{Tiers: tiers, Refuse: refuse})
			if err != nil {
				continue
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("read data does not validate: %v", err)
			}
		}
	})
}
