// Package budgetview is the JSON form, the tables and the report page of
// a disagreement budget (agree budget; package budget): the ranked "what
// to fix first" table, its chart, and the rows to adjudicate.
package budgetview
