// Package corefview is what agree coref shows: the JSON form of the
// coreference scores of each pair of annotators, the link table and
// chains as sets (Result), the breakdown by document, the tables and the
// HTML page.
package corefview
