package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// Page is a self-contained HTML report: headline numbers, sections of
// text, tables and plots, and what is needed to reproduce it. Commands
// build a Page from the same result struct their JSON output is made of,
// so the numbers on the page are the numbers of the JSON (rounded to the
// decimals shown).
type Page struct {
	// Title is the page's heading; Kind names the command ("coding").
	Title, Kind string
	// Lead is a sentence under the title.
	Lead string
	// Headline holds the key numbers shown large at the top.
	Headline []Stat
	// Warnings are shown prominently under the headline.
	Warnings []string
	Sections []Section
	// Reproduce lists what is needed to compute the report again.
	Reproduce Provenance
}

// Stat is one headline number.
type Stat struct {
	Label, Value string
	// Detail is a line under the value (an interval, a reading).
	Detail string
}

// Section is a titled part of the page.
type Section struct {
	ID, Title string
	Blocks    []Block
}

// Block is one element of a section; exactly one field is set.
type Block struct {
	Text    string   // a paragraph
	Note    string   // a paragraph in the margin style (bounds, methods)
	Warning string   // a highlighted warning
	Table   *Table   // a table (its notes follow it)
	Figure  *Figure  // a plot
	List    []string // a bulleted list
	Spans   *TextSpans
}

// Figure is an inline SVG plot with its caption. The SVG carries its own
// title and description; Caption is visible text under it.
type Figure struct {
	SVG     string
	Caption string
}

// Provenance is what the report was computed from.
type Provenance struct {
	Command string // the command line, as it can be typed again
	Inputs  []Input
	Options [][2]string // name, value
	Version string
}

// Input is one input file, identified by name, size and digest.
type Input struct {
	Name   string
	Bytes  int64
	SHA256 string
}

// Paragraph, NoteBlock, WarningBlock, TableBlock, FigureBlock and ListBlock
// build blocks.
func Paragraph(format string, args ...any) Block {
	return Block{Text: fmt.Sprintf(format, args...)}
}

// NoteBlock is a block in the small style for methods and bounds.
func NoteBlock(format string, args ...any) Block { return Block{Note: fmt.Sprintf(format, args...)} }

// WarningBlock is a highlighted block.
func WarningBlock(s string) Block { return Block{Warning: s} }

// TableBlock wraps a table.
func TableBlock(t Table) Block { return Block{Table: &t} }

// FigureBlock wraps an SVG plot and its visible caption.
func FigureBlock(svg, caption string) Block {
	return Block{Figure: &Figure{SVG: svg, Caption: caption}}
}

//go:embed report.css
var pageCSS string

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"svg":      func(s string) template.HTML { return template.HTML(s) }, // drawn by report/svg, which escapes its text
	"css":      func(s string) template.CSS { return template.CSS(s) },
	"numeric":  looksNumeric,
	"interval": func(s string) bool { return strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") && len(s) < 48 },
	"long":     func(s string) bool { return len(s) > 60 },
	"kb":       func(n int64) string { return fmt.Sprintf("%.1f kB", float64(n)/1000) },
	"rowid":    func(t *Table, r int) string { return at(t.RowIDs, r) },
	"link":     func(t *Table, r int) string { return at(t.Links, r) },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="agree {{.Reproduce.Version}}">
<title>{{.Title}}</title>
<style>{{css .CSS}}</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
{{with .Lead}}<p class="lead">{{.}}</p>{{end}}
{{with .Headline}}<dl class="headline" id="headline">{{range .}}<div class="stat"><dt>{{.Label}}</dt><dd><span class="value">{{.Value}}</span>{{with .Detail}}<span class="detail">{{.}}</span>{{end}}</dd></div>{{end}}</dl>{{end}}
{{range .Warnings}}<p class="warning" role="note">{{.}}</p>{{end}}
{{if gt (len .Sections) 1}}<nav aria-label="contents"><ol>{{range .Sections}}<li><a href="#{{.ID}}">{{.Title}}</a></li>{{end}}</ol></nav>{{end}}
</header>
<main>
{{range .Sections}}<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{range .Blocks}}{{if .Text}}<p>{{.Text}}</p>
{{else if .Note}}<p class="note">{{.Note}}</p>
{{else if .Warning}}<p class="warning" role="note">{{.Warning}}</p>
{{else if .Spans}}<figure class="doc">{{with .Spans.Title}}<figcaption>{{.}}</figcaption>{{end}}{{.Spans.HTML}}</figure>
{{else if .List}}<ul>{{range .List}}<li>{{.}}</li>{{end}}</ul>
{{else if .Figure}}<figure>{{svg .Figure.SVG}}{{with .Figure.Caption}}<figcaption>{{.}}</figcaption>{{end}}</figure>
{{else if .Table}}<div class="table">{{with .Table.Title}}<h3 class="caption">{{.}}</h3>{{end}}<table{{with .Table.Title}} aria-label="{{.}}"{{end}}>
{{with .Table.Header}}<thead><tr>{{range .}}<th scope="col">{{.}}</th>{{end}}</tr></thead>{{end}}
<tbody>{{$t := .Table}}{{range $r, $row := .Table.Rows}}<tr{{with rowid $t $r}} id="{{.}}"{{end}}>{{range $i, $c := $row}}{{if eq $i 0}}<th scope="row">{{with link $t $r}}<a href="{{.}}">{{$c}}</a>{{else}}{{$c}}{{end}}</th>{{else if numeric $c}}<td class="num">{{$c}}</td>{{else if interval $c}}<td class="range">{{$c}}</td>{{else if long $c}}<td class="long">{{$c}}</td>{{else}}<td>{{$c}}</td>{{end}}{{end}}</tr>
{{end}}</tbody></table>{{range .Table.Notes}}<p class="note">{{.}}</p>{{end}}</div>
{{end}}{{end}}</section>
{{end}}<section id="reproduce">
<h2>Reproduce</h2>
{{with .Reproduce}}{{with .Command}}<pre><code>{{.}}</code></pre>{{end}}
{{with .Inputs}}<h3 class="caption">input files</h3><table aria-label="input files"><thead><tr><th scope="col">file</th><th scope="col">size</th><th scope="col">SHA-256</th></tr></thead><tbody>{{range .}}<tr><th scope="row">{{.Name}}</th><td class="num">{{kb .Bytes}}</td><td><code>{{.SHA256}}</code></td></tr>{{end}}</tbody></table>{{end}}
{{with .Options}}<h3 class="caption">options</h3><table aria-label="options"><tbody>{{range .}}<tr><th scope="row">{{index . 0}}</th><td>{{index . 1}}</td></tr>{{end}}</tbody></table>{{end}}
<p class="note">agree {{.Version}}</p>{{end}}
</section>
</main>
</body>
</html>
`))

// WriteHTML writes the page as one self-contained HTML document: inline
// CSS and SVG, no script, no external resource.
func (p *Page) WriteHTML(w io.Writer) error {
	var b strings.Builder
	err := pageTemplate.Execute(&b, struct {
		*Page
		CSS string
	}{p, pageCSS})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// TextSpans is a document's text with each annotator's spans highlighted:
// the text is cut into passages (its lines, a long one at the white space
// near every PassageRunes characters), and each passage shows the
// annotators' rows one under the other, so that what they marked in the
// same words is read together; passages where nobody marked anything are
// folded into one line. Spans in a disagreement are outlined.
type TextSpans struct {
	Title string
	Text  string
	Rows  []TextRow
	// Labels fixes the colour of each label (palette order).
	Labels []string
}

// PassageRunes is about the longest passage of a TextSpans (a longer
// line is cut at a space near it).
const PassageRunes = 320

// TextRow is one annotator's spans over the text.
type TextRow struct {
	Annotator string
	Spans     []TextSpan
}

// TextSpan is a span in code points of the text, end exclusive.
type TextSpan struct {
	Start, End int
	Label      string
	Disagree   bool
}

// spanTints are the Okabe–Ito colours as light backgrounds (text stays
// readable on them, in colour and in grey).
var spanTints = []string{"rgba(0,114,178,.22)", "rgba(230,159,0,.30)", "rgba(0,158,115,.25)", "rgba(204,121,167,.30)",
	"rgba(86,180,233,.30)", "rgba(213,94,0,.22)", "rgba(153,153,153,.30)", "rgba(240,228,66,.45)"}

// HTML renders the passages (the text escaped, the spans as <mark>).
func (t *TextSpans) HTML() template.HTML { return t.html() }

// passages cuts runes into passages [start, end): at line breaks, and a
// line longer than PassageRunes at the last white space before each
// PassageRunes characters (or at PassageRunes when it has none).
func passages(runes []rune) [][2]int {
	var out [][2]int
	start := 0
	for start < len(runes) {
		end := start
		for end < len(runes) && runes[end] != '\n' && end-start < PassageRunes {
			end++
		}
		switch {
		case end < len(runes) && runes[end] == '\n':
			end++ // the line with its break
		case end < len(runes):
			for k := end; k > start+PassageRunes/2; k-- {
				if unicode.IsSpace(runes[k-1]) {
					end = k
					break
				}
			}
		}
		out = append(out, [2]int{start, end})
		start = end
	}
	return out
}

// html renders the passages. Offsets outside the text are clipped. The
// work is proportional to the text and the spans (each span visits the
// passages it covers), not to their product.
func (t *TextSpans) html() template.HTML {
	runes := []rune(t.Text)
	colour := map[string]int{}
	for _, l := range t.Labels {
		if _, ok := colour[l]; !ok {
			colour[l] = len(colour)
		}
	}
	ps := passages(runes)
	// in[p][r]: the spans of row r that meet passage p
	in := make([][][]TextSpan, len(ps))
	for r, row := range t.Rows {
		for _, s := range row.Spans {
			s.Start, s.End = max(0, min(s.Start, len(runes))), max(0, min(s.End, len(runes)))
			if _, ok := colour[s.Label]; !ok {
				colour[s.Label] = len(colour)
			}
			first := sort.Search(len(ps), func(k int) bool { return ps[k][1] > s.Start })
			for p := first; p < len(ps) && (ps[p][0] < s.End || s.Start == s.End && p == first); p++ {
				if in[p] == nil {
					in[p] = make([][]TextSpan, len(t.Rows))
				}
				in[p][r] = append(in[p][r], s)
			}
		}
	}
	var b strings.Builder
	b.WriteString(`<div class="textspans">`)
	quiet := [2]int{-1, -1} // passages folded: the characters they span
	flush := func() {
		if quiet[0] >= 0 {
			fmt.Fprintf(&b, `<div class="quiet">characters %d–%d: no span</div>`, quiet[0], quiet[1])
			quiet = [2]int{-1, -1}
		}
	}
	for p, pg := range ps {
		if in[p] == nil {
			if strings.TrimSpace(string(runes[pg[0]:pg[1]])) == "" {
				continue
			}
			if quiet[0] < 0 {
				quiet[0] = pg[0]
			}
			quiet[1] = pg[1]
			continue
		}
		flush()
		fmt.Fprintf(&b, `<div class="passage"><div class="where">characters %d–%d</div>`, pg[0], pg[1])
		for r, row := range t.Rows {
			b.WriteString(`<div class="who">` + template.HTMLEscapeString(row.Annotator) + `</div><div class="spans">`)
			t.writePassage(&b, runes, pg[0], pg[1], in[p][r], colour)
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
	}
	flush()
	b.WriteString(`</div>`)
	return template.HTML(b.String())
}

// writePassage writes runes[from:to] with the spans that meet it as marks,
// each label after the end of its span (when the span ends here).
func (t *TextSpans) writePassage(b *strings.Builder, runes []rune, from, to int, spans []TextSpan, colour map[string]int) {
	text := strings.TrimRight(string(runes[from:to]), "\n")
	to = from + len([]rune(text))
	pts := []int{from, to}
	for _, s := range spans {
		pts = append(pts, max(from, min(s.Start, to)), max(from, min(s.End, to)))
	}
	slices.Sort(pts)
	pts = slices.Compact(pts)
	for k := 0; k+1 < len(pts); k++ {
		a, e := pts[k], pts[k+1]
		seg := template.HTMLEscapeString(string(runes[a:e]))
		var cover *TextSpan
		dis := false
		for i := range spans {
			if s := &spans[i]; s.Start <= a && e <= s.End {
				if cover == nil {
					cover = s
				}
				dis = dis || s.Disagree
			}
		}
		if cover == nil {
			b.WriteString(seg)
		} else {
			class := "m"
			if dis {
				class += " dis"
			}
			fmt.Fprintf(b, `<mark class="%s" style="background:%s" title="%s [%d, %d)">%s</mark>`, class, spanTints[colour[cover.Label]%len(spanTints)],
				template.HTMLEscapeString(cover.Label), cover.Start, cover.End, seg)
		}
		for i := range spans {
			if s := &spans[i]; s.End == e && s.Start < e {
				mark := ""
				if s.Disagree {
					mark = " ≠"
				}
				b.WriteString(`<sup class="lab">` + template.HTMLEscapeString(s.Label) + mark + `</sup>`)
			}
		}
	}
}

// Order moves the sections with the given ids to the front, in that
// order; the others follow in their order.
func (p *Page) Order(ids ...string) {
	var front, rest []Section
	for _, id := range ids {
		for _, s := range p.Sections {
			if s.ID == id {
				front = append(front, s)
			}
		}
	}
	for _, s := range p.Sections {
		moved := false
		for _, id := range ids {
			moved = moved || s.ID == id
		}
		if !moved {
			rest = append(rest, s)
		}
	}
	p.Sections = append(front, rest...)
}

// at is s[i], or "" past its end.
func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}
