// Package lp solves set-partitioning problems exactly: choose columns
// (subsets of rows, each with a cost) so that every row is covered exactly
// once, at minimum total cost.
//
// The linear relaxation min c·x, A·x = 1, x ≥ 0 is solved by a revised
// primal simplex with a dense basis inverse (rows are few: one component of
// a γ alignment), started from an artificial identity basis with a big-M
// cost, with Dantzig pricing and a switch to Bland's rule after a run of
// degenerate pivots (no cycling). Integrality is obtained by depth-first
// branch and bound on the most fractional column (x_j = 1 first, then
// x_j = 0), pruning nodes whose relaxation cannot beat the incumbent.
package lp
