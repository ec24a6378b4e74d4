package segmentation

import (
	"math"
	"testing"
)

// FuzzBoundaryEdits decodes two sets-format segmentations from data (per
// slot, the low 4 bits are A's types 1…4 and the high 4 bits B's) and checks
// BoundaryEdits against the literal transcription refEdits, symmetry, and
// the ranges of B and S.
func FuzzBoundaryEdits(f *testing.F) {
	f.Add([]byte{0x00, 0x01, 0x00, 0x00, 0x01, 0x10}, uint8(0))
	f.Add([]byte{0x00, 0x61, 0x00, 0x00, 0x01, 0x10, 0x00, 0x00, 0x40, 0x00}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, ntb uint8) {
		if len(data) > 64 {
			data = data[:64]
		}
		nt := 2 + int(ntb%3)
		sa, sb := make([][]int, len(data)), make([][]int, len(data))
		for i, x := range data {
			for ty := 1; ty <= 4; ty++ {
				if x&(1<<(ty-1)) != 0 {
					sa[i] = append(sa[i], ty)
				}
				if x&(1<<(ty+3)) != 0 {
					sb[i] = append(sb[i], ty)
				}
			}
		}
		a, err := FromSets(sa)
		if err != nil {
			t.Fatal(err)
		}
		b, err := FromSets(sb)
		if err != nil {
			t.Fatal(err)
		}
		e, err := BoundaryEdits(a, b, nt)
		if err != nil {
			t.Fatal(err)
		}
		want := refEdits(sa, sb, nt)
		if len(e.Additions) != want.adds || len(e.Substitutions) != want.subs || len(e.Transpositions) != want.trans ||
			e.Matches != want.matches || math.Abs(e.SubstitutionWeight()-want.ws) > 1e-12 || math.Abs(e.TranspositionWeight()-want.wt) > 1e-12 {
			t.Fatalf("a=%v b=%v n_t=%d: got %d/%d/%d/%d, want %+v", sa, sb, nt, len(e.Additions), len(e.Substitutions), len(e.Transpositions), e.Matches, want)
		}
		r, _ := BoundaryEdits(b, a, nt)
		if math.Abs(r.B()-e.B()) > 1e-15 || math.Abs(r.S()-e.S()) > 1e-15 {
			t.Fatalf("asymmetric: B %v/%v S %v/%v", e.B(), r.B(), e.S(), r.S())
		}
		if v := e.B(); !(v >= 0 && v <= 1) {
			t.Fatalf("B = %v", v)
		}
		if v := e.S(); !(v <= 1) || math.IsNaN(v) {
			t.Fatalf("S = %v", v)
		}
	})
}
