// Package compareview is the JSON form and the table of a comparison of a
// coefficient between two inputs (agree compare, agree coding --compare).
package compareview
