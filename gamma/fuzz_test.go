package gamma

import (
	"testing"

	"agree/unitizing"
)

// FuzzBestAlignment decodes up to 8 units (4 bytes each: annotator,
// category, start, length) of up to 4 annotators and checks the optimum of
// every solver path against brute force.
func FuzzBestAlignment(f *testing.F) {
	f.Add([]byte{0, 0, 4, 10, 1, 0, 4, 10, 2, 0, 14, 10, 0, 1, 20, 10, 1, 1, 20, 5, 2, 1, 40, 4}, uint8(3), uint8(0))
	f.Add([]byte{0, 0, 0, 10, 1, 1, 10, 10}, uint8(2), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, nAnn uint8, alphaSel uint8) {
		n := 2 + int(nAnn)%3
		c := &unitizing.Continuum{Name: "fuzz"}
		for a := 0; a < n; a++ {
			c.Annotators = append(c.Annotators, string(rune('A'+a)))
		}
		for i := 0; i+4 <= len(data) && len(c.Units) < 8; i += 4 {
			s := float64(data[i+2] % 64)
			c.Units = append(c.Units, unitizing.Unit{
				Annotator: int(data[i]) % n,
				Category:  string(rune('x' + data[i+1]%3)),
				Start:     s,
				End:       s + 1 + float64(data[i+3]%32),
			})
		}
		if len(c.Units) == 0 {
			if _, err := BestAlignment(c, combinedFor(t, c, 1, 1, 1)); err == nil {
				t.Fatal("no units: no error")
			}
			return
		}
		alpha := []float64{1, 3, 0.5, 2}[alphaSel%4]
		d := combinedFor(t, c, alpha, 1, 1)
		want := bruteForce(c, d)
		for _, v := range [][4]bool{{false, false, false, false}, {true, false, false, false}, {false, true, false, false}, {false, false, true, false}, {false, false, false, true}} {
			a, err := newAligner(c, d)
			if err != nil {
				t.Fatal(err)
			}
			a.genericDP, a.exhaustiveDP, a.useLP, a.useCG = v[0], v[1], v[2], v[3]
			al, err := a.solve()
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, c, d, al)
			if !near(al.Disorder, want, 1e-9) {
				t.Fatalf("path %v: disorder %v, brute force %v; units %+v", v, al.Disorder, want, c.Units)
			}
		}
	})
}
