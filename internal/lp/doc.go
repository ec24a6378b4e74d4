// Package lp solves set-partitioning problems: choose columns (subsets of
// rows, each with a cost) so that every row is covered exactly once, at
// minimum total cost.
//
// Master is the linear relaxation for column generation: every row has a
// singleton column, columns are added between solves, and a sparse revised
// primal simplex (Markowitz LU with product-form updates, Devex pricing, a
// perturbed right-hand side against cycling) keeps its basis from one
// solve to the next. SetCost lets a branch-and-price solver disable
// columns.
//
// Solve is an exact solver for small problems whose columns are all known:
// a revised simplex with a dense basis inverse from an artificial basis
// (big-M), and depth-first branch and bound on the most fractional column.
// It is kept as an independent check of the γ solver in tests.
package lp
