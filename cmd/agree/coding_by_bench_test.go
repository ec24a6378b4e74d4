package main

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkCodingBy1e6x1000 is issue 22's workload for --by: 1e6 items × 5
// coders (10 categories) in 1000 batches, the whole command with and
// without --by batch (the same table without its batch column):
// go test -run '^$' -bench CodingBy1e6 ./cmd/agree.
func BenchmarkCodingBy1e6x1000(b *testing.B) {
	dir := b.TempDir()
	with, without := filepath.Join(dir, "by.csv"), filepath.Join(dir, "plain.csv")
	fw, _ := os.Create(with)
	fo, _ := os.Create(without)
	ww, wo := bufio.NewWriter(fw), bufio.NewWriter(fo)
	rng := rand.New(rand.NewPCG(3, 4))
	ww.WriteString("item,batch,c0,c1,c2,c3,c4\n")
	wo.WriteString("item,c0,c1,c2,c3,c4\n")
	for i := range 1_000_000 {
		id := "i" + strconv.Itoa(i)
		ww.WriteString(id + "," + strconv.Itoa(i%1000))
		wo.WriteString(id)
		t := rng.IntN(10)
		for range 5 {
			v := t
			if rng.Float64() < 0.3 {
				v = rng.IntN(10)
			}
			s := "," + strconv.Itoa(v)
			ww.WriteString(s)
			wo.WriteString(s)
		}
		ww.WriteString("\n")
		wo.WriteString("\n")
	}
	ww.Flush()
	wo.Flush()
	fw.Close()
	fo.Close()
	b.Run("without", func(b *testing.B) { benchCommand(b, "", "coding", "--format", "json", without) })
	b.Run("by", func(b *testing.B) { benchCommand(b, "", "coding", "--by", "batch", "--format", "json", with) })
}
