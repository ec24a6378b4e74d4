// Package assign solves the rectangular linear assignment problem exactly.
//
// Given an r×c cost matrix, MinCost finds a matching of rows to columns (each
// row to at most one column, each column to at most one row) that assigns
// min(r, c) pairs and minimises the total cost. It is the shortest augmenting
// path method with dual potentials (Kuhn–Munkres as refined by Jonker &
// Volgenant, "A shortest augmenting path algorithm for dense and sparse linear
// assignment problems", Computing 38, 1987), O(min(r,c)²·max(r,c)) time and
// O(r+c) extra memory besides the matrix.
package assign
