package uima

import "slices"

// tagFeatures are the features that hold the tag in the DKPro Core types
// INCEpTION and WebAnno use (POS, dependency, coreference link), tried
// after "value".
var tagFeatures = []string{"value", "PosValue", "DependencyType", "referenceType"}

// LabelFeature chooses, among the features of a layer (in declaration
// order), the one whose value is an annotation's label: want when the
// layer has it; else "value"; else the tag feature of the DKPro Core types
// (PosValue, DependencyType, referenceType); else the layer's only feature.
// It returns "" when none of these applies (several features, none known):
// the annotations then have an empty label, and readers say so in a note
// listing the features, for the user to choose one.
func LabelFeature(features []string, want string) string {
	if want != "" && slices.Contains(features, want) {
		return want
	}
	for _, f := range tagFeatures {
		if slices.Contains(features, f) {
			return f
		}
	}
	if len(features) == 1 {
		return features[0]
	}
	return ""
}

// LocalName returns the local name of a UIMA type: the part after the last
// '.' (or ':' of an XML namespace prefix).
func LocalName(typ string) string {
	for i := len(typ) - 1; i >= 0; i-- {
		if typ[i] == '.' || typ[i] == ':' {
			return typ[i+1:]
		}
	}
	return typ
}

// LayerNames maps full type names to the layer names readers give them:
// the local name, or the full name where two types share a local name.
func LayerNames(types []string) map[string]string {
	count := map[string]int{}
	for _, t := range types {
		count[LocalName(t)]++
	}
	out := make(map[string]string, len(types))
	for _, t := range types {
		if count[LocalName(t)] > 1 {
			out[t] = t
		} else {
			out[t] = LocalName(t)
		}
	}
	return out
}
