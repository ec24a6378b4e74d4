// Package svg draws the plots of agree's HTML reports as inline SVG: forest
// plots of coefficients with their intervals, heatmaps of matrices, bar
// charts, histograms of bootstrap or chance distributions, timelines of
// annotated continua with their alignment, stacked segmentations and line
// charts of response curves.
//
// Every plot is a self-contained <svg> element with role="img", a <title>
// and a <desc> (the text alternative), no script, no external resource and
// no font beyond the reader's sans-serif. Colours come from the Okabe–Ito
// palette (Okabe & Ito 2008, "Color Universal Design"), which stays
// distinguishable under the common colour-vision deficiencies; sequential
// scales vary in lightness so that they also survive grey-scale printing.
// Output is deterministic: the same input gives byte-identical SVG, which
// the golden files under testdata/ pin (go test ./report/svg -update
// rewrites them).
//
// Plots are bounded by their caller: they draw what they are given, so a
// report chooses the top categories or sampled documents and says so.
package svg
