d <- read.csv("testdata/scores.csv", colClasses="character")
H <- c("h1","h2","h3")
for (j in H) {
  rest <- setdiff(H, j); di <- c()
  for (i in seq_len(nrow(d))) {
    o <- as.numeric(unlist(d[i, rest]))
    sf <- -sqrt(mean((as.numeric(d$model[i]) - o)^2)); sh <- -sqrt(mean((as.numeric(d[i,j]) - o)^2))
    di <- c(di, as.numeric(sh >= sf) - as.numeric(sf >= sh))
  }
  w <- wilcox.test(di, mu=0.15, alternative="less", exact=FALSE, correct=TRUE)
  cat(j, sprintf("%.10g", w$statistic), sprintf("%.12g", w$p.value), "\n")
}
