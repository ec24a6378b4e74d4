// Package ratingsview is what agree ratings shows: the JSON form of the
// intraclass correlations, correlations and other measures of ratings
// (Result, from Analyze), its tables and its HTML page.
package ratingsview
