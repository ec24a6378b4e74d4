// Package planview is the JSON form, the tables and the report page of a
// sample-size plan (agree plan; package plan).
package planview
