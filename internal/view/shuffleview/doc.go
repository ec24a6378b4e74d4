// Package shuffleview is what agree shuffle shows: the JSON form of the
// response curves of the corpus shuffling tool (Result), their table and
// the HTML page.
package shuffleview
