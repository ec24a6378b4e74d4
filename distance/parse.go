package distance

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/internal/suggest"
)

// Names lists the distances ParseWith knows, as -h and the errors name
// them.
const Names = "nominal, ordinal, interval, linear, ratio, circular[:U], bipolar[:min,max], irrcac-ordinal, radical, matrix:FILE, " +
	"jaccard, dice, passonneau, masi, geertzen-bunt[:a,b], melamed-resnik or extended-sense[:SET]"

// names are the distances' names without parameters, for suggestions.
var names = []string{"nominal", "ordinal", "interval", "linear", "ratio", "circular", "bipolar", "irrcac-ordinal", "radical", "matrix",
	"jaccard", "dice", "passonneau", "masi", "geertzen-bunt", "melamed-resnik", "extended-sense"}

// ParseOptions is what a distance spec may refer to besides its text.
type ParseOptions struct {
	// Categories, if not empty, is the declared order of the categories:
	// "ordinal" ranks them in this order instead of sorting the values.
	Categories []string
	// SetSeparator separates the elements of set-valued labels for the set
	// distances ("" means "|"); a spec's own separator (masi:;) must agree
	// with it.
	SetSeparator string
	// Taxonomy is the hierarchy of the tags (ReadTaxonomy) for the
	// hierarchical distances.
	Taxonomy *Taxonomy
	// Open opens the file of matrix:FILE; nil means os.Open.
	Open func(name string) (io.ReadCloser, error)
}

// ErrNeedsTaxonomy is wrapped by the *SpecError of a hierarchical
// distance parsed without ParseOptions.Taxonomy.
var ErrNeedsTaxonomy = errors.New("needs a taxonomy of the tags (child,parent rows)")

// SpecError is a distance spec that is wrong in itself (unknown name, bad
// parameter, missing taxonomy), as opposed to a problem with a file it
// names (which ReadMatrix reports with its position).
type SpecError struct {
	Spec string // the spec as given
	Err  error  // what is wrong with it
}

func (e *SpecError) Error() string { return fmt.Sprintf("distance %q: %v", e.Spec, e.Err) }
func (e *SpecError) Unwrap() error { return e.Err }

// Parse returns the distance named by spec without categories, taxonomy or
// a set separator of the caller's (see ParseWith for the names).
func Parse(spec string) (Spec, error) { return ParseWith(spec, ParseOptions{}) }

// ParseWith returns the distance named by spec, case-insensitively:
//
//	nominal (binary)        0 for equal values, 1 otherwise
//	ordinal                 Krippendorff's ordinal distance (opt.Categories for the order)
//	interval, ratio         Krippendorff's interval and ratio distances
//	linear (absolute)       |a − b|
//	circular[:U]            circular distance with period U (default: the observed range)
//	bipolar[:min,max]       bipolar distance on the scale min..max (default: the observed extremes)
//	irrcac-ordinal          irrCAC's ordinal weights: |Δr|(|Δr|+1)/2 on the categories' ranks (weights.go)
//	radical                 irrCAC's radical weights: √|a − b|
//	matrix:FILE             a distance matrix in CSV (ReadMatrix)
//	jaccard, dice, passonneau, masi [:SEP]
//	                        set distances; SEP (one character) separates the elements
//	geertzen-bunt[:a,b] (gb), melamed-resnik (mr), extended-sense[:SET] (extended, es)
//	                        hierarchical distances over opt.Taxonomy
//
// A spec that is wrong in itself gives a *SpecError naming the spec and
// what is wrong (an unknown name lists the known ones; "masi:foo" says
// that a separator is one character); reading matrix:FILE returns the
// file's own errors.
func ParseWith(spec string, opt ParseOptions) (Spec, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	bad := func(format string, args ...any) (Spec, error) {
		return nil, &SpecError{Spec: spec, Err: fmt.Errorf(format, args...)}
	}
	noArg := func(sp Spec) (Spec, error) {
		if hasArg {
			return bad("%s takes no parameter", name)
		}
		return sp, nil
	}
	switch name {
	case "nominal", "binary":
		return noArg(Nominal())
	case "ordinal":
		return noArg(Ordinal(opt.Categories))
	case "interval":
		return noArg(Interval())
	case "linear", "absolute":
		return noArg(Linear())
	case "ratio":
		return noArg(Ratio())
	case "irrcac-ordinal":
		return noArg(IrrCACOrdinal(opt.Categories))
	case "radical", "irrcac-radical":
		return noArg(Radical(opt.Categories))
	case "circular":
		if !hasArg {
			return Circular(0), nil
		}
		u, err := strconv.ParseFloat(strings.TrimSpace(arg), 64)
		if err != nil || !(u > 0) || !(u <= MaxNumber) {
			return bad("circular:U needs a positive period U of at most %g, got %q", MaxNumber, arg)
		}
		return Circular(u), nil
	case "bipolar":
		if !hasArg {
			return Bipolar(math.NaN(), math.NaN()), nil
		}
		lo, hi, ok := strings.Cut(arg, ",")
		a, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		b, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if !ok || err1 != nil || err2 != nil || !(a < b) || !(math.Abs(a) <= MaxNumber) || !(math.Abs(b) <= MaxNumber) {
			// beyond MaxNumber, as for values, the distance's products
			// overflow (bipolar:-1e308,1e308 made every distance 0)
			return bad("bipolar:min,max needs two finite numbers min < max of magnitude at most %g, got %q", MaxNumber, arg)
		}
		return Bipolar(a, b), nil
	case "matrix":
		if !hasArg || strings.TrimSpace(arg) == "" {
			return bad("matrix:FILE needs a file")
		}
		open := opt.Open
		if open == nil {
			open = func(name string) (io.ReadCloser, error) { return os.Open(name) }
		}
		r, err := open(arg)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return ReadMatrix(r, arg)
	case setJaccard, setDice, setPassonneau, setMASI:
		sep := opt.SetSeparator
		if hasArg {
			if utf8.RuneCountInString(arg) != 1 {
				return bad("%s:SEP takes the one character that separates the elements of a set, got %q", name, arg)
			}
			if sep != "" && sep != arg {
				return bad("the set separator %q differs from the one given separately, %q", arg, sep)
			}
			sep = arg
		}
		return SetDistance(name, sep)
	case "geertzen-bunt", "gb", "melamed-resnik", "mr", "extended-sense", "extended", "es":
		if opt.Taxonomy == nil {
			return nil, &SpecError{Spec: spec, Err: fmt.Errorf("%s %w", name, ErrNeedsTaxonomy)}
		}
		var sp Spec
		var err error
		switch name {
		case "geertzen-bunt", "gb":
			a, b := 0.75, 1.0
			if hasArg {
				x, y, ok := strings.Cut(arg, ",")
				var err1, err2 error
				a, err1 = strconv.ParseFloat(strings.TrimSpace(x), 64)
				b, err2 = strconv.ParseFloat(strings.TrimSpace(y), 64)
				if !ok || err1 != nil || err2 != nil {
					return bad("geertzen-bunt:a,b needs two numbers, got %q", arg)
				}
			}
			sp, err = GeertzenBunt(opt.Taxonomy, a, b)
		case "melamed-resnik", "mr":
			if hasArg {
				return bad("melamed-resnik takes no parameter")
			}
			sp, err = MelamedResnik(opt.Taxonomy)
		default:
			if !hasArg || arg == "" {
				arg = setPassonneau
			}
			sp, err = ExtendedSense(opt.Taxonomy, arg)
		}
		if err != nil {
			return nil, &SpecError{Spec: spec, Err: err}
		}
		return sp, nil
	}
	if name == "" {
		return bad("no distance named")
	}
	return nil, &SpecError{Spec: spec, Err: fmt.Errorf("unknown distance%s (want %s)", suggest.DidYouMean(name, names), Names)}
}
