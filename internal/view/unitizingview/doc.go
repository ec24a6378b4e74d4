// Package unitizingview is what agree unitizing shows: the JSON form of
// the unitizing measures of a continuum (Result, from Measure), the
// breakdown by document (NewBreakdown), the tables and the HTML page.
package unitizingview
