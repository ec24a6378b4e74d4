package chrome

import (
	"context"
	"net/url"
	"testing"
	"time"
)

// The client drives a real browser: load a page, read the DOM, see a
// console error, take a screenshot whose pixels show what was drawn.
func TestBrowser(t *testing.T) {
	path := Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := Start(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p, err := b.NewPage(ctx, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	html := `<!DOCTYPE html><body style="margin:0;background:#fff"><div id="box" style="position:absolute;left:50px;top:40px;width:100px;height:60px;background:#0072B2"></div><p id="t">α = 0.743</p><script>console.error("boom")</script></body>`
	if err := p.Navigate(ctx, "data:text/html;charset=utf-8,"+url.PathEscape(html)); err != nil {
		t.Fatal(err)
	}
	var text string
	if err := p.Eval(ctx, `document.getElementById("t").textContent`, &text); err != nil || text != "α = 0.743" {
		t.Fatalf("DOM text %q, %v", text, err)
	}
	var r Rect
	if err := p.Eval(ctx, `(() => { const r = document.getElementById("box").getBoundingClientRect(); return {X: r.x, Y: r.y, Width: r.width, Height: r.height} })()`, &r); err != nil {
		t.Fatal(err)
	}
	if r.X != 50 || r.Width != 100 {
		t.Fatalf("box at %+v", r)
	}
	png, err := p.Screenshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	img, err := DecodePNG(png)
	if err != nil {
		t.Fatal(err)
	}
	if share, _ := Ink(img, r); share < 0.99 {
		t.Errorf("the blue box has ink on %.2f of its pixels, want all", share)
	}
	if !Has(img, r, "#0072B2", 3) || Has(img, Rect{X: 200, Y: 200, Width: 50, Height: 50}, "#0072B2", 3) {
		t.Error("the box's colour is not where it was drawn, or is elsewhere")
	}
	if share, _ := Ink(img, Rect{X: 300, Y: 150, Width: 50, Height: 50}); share != 0 {
		t.Errorf("empty corner has ink %.2f", share)
	}
	if errs := p.ConsoleErrors(); len(errs) != 1 {
		t.Errorf("console errors %q, want the one logged", errs)
	}
}
