// Package spansview is what agree spans and agree relations show: the
// JSON form of a pairwise comparison of spans (Result, from New) or of
// relations (NewRelations, RelationsOutput), the breakdown by document,
// the bootstrap intervals, --reference, the SemEval schemas, the CSV of
// the disagreements, the tables and the HTML page.
package spansview
