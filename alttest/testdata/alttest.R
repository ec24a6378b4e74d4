run <- function(file, score, eps) {
  d <- read.csv(file, stringsAsFactors=FALSE, colClasses="character")
  H <- setdiff(names(d), c("item","model"))
  ps <- c(); ts <- c(); rf <- c()
  for (j in H) {
    rest <- setdiff(H, j)
    di <- c(); wf <- c()
    for (i in seq_len(nrow(d))) {
      o <- unlist(d[i, rest])
      if (score == "acc") { sf <- mean(o == d$model[i]); sh <- mean(o == d[i, j]) }
      else { o <- as.numeric(o); sf <- -sqrt(mean((as.numeric(d$model[i]) - o)^2)); sh <- -sqrt(mean((as.numeric(d[i,j]) - o)^2)) }
      di <- c(di, as.numeric(sh >= sf) - as.numeric(sf >= sh)); wf <- c(wf, as.numeric(sf >= sh))
    }
    tt <- t.test(di, mu=eps, alternative="less")
    ps <- c(ps, tt$p.value); ts <- c(ts, tt$statistic); rf <- c(rf, mean(wf))
  }
  adj <- p.adjust(ps, "BY")
  cat(file, "\n"); print(data.frame(H, t=sprintf("%.10f", ts), p=sprintf("%.12g", ps), rho=rf, adj=sprintf("%.6g",adj)))
  cat("winning rate", mean(adj <= 0.05), " rho", sprintf("%.10f", mean(rf)), "\n")
}
run("labels.csv", "acc", 0.2)
run("labels.csv", "acc", 0.1)
run("scores.csv", "rmse", 0.15)
