package distance

import (
	"errors"
	"strings"
	"testing"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

func TestReadMatrix(t *testing.T) {
	m, err := ReadMatrix(strings.NewReader("\ufeff,a,b,c\na,0,1,0.5\nb,1,0,0.5\nc,0.5,0.5,0\n"), "w.csv")
	if err != nil {
		t.Fatal(err)
	}
	mt, err := m.Bind([]string{"c", "a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := mt.Distance(0, 1); d != 0.5 {
		t.Errorf("d(c,a) = %v, want 0.5", d)
	}
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", "w.csv: empty file"},
		{"no categories", "x\n", "w.csv:1: the header names no category"},
		{"ragged", ",a,b\na,0\n", "w.csv:2: 2 fields, want 3"},
		{"not a number", ",a,b\na,0,x\nb,1,0\n", `w.csv:2:3: "x" is not a number`},
		{"unknown row", ",a,b\nz,0,1\n", `w.csv:2:1: category "z" is not in the header`},
		{"missing row", ",a,b\na,0,1\n", `no row for category "b"`},
		{"asymmetric", ",a,b\na,0,1\nb,2,0\n", "not symmetric"},
		{"non-zero diagonal", ",a,b\na,1,1\nb,1,0\n", "the diagonal must be 0"},
		{"negative", ",a,b\na,0,-1\nb,-1,0\n", "want a number from 0 to"},
		{"bad quote", ",a\n\"a,0\n", "w.csv:2:"},
	} {
		_, err := ReadMatrix(strings.NewReader(c.in), "w.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := m.Bind([]string{"a", "zz"}, nil); err == nil || !strings.Contains(err.Error(), "not in the distance matrix") {
		t.Errorf("unknown category: err = %v", err)
	}
}

func FuzzReadMatrix(f *testing.F) {
	f.Add(",a,b\na,0,1\nb,1,0\n")
	f.Add(",a,b,c\na,0,1,0.5\nb,1,0,0.5\nc,0.5,0.5,0\n")
	f.Add("\ufeff,x\nx,0\n")
	f.Fuzz(func(t *testing.T, in string) {
		m, err := ReadMatrix(strings.NewReader(in), "f")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f") {
				t.Errorf("error without the file name: %v", err)
			}
			return
		}
		labels := m.Labels()
		mt, err := m.Bind(labels, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range labels {
			for j := range labels {
				if d := mt.Distance(i, j); d < 0 || d != mt.Distance(j, i) || (i == j && d != 0) {
					t.Fatalf("accepted an invalid matrix: d(%d,%d) = %v", i, j, d)
				}
			}
		}
	})
}
