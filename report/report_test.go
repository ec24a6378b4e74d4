package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestNumberJSON(t *testing.T) {
	b, err := json.Marshal(map[string]Number{"a": 0.25, "nan": Number(math.NaN()), "inf": Number(math.Inf(1))})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"a":0.25,"inf":null,"nan":null}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestFloat(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{{0.12345, "0.1235"}, {math.NaN(), "undefined"}, {-0.00001, "0.0000"}, {math.Inf(-1), "-inf"}, {2, "2.0000"}} {
		if got := Float(c.x, 4); got != c.want {
			t.Errorf("Float(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestWriteTables(t *testing.T) {
	tb := Table{Title: "T", Header: []string{"name", "value"}, Rows: [][]string{{"a|b", "1.5"}, {"c", "undefined"}}, Notes: []string{"n"}}
	cases := []struct {
		f    Format
		want string
	}{
		{Text, "T\n  name  value\n  a|b         1.5\n  c     undefined\n  note: n\n"},
		{Markdown, "### T\n\n| name | value |\n|---|---|\n| a\\|b | 1.5 |\n| c | undefined |\n\n> n\n"},
		{CSV, "# T\nname,value\na|b,1.5\nc,undefined\n# note: n\n"},
	}
	for _, c := range cases {
		var b bytes.Buffer
		if err := WriteTables(&b, c.f, tb); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%v:\n%q\nwant\n%q", c.f, b.String(), c.want)
		}
	}
	if err := WriteTables(&bytes.Buffer{}, JSON, tb); err == nil {
		t.Error("tables as JSON: want an error")
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"table": Text, "JSON": JSON, "md": Markdown, "csv": CSV} {
		if f, err := ParseFormat(in); err != nil || f != want {
			t.Errorf("ParseFormat(%q) = %v, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), "unknown format") {
		t.Errorf("xml: %v", err)
	}
}
