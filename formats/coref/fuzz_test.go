package coref

import (
	"strings"
	"testing"

	"agree/coref"
)

// exercise scores a successfully read corpus against itself and between
// annotators: nothing may panic, and self-comparison must give F1 = 1 for
// B³ whenever there are mentions.
func exercise(t *testing.T, b *coref.Builder) {
	c, err := b.Build()
	if err != nil {
		return
	}
	n := len(c.Annotators())
	for a := 0; a < n; a++ {
		for o := 0; o < n; o++ {
			s := c.Compare(a, o)
			if a == o {
				hasMentions := false
				for d := range c.Documents() {
					hasMentions = hasMentions || c.Partition(a, d).Mentions() > 0
				}
				if hasMentions && s.B3.F1 != 1 {
					t.Fatalf("self-comparison B³ F1 = %v", s.B3.F1)
				}
			}
			if tab, err := c.LinkTable(a, o); err == nil {
				tab.Agreement()
			}
		}
	}
	c.ChainSetAlphas(coref.OtherMembers)
}

func FuzzReadCoNLL(f *testing.F) {
	f.Add("#begin document (d); part 000\nw (1\nw 1)|(2)\nw (1(3\nw 3)1)\n#end document\n")
	f.Add("w (1)\n\nw 1)\n")
	f.Add("#begin document (x)\nw (007|(7)\nw 7)\n#end document\n#begin document (y)\n#end document\n")
	f.Fuzz(func(t *testing.T, s string) {
		b := coref.NewBuilder(coref.KeepFirst)
		if err := ReadCoNLL(strings.NewReader(s), "f", "a", b); err != nil {
			if !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		ReadCoNLL(strings.NewReader(s), "g", "b", b)
		exercise(t, b)
	})
}

func FuzzReadBrat(f *testing.F) {
	f.Add("T1\tPerson 0 5\tAlice\nT3\tPerson 19 22\tShe\n*\tEquiv T1 T3\n")
	f.Add("T1\tP 0 1;3 4\ta\nT2\tP 0 1;3 4\ta\nR1\tCoreference Arg1:T1 Arg2:T2\n")
	f.Fuzz(func(t *testing.T, s string) {
		b := coref.NewBuilder(coref.KeepFirst)
		if err := ReadBrat(strings.NewReader(s), "f", "a", "d", BratOptions{}, b); err != nil {
			if !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		exercise(t, b)
	})
}

func FuzzReadCSV(f *testing.F) {
	f.Add("annotator,mention,chain\nA,m1,1\nA,m2,1\nB,m1,1\nB,m2,2\n")
	f.Add("document,annotator,mention,chain\nd,A,m,1\nd,A,m,2\n")
	f.Fuzz(func(t *testing.T, s string) {
		b := coref.NewBuilder(coref.KeepFirst)
		if err := ReadCSV(strings.NewReader(s), "f", b); err != nil {
			if !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		exercise(t, b)
	})
}
