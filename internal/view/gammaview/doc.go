// Package gammaview is what agree gamma shows: the JSON form of a γ
// result with its certificate and best alignment (Result, from New), the
// breakdown by document (Result.AddDocuments), the tables and the HTML
// page.
package gammaview
