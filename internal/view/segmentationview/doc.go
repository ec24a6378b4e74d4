// Package segmentationview is what agree segmentation shows: the JSON form
// of the measures of a segmentation dataset (Result, from Measure), its
// tables and its HTML page.
package segmentationview
