module agree

go 1.24
