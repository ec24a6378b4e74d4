// Package codingview is what agree coding shows: the JSON form of an
// analysis of reliability data (Result, from Analyze) with its inference
// (Infer), per-label, per-group and per-document tables, --reference and
// --compare, the tables and the HTML page.
package codingview
