// Package gate checks requirements on a command's result — a quality gate
// for continuous integration: "krippendorff_alpha>=0.8" holds when the
// number the name designates in the result's JSON form is at least 0.8.
//
// A name is a path of JSON member names (or array indices) joined by dots,
// matched against the end of the paths in the result: "krippendorff_alpha"
// designates "coefficients.krippendorff_alpha" when no shallower member
// bears that name, "micro.f1" the "f1" of "micro". An element of an array
// that has a "key" member is also reached by that key ("icc_a1" in
// agree ratings' "forms"). A designated object with a "value" member
// stands for that value. The interval's bounds are reached by name:
// "krippendorff_alpha.low" is the "low" of the object's "ci" when it has no
// "low" of its own. When several paths match at the shallowest depth, the
// name is ambiguous and refused with the candidates. An undefined value
// (null) fails every requirement.
package gate

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Requirement is NAME OP BOUND.
type Requirement struct {
	Expr  string // as given
	Name  string
	Op    string // ">=", ">", "<=", "<"
	Bound float64
}

// Parse reads a requirement such as "krippendorff_alpha>=0.8" (spaces
// allowed around the operator).
func Parse(expr string) (Requirement, error) {
	for _, op := range []string{">=", "<=", ">", "<"} {
		i := strings.Index(expr, op)
		if i < 0 {
			continue
		}
		name, num := strings.TrimSpace(expr[:i]), strings.TrimSpace(expr[i+len(op):])
		if name == "" || strings.ContainsAny(name, "<>=! ") {
			return Requirement{}, fmt.Errorf("requirement %q: want NAME%sNUMBER, e.g. krippendorff_alpha>=0.8", expr, op)
		}
		b, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsNaN(b) || math.IsInf(b, 0) {
			return Requirement{}, fmt.Errorf("requirement %q: %q is not a finite number", expr, num)
		}
		return Requirement{Expr: expr, Name: name, Op: op, Bound: b}, nil
	}
	return Requirement{}, fmt.Errorf("requirement %q: want NAME>=NUMBER (or >, <=, <), e.g. krippendorff_alpha>=0.8", expr)
}

// String writes the requirement canonically: "krippendorff_alpha >= 0.8".
func (r Requirement) String() string {
	return r.Name + " " + r.Op + " " + strconv.FormatFloat(r.Bound, 'g', -1, 64)
}

// Outcome is a requirement checked against a result.
type Outcome struct {
	Requirement
	// Path is the full path of the number used; Value the number (NaN when
	// undefined).
	Path  string
	Value float64
	Met   bool
	// Problem is set when the name designates nothing usable (unknown,
	// ambiguous, not a number); the requirement is then not met.
	Problem string
}

// Message says what was checked and how it turned out.
func (o Outcome) Message() string {
	if o.Problem != "" {
		return o.String() + ": " + o.Problem
	}
	v := "undefined (null)"
	if !math.IsNaN(o.Value) {
		v = strconv.FormatFloat(o.Value, 'g', 6, 64)
	}
	verdict := "met"
	if !o.Met {
		verdict = "NOT met"
	}
	return fmt.Sprintf("%s: %s (%s = %s)", o.String(), verdict, o.Path, v)
}

// Check evaluates the requirements on result, any value that marshals to
// JSON (the command's JSON output).
func Check(result any, reqs []Requirement) ([]Outcome, error) {
	b, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil, err
	}
	var nodes []node
	walk(tree, nil, &nodes)
	var out []Outcome
	for _, r := range reqs {
		out = append(out, check(nodes, r))
	}
	return out, nil
}

// node is one value of the tree with its path (member names, indices, and
// for elements with a "key", the key as an alternative segment).
type node struct {
	path []string // the path as written in messages
	alt  []string // the same with array elements named by their "key"
	v    any
}

func walk(v any, path []string, out *[]node) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := append(append([]string{}, path...), k)
			*out = append(*out, node{path: p, v: x[k]})
			walk(x[k], p, out)
		}
	case []any:
		for i, e := range x {
			p := append(append([]string{}, path...), strconv.Itoa(i))
			n := node{path: p, v: e}
			if m, ok := e.(map[string]any); ok {
				if k, ok := m["key"].(string); ok {
					n.alt = append(append([]string{}, path...), k)
				}
			}
			*out = append(*out, n)
			walk(e, p, out)
		}
	}
}

// suffix reports whether path ends with segs, where a segment of path may
// also be matched by the "key" of the element it names (alt).
func suffix(path []string, segs []string, keys map[string]string) bool {
	if len(segs) > len(path) {
		return false
	}
	off := len(path) - len(segs)
	for i, s := range segs {
		p := path[off+i]
		if p != s && keys[strings.Join(path[:off+i+1], ".")] != s {
			return false
		}
	}
	return true
}

func check(nodes []node, r Requirement) Outcome {
	o := Outcome{Requirement: r, Value: math.NaN()}
	keys := map[string]string{} // path of an array element → its "key"
	for _, n := range nodes {
		if n.alt != nil {
			keys[strings.Join(n.path, ".")] = n.alt[len(n.alt)-1]
		}
	}
	// usable: a number, null, or an object with a "value".
	usable := func(n node) bool {
		switch x := n.v.(type) {
		case nil, float64:
			return true
		case map[string]any:
			_, ok := x["value"]
			return ok
		}
		return false
	}
	find := func(segs []string) []node {
		var best []node
		depth := math.MaxInt
		anyUsable := false
		for _, n := range nodes {
			if suffix(n.path, segs, keys) && usable(n) {
				anyUsable = true
				break
			}
		}
		for _, n := range nodes {
			if !suffix(n.path, segs, keys) || (anyUsable && !usable(n)) {
				continue
			}
			switch d := len(n.path); {
			case d < depth:
				best, depth = []node{n}, d
			case d == depth:
				best = append(best, n)
			}
		}
		return best
	}
	segs := strings.Split(r.Name, ".")
	found := find(segs)
	if len(found) == 0 {
		if last := segs[len(segs)-1]; len(segs) > 1 && (last == "low" || last == "high") {
			found = find(append(append(append([]string{}, segs[:len(segs)-1]...), "ci"), last))
		}
	}
	switch {
	case len(found) == 0:
		o.Problem = "no such number in the result (see the JSON keys on the command's page, docs/CMD.md; names are paths of JSON keys joined by dots)"
		return o
	case len(found) > 1:
		var c []string
		for _, n := range found[:min(len(found), 4)] {
			c = append(c, strings.Join(n.path, "."))
		}
		more := ""
		if len(found) > 4 {
			more = fmt.Sprintf(" and %d more", len(found)-4)
		}
		o.Problem = fmt.Sprintf("ambiguous: %s%s; give more of the path", strings.Join(c, ", "), more)
		return o
	}
	n := found[0]
	o.Path = strings.Join(n.path, ".")
	v := n.v
	if m, ok := v.(map[string]any); ok {
		val, has := m["value"]
		if !has {
			o.Problem = fmt.Sprintf("%s is an object without a \"value\"; name one of its numbers", o.Path)
			return o
		}
		o.Path += ".value"
		v = val
	}
	switch x := v.(type) {
	case nil:
		o.Value = math.NaN()
	case float64:
		o.Value = x
	default:
		o.Problem = fmt.Sprintf("%s is not a number", o.Path)
		return o
	}
	if !math.IsNaN(o.Value) {
		switch r.Op {
		case ">=":
			o.Met = o.Value >= r.Bound
		case ">":
			o.Met = o.Value > r.Bound
		case "<=":
			o.Met = o.Value <= r.Bound
		case "<":
			o.Met = o.Value < r.Bound
		}
	}
	return o
}

// WriteJUnit writes the outcomes as a JUnit XML report: one test suite
// (suite, e.g. "agree coding data.csv") with a test case per requirement,
// failed when unmet.
func WriteJUnit(w io.Writer, suite string, outcomes []Outcome) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		Output    string   `xml:"system-out,omitempty"`
	}
	type testsuite struct {
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	type testsuites struct {
		XMLName  xml.Name  `xml:"testsuites"`
		Name     string    `xml:"name,attr"`
		Tests    int       `xml:"tests,attr"`
		Failures int       `xml:"failures,attr"`
		Suites   testsuite `xml:"testsuite"`
	}
	s := testsuite{Name: suite, Tests: len(outcomes)}
	for _, o := range outcomes {
		c := testcase{Name: o.String(), Classname: "agree.requirements", Output: o.Message()}
		if !o.Met {
			s.Failures++
			c.Failure = &failure{Message: o.Message(), Type: "requirement", Text: o.Message()}
		}
		s.Cases = append(s.Cases, c)
	}
	doc := testsuites{Name: "agree", Tests: s.Tests, Failures: s.Failures, Suites: s}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
