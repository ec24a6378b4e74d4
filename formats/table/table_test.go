package table

import (
	"strings"
	"testing"

	"agree/coding"
)

func read(t *testing.T, in string, opt Options) *coding.Data {
	t.Helper()
	d, err := Read(strings.NewReader(in), "in.csv", opt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// cells renders data as "item:coder=value" lines, sorted by input order.
func cells(d *coding.Data) string {
	var b strings.Builder
	for i, it := range d.Items() {
		for c, co := range d.Coders() {
			if v := d.Value(i, c); v != coding.Missing {
				b.WriteString(it + ":" + co + "=" + d.Labels()[v] + " ")
			}
		}
	}
	return strings.TrimSpace(b.String())
}

func TestLayouts(t *testing.T) {
	cases := []struct {
		name string
		in   string
		opt  Options
		want string
	}{
		{"wide with missing cells (empty and NA)", "item,ann,bob\n1,a,b\n2,,c\n3,NA,a\n", Options{}, "1:ann=a 1:bob=b 2:bob=c 3:bob=a"},
		{"wide with a BOM and CRLF", "\ufeffitem,ann,bob\r\n1,a,b\r\n", Options{}, "1:ann=a 1:bob=b"},
		{"wide trims spaces and skips blank lines", "item, ann , bob\n1, a ,b\n\n2,c, c\n", Options{}, "1:ann=a 1:bob=b 2:ann=c 2:bob=c"},
		{"long in any column order", "value,coder,item\nx,A,i1\ny,B,i1\nx,B,i2\n", Options{}, "i1:A=x i1:B=y i2:B=x"},
		{"long with synonyms (unit, annotator, label)", "unit,annotator,label\nu,a,1\n", Options{}, "u:a=1"},
		{"three columns not named as long layout are wide", "doc,x,y\nd1,1,2\n", Options{}, "d1:x=1 d1:y=2"},
		{"Komen's ';' columns layout, no header", "s1;0;0\ns2;1;1\ns3;1;0\n", Options{Layout: Columns, Columns: []int{2, 3}, Comma: ';'}, "1:column2=0 1:column3=0 2:column2=1 2:column3=1 3:column2=1 3:column3=0"},
		{"columns layout with a header names the coders", "id;John;Mary\n1;0;1\n", Options{Layout: Columns, Columns: []int{2, 3}, Comma: ';', Header: true}, "1:John=0 1:Mary=1"},
		{"tab separated", "item\ta\tb\n1\tx\ty\n", Options{Comma: '\t'}, "1:a=x 1:b=y"},
		{"custom missing token", "item,a,b\n1,.,y\n", Options{Missing: []string{"."}}, "1:b=y"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := cells(read(t, c.in, c.opt)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestDeclaredCategories(t *testing.T) {
	d := read(t, "item,a,b\n1,lo,hi\n", Options{Categories: []string{"lo", "mid", "hi"}})
	if got := strings.Join(d.Labels(), ","); got != "lo,mid,hi" {
		t.Errorf("labels = %s, want lo,mid,hi (declared order, unused kept)", got)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name string
		in   string
		opt  Options
		want string // substring of the error
	}{
		{"empty file", "", Options{}, "in.csv: empty file"},
		{"header only", "item,a,b\n", Options{}, "in.csv: no items"},
		{"ragged row", "item,a,b\n1,x,y\n2,x\n", Options{}, "in.csv:3: 2 fields, want 3"},
		{"duplicate item row", "item,a,b\n1,x,y\n1,x,y\n", Options{}, `in.csv:3:1: item "1" appears on two rows`},
		{"duplicate coder column", "item,a,a\n1,x,y\n", Options{}, `coder "a" names columns 2 and 3`},
		{"one column only", "item\n1\n", Options{}, "want an item column and one column per coder"},
		{"long: value given twice", "item,coder,value\n1,a,x\n1,a,y\n", Options{}, `in.csv:3:5: coder "a" already gave item "1" a value`},
		{"long: forced without the columns", "item,who,what\n1,a,x\n", Options{Layout: Long}, `no "coder" column`},
		{"long: empty coder", "item,coder,value\n1,,x\n", Options{}, "in.csv:2:2: empty coder name"},
		{"closed categories: unknown value", "item,a,b\n1,lo,hgh\n", Options{Categories: []string{"lo", "hi"}, Closed: true}, `in.csv:2:6: value "hgh" is not among the declared categories`},
		{"bad quote", "item,a,b\n1,\"x,y\n", Options{}, "in.csv:2:"},
		{"columns: too few chosen", "1;2\n", Options{Layout: Columns, Columns: []int{2}, Comma: ';'}, "two or more columns"},
		{"columns: short line", "1;2;3\n1;2\n", Options{Layout: Columns, Columns: []int{2, 3}, Comma: ';'}, "in.csv:2: 2 fields, but column 3 was chosen"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.in), "in.csv", c.opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"item,a,b\n1,x,y\n2,,z\n",
		"item,coder,value\n1,a,x\n1,b,y\n",
		"\ufeffitem,a\n1,\"q,\"\"x\"\n",
		"s;0;1\ns;1;1\n",
	} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, in string, layout uint8) {
		opt := Options{Layout: Layout(layout % 4)}
		if opt.Layout == Columns {
			opt.Columns = []int{1, 2}
		}
		d, err := Read(strings.NewReader(in), "fuzz", opt)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Errorf("error without the file name: %v", err)
			}
			return
		}
		// Whatever was read must be analysable without panicking.
		if _, err := coding.Analyze(d, coding.Options{}); err != nil {
			t.Errorf("nominal analysis failed: %v", err)
		}
	})
}
