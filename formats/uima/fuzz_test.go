package uima

import (
	"strings"
	"testing"

	"agree/annotation"
)

// FuzzReadXMI: any input is read or refused with an error naming the file;
// what is read is a valid corpus. Seeds: testdata/fuzz/FuzzReadXMI.
func FuzzReadXMI(f *testing.F) {
	f.Add(`<?xml version="1.1"?><xmi:XMI xmlns:c="http:///c.ecore"><c:S xmi:id="2" sofa="1" begin="0" end="2" value="x"/><cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="😀&#1;"/></xmi:XMI>`, uint8(0))
	f.Fuzz(func(t *testing.T, in string, unit uint8) {
		c := &annotation.Corpus{}
		opt := Options{Unit: []string{"", "codepoint", "byte"}[unit%3]}
		if err := ReadXMI(c, strings.NewReader(in), "f.xmi", "d", "a", opt); err != nil {
			if !strings.HasPrefix(err.Error(), "f.xmi") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read an invalid corpus: %v", err)
		}
	})
}

// FuzzReadJSON: the same for the JSON CAS. Seeds: testdata/fuzz/FuzzReadJSON.
func FuzzReadJSON(f *testing.F) {
	f.Add(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"😀 ab"},{"%ID":3,"%TYPE":"x.L","@sofa":1,"begin":3,"end":5,"@next":4},{"%ID":5,"%TYPE":"x.Chain","@first":3}]}`, uint8(0))
	f.Fuzz(func(t *testing.T, in string, unit uint8) {
		c := &annotation.Corpus{}
		opt := Options{Unit: []string{"", "codepoint", "byte"}[unit%3]}
		if err := ReadJSON(c, strings.NewReader(in), "f.json", "d", "a", opt); err != nil {
			if !strings.HasPrefix(err.Error(), "f.json") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read an invalid corpus: %v", err)
		}
	})
}
