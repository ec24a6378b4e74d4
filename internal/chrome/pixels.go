package chrome

import (
	"bytes"
	"image"
	"image/png"
)

// Rect is an element's box in CSS pixels, as getBoundingClientRect gives
// it (plus the scroll offset: page coordinates).
type Rect struct {
	X, Y, Width, Height float64
}

// DecodePNG decodes a screenshot.
func DecodePNG(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }

// Ink returns the share of the pixels of r (page coordinates, clipped to
// the image) that are not near-white, and the number of distinct colours
// among them (coarsely quantised): a drawn plot has both well above zero,
// an empty box has neither.
func Ink(img image.Image, r Rect) (share float64, colours int) {
	box := image.Rect(int(r.X), int(r.Y), int(r.X+r.Width), int(r.Y+r.Height)).Intersect(img.Bounds())
	if box.Empty() {
		return 0, 0
	}
	seen := map[uint32]bool{}
	ink := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			r8, g8, b8 := cr>>8, cg>>8, cb>>8
			if r8 > 245 && g8 > 245 && b8 > 245 {
				continue
			}
			ink++
			seen[(r8>>4)<<8|(g8>>4)<<4|b8>>4] = true
		}
	}
	return float64(ink) / float64(box.Dx()*box.Dy()), len(seen)
}

// Has reports whether some pixel of r is within tol (per channel, 0–255)
// of the colour #rrggbb.
func Has(img image.Image, r Rect, hex string, tol int) bool {
	want := [3]int{}
	for i := range 3 {
		var v int
		for _, c := range hex[1+2*i : 3+2*i] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= int(c - '0')
			case c >= 'a' && c <= 'f':
				v |= int(c-'a') + 10
			case c >= 'A' && c <= 'F':
				v |= int(c-'A') + 10
			}
		}
		want[i] = v
	}
	box := image.Rect(int(r.X), int(r.Y), int(r.X+r.Width), int(r.Y+r.Height)).Intersect(img.Bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			got := [3]int{int(cr >> 8), int(cg >> 8), int(cb >> 8)}
			ok := true
			for i := range 3 {
				if d := got[i] - want[i]; d > tol || d < -tol {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}
