package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"agree/inference"
)

// Limits of the size flags. Each is documented in the flag's help (agree
// CMD -h shows "0 ≤ N ≤ 100000") and in the table of limits of docs/cli.md; a
// value outside is refused before any work (exit 2), never capped silently.
const (
	maxResamples = inference.MaxResamples // --bootstrap of coding and coref (memory does not grow with it)
	maxWorkers   = 256                    // --workers of every command
	maxTop       = 10_000                 // coding --top
	maxNT        = 1_000                  // segmentation --nt (BED costs O(boundaries · n_t))
	maxWindow    = 1_000_000_000          // segmentation --window

	// shuffle: the library's limits (shuffle.MaxAnnotators, …) and two of
	// the command's, which bound the length of a run.
	maxShuffleSets = 10_000    // --sets per magnitude
	maxShuffleGap  = 1e9       // --min-gap, --max-gap (the model's largest length)
	maxShuffleRuns = 1_000_000 // simulated sets in a sweep: error types × magnitudes × sets
)

// limit is an interval of allowed values of a numeric flag. NaN is never
// in it; an infinite hi means no upper bound.
type limit struct {
	lo, hi         float64
	loOpen, hiOpen bool
	integer        bool
}

// between returns the closed interval [lo, hi] for an int flag.
func between(lo, hi int) limit { return limit{lo: float64(lo), hi: float64(hi), integer: true} }

// atLeast returns [lo, ∞) for an int flag; use it only for flags that size
// nothing (a size flag has a maximum).
func atLeast(lo int) limit { return limit{lo: float64(lo), hi: math.Inf(1), integer: true} }

// span returns an interval of a float flag; open says which ends are
// excluded: "" (none), "lo", "hi" or "both".
func span(lo, hi float64, open string) limit {
	return limit{lo: lo, hi: hi, loOpen: open == "lo" || open == "both", hiOpen: open == "hi" || open == "both"}
}

func (l limit) contains(x float64) bool {
	switch {
	case math.IsNaN(x):
		return false
	case x < l.lo || (l.loOpen && x == l.lo):
		return false
	case x > l.hi || (l.hiOpen && x == l.hi):
		return false
	}
	return true
}

// describe writes the interval with the variable name v: "0 ≤ N ≤ 100000",
// "0 < x < 1", "N ≥ 2".
func (l limit) describe(v string) string {
	num := func(x float64) string {
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	lt := func(open bool) string {
		if open {
			return " < "
		}
		return " ≤ "
	}
	if math.IsInf(l.hi, 1) {
		if l.loOpen {
			return v + " > " + num(l.lo)
		}
		return v + " ≥ " + num(l.lo)
	}
	return num(l.lo) + lt(l.loOpen) + v + lt(l.hiOpen) + num(l.hi)
}

// boundedValue is a flag value whose Set refuses values outside its limit.
type boundedValue struct {
	inner flag.Getter
	l     limit
	v     string
}

func (b *boundedValue) String() string {
	if b == nil || b.inner == nil {
		return "" // the zero value flag.PrintDefaults builds
	}
	return b.inner.String()
}

func (b *boundedValue) Get() any { return b.inner.Get() }

func (b *boundedValue) Set(s string) error {
	if err := b.inner.Set(s); err != nil {
		return err
	}
	var x float64
	switch v := b.inner.Get().(type) {
	case int:
		x = float64(v)
	case int64:
		x = float64(v)
	case uint:
		x = float64(v)
	case uint64:
		x = float64(v)
	case float64:
		x = v
	}
	if !b.l.contains(x) {
		return fmt.Errorf("want %s", b.l.describe(b.v))
	}
	return nil
}

// bound attaches a limit to the numeric flag name of fs, already defined:
// values outside are refused while parsing (a usage error, exit 2) and the
// flag's help states the interval. It is how every command (gamma
// included) declares its size flags' maxima.
func bound(fs *flag.FlagSet, name string, l limit) {
	fl := fs.Lookup(name)
	if fl == nil {
		panic("bound: no flag " + name)
	}
	g, ok := fl.Value.(flag.Getter)
	if !ok {
		panic("bound: flag " + name + " has no Get method")
	}
	v := "x"
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		v, l.integer = "N", true
	}
	if strings.Contains(fl.Usage, "`") {
		panic("bound: the usage of " + name + " already names its argument")
	}
	// flag.PrintDefaults shows the back-quoted word as the argument's name.
	fl.Usage += " (" + strings.Replace(l.describe(v), v, "`"+v+"`", 1) + ")"
	fl.Value = &boundedValue{inner: g, l: l, v: v}
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// requires is a usage error when flag name is given without flag other.
func requires(fs *flag.FlagSet, name, other string) error {
	if flagSet(fs, name) && !flagSet(fs, other) {
		return usagef("%s: --%s needs --%s", strings.TrimPrefix(fs.Name(), "agree "), name, other)
	}
	return nil
}

// oneOf is a usage error when the value of flag name is not among allowed.
func oneOf(fs *flag.FlagSet, name, value string, allowed ...string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return usagef("%s: --%s must be %s, got %q", strings.TrimPrefix(fs.Name(), "agree "), name, orList(allowed), value)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// flagValueError matches the flag package's message for a value its flag
// refuses, to say it as the user wrote it: "--nt 1: want 2 ≤ N ≤ 1000".
var flagValueError = regexp.MustCompile(`(?s)^invalid value "(.*)" for flag -([^:]+): (.*)$`)

func rephraseFlagError(fs *flag.FlagSet, err error) string {
	if m := flagValueError.FindStringSubmatch(err.Error()); m != nil {
		why := m[3]
		if why == "parse error" || why == "value out of range" {
			why = "not a number"
			if fl := fs.Lookup(m[2]); fl != nil {
				if g, ok := fl.Value.(flag.Getter); ok {
					switch g.Get().(type) {
					case int, int64:
						why = "want a whole number"
					case uint, uint64:
						why = "want a whole number ≥ 0"
					case bool:
						why = "want true or false"
					}
				}
			}
		}
		return fmt.Sprintf("--%s %s: %s", m[2], m[1], why)
	}
	return err.Error()
}

// quietParse parses args with the flag set's own messages and usage
// silenced: parseFlags reports the error once, and the usage only for -h.
func quietParse(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	return fs.Parse(args)
}
