// Package alttestview is the JSON form, the tables and the report page of
// agree alttest: the alternative annotator test, cross-replication
// reliability and run-to-run stability (package alttest).
package alttestview
