// Package tiers maps the tiers of a time-aligned annotation file (ELAN,
// Praat) to annotators and layers, from the --tiers specification:
//
//   - "" (auto): ELAN's ANNOTATOR attribute when some tier has one (the
//     tiers without it are left out), each tier's name otherwise (tiers
//     without annotations are then left out: ELAN files often keep an empty
//     "default" tier);
//   - "annotator": the ANNOTATOR attribute (tiers without it are left out);
//     the layer is the tier's type (ELAN's linguistic type), so that the
//     tiers Gesture_A and Gesture_B of one type are one layer;
//   - "A=TierA,B=TierB": annotator A is tier TierA, and so on; the other
//     tiers are left out; a name that is no tier of the file is an error
//     listing the tiers;
//   - anything else is a regular expression matched against whole tier
//     names: its first group names the annotator (the whole name without a
//     group), and the layer is the name with that group replaced by "*"
//     ("Gesture_(.+)" reads Gesture_A as annotator A of layer "Gesture_*");
//   - "dir": one file per annotator in a directory per annotator
//     (coderA/session1.eaf, coderB/session1.eaf): the annotator is the
//     directory's name, the document the file's, and each tier with
//     annotations is a layer named after the tier;
//   - "file": one file per annotator in a directory per recording
//     (session1/coderA.TextGrid): the annotator is the file's name, the
//     document the directory's, each tier a layer.
//
// Tiers left out are listed in a note.
package tiers

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"agree/formats/internal/names"
	"agree/internal/plural"
)

// Tier describes one tier of a file.
type Tier struct {
	Name string
	// Annotator is ELAN's ANNOTATOR attribute ("" when absent).
	Annotator string
	// Type is ELAN's linguistic type ("" for Praat).
	Type string
	// Empty says the tier has no annotation.
	Empty bool
}

// Choice is what a tier is read as; Annotator "" means the tier is left
// out.
type Choice struct {
	Annotator, Layer string
}

type kind int

const (
	auto kind = iota
	byAttribute
	byMapping
	byPattern
	byDir
	byFile
)

// Selector is a parsed --tiers specification.
type Selector struct {
	kind    kind
	mapping map[string]string // tier → annotator
	names   []string          // annotators of the mapping, in order
	re      *regexp.Regexp
}

// Parse parses a --tiers specification (see the package documentation).
func Parse(spec string) (*Selector, error) {
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "":
		return &Selector{kind: auto}, nil
	case spec == "annotator":
		return &Selector{kind: byAttribute}, nil
	case spec == "dir":
		return &Selector{kind: byDir}, nil
	case spec == "file":
		return &Selector{kind: byFile}, nil
	}
	items := strings.Split(spec, ",")
	mapping := true
	for _, it := range items {
		mapping = mapping && strings.Contains(it, "=")
	}
	if mapping {
		s := &Selector{kind: byMapping, mapping: map[string]string{}}
		seen := map[string]bool{}
		for _, it := range items {
			ann, tier, _ := strings.Cut(it, "=")
			ann, tier = strings.TrimSpace(ann), strings.TrimSpace(tier)
			if ann == "" || tier == "" {
				return nil, fmt.Errorf("Options.Tiers %q: %q is not ANNOTATOR=TIER", spec, it)
			}
			if seen[ann] {
				return nil, fmt.Errorf("Options.Tiers %q: annotator %q is given two tiers", spec, ann)
			}
			if prev, dup := s.mapping[tier]; dup {
				return nil, fmt.Errorf("Options.Tiers %q: tier %q is given to both %q and %q", spec, tier, prev, ann)
			}
			seen[ann] = true
			s.mapping[tier] = ann
			s.names = append(s.names, ann)
		}
		return s, nil
	}
	re, err := regexp.Compile("^(?:" + spec + ")$")
	if err != nil {
		return nil, fmt.Errorf("Options.Tiers %q is neither A=TIER,… nor a regular expression: %v", spec, err)
	}
	return &Selector{kind: byPattern, re: re}, nil
}

// Assign returns the choice for each tier of a file (in the order of
// tiers), and a note naming the tiers left out ("" when none). file names
// the file in errors.
func (s *Selector) Assign(tiers []Tier, file string) ([]Choice, string, error) {
	out := make([]Choice, len(tiers))
	k := s.kind
	if k == auto {
		k = -1
		for _, t := range tiers {
			if t.Annotator != "" {
				k = byAttribute
			}
		}
	}
	switch k {
	case byDir, byFile:
		_, ann := s.Names(file)
		for i, t := range tiers {
			if !t.Empty {
				out[i] = Choice{Annotator: ann, Layer: t.Name}
			}
		}
	case -1: // tier names
		for i, t := range tiers {
			if !t.Empty {
				out[i] = Choice{Annotator: t.Name}
			}
		}
	case byAttribute:
		for i, t := range tiers {
			if t.Annotator != "" {
				out[i] = Choice{Annotator: t.Annotator, Layer: t.Type}
			}
		}
		if s.kind == byAttribute && allOut(out) {
			return nil, "", fmt.Errorf("%s: no tier has an ANNOTATOR attribute (tiers: %s); name the annotators' tiers with Options.Tiers A=TIER,…", file, list(tiers))
		}
	case byMapping:
		byName := map[string]int{}
		for i, t := range tiers {
			byName[t.Name] = i
		}
		for _, ann := range s.names {
			var tier string
			for t, a := range s.mapping {
				if a == ann {
					tier = t
				}
			}
			i, ok := byName[tier]
			if !ok {
				return nil, "", fmt.Errorf("%s: no tier %q (given to annotator %q by Options.Tiers); the tiers are %s", file, tier, ann, list(tiers))
			}
			out[i] = Choice{Annotator: ann}
		}
	case byPattern:
		for i, t := range tiers {
			m := s.re.FindStringSubmatchIndex(t.Name)
			if m == nil {
				continue
			}
			if len(m) < 4 || m[2] < 0 {
				out[i] = Choice{Annotator: t.Name}
				continue
			}
			ann := t.Name[m[2]:m[3]]
			if ann == "" {
				return nil, "", fmt.Errorf("%s: tier %q: the first group of Options.Tiers %q matches nothing, so it names no annotator", file, t.Name, s.re.String())
			}
			out[i] = Choice{Annotator: ann, Layer: t.Name[:m[2]] + "*" + t.Name[m[3]:]}
		}
		if allOut(out) {
			return nil, "", fmt.Errorf("%s: no tier matches Options.Tiers %s (tiers: %s)", file, strings.TrimSuffix(strings.TrimPrefix(s.re.String(), "^(?:"), ")$"), list(tiers))
		}
	}
	var left []string
	for i, t := range tiers {
		if out[i].Annotator == "" {
			left = append(left, strconv.Quote(t.Name))
		}
	}
	note := ""
	if len(left) > 0 {
		note = fmt.Sprintf("%s not read (%s)", plural.Count(len(left), "tier"), strings.Join(left, ", "))
		if k == -1 || k == byDir || k == byFile {
			note += ": they have no annotation"
		}
	}
	return out, note, nil
}

func allOut(cs []Choice) bool {
	for _, c := range cs {
		if c.Annotator != "" {
			return false
		}
	}
	return true
}

func list(tiers []Tier) string {
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = strconv.Quote(t.Name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Document returns the document a file stands for: given when it is set,
// else the one "dir" or "file" names, else the file's base name.
func (s *Selector) Document(given, file string) string {
	if given != "" {
		return given
	}
	if d, _ := s.Names(file); d != "" {
		return d
	}
	return names.Base(file)
}

// Names returns the document and annotator a file stands for with "dir"
// and "file" ("" for the document, meaning the file's own name, with the
// other specifications).
func (s *Selector) Names(file string) (doc, annotator string) {
	p := filepath.ToSlash(file)
	base := path.Base(p)
	base = strings.TrimSuffix(base, path.Ext(base))
	dir := path.Base(path.Dir(p))
	if dir == "." || dir == "/" {
		abs, err := filepath.Abs(file)
		if err == nil {
			dir = filepath.Base(filepath.Dir(abs))
		}
	}
	switch s.kind {
	case byDir:
		return base, dir
	case byFile:
		return dir, base
	}
	return "", ""
}
