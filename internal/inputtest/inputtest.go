// Package inputtest makes the inputs of the tests of the readers'
// defences (issue 25): an input that never ends, and ZIP archives whose
// member decompresses to far more than the archive's size, made in a
// fraction of the time compressing that much would take.
package inputtest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"strings"
)

// Endless is an input that never ends: its string, repeated (/dev/zero is
// Endless("\x00"), `yes x, | tr -d '\n'` Endless("x,")).
type Endless string

func (e Endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e[i%len(e)]
	}
	return len(p), nil
}

// Bomb returns a ZIP archive whose one member, name, decompresses to size
// zero bytes (Member).
func Bomb(name string, size int64, flags uint16) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if err := Member(zw, name, size, flags); err != nil {
		panic(err)
	}
	zw.Close()
	return buf.Bytes()
}

// Member adds to zw a member, name, that decompresses to size zero bytes
// (size is rounded down to a multiple of 1 MiB): the deflate blocks of 1
// MiB of zeros, repeated, about 1000 times smaller. flags are the member's
// general-purpose flags (0x1: encrypted).
func Member(zw *zip.Writer, name string, size int64, flags uint16) error {
	const chunk = 1 << 20
	zero := make([]byte, chunk)
	var c bytes.Buffer
	fw, _ := flate.NewWriter(&c, flate.BestCompression)
	fw.Write(zero)
	fw.Flush() // a byte-aligned block that is not the last: blocks repeat
	var end bytes.Buffer
	fw, _ = flate.NewWriter(&end, flate.BestCompression)
	fw.Close()
	n := size / chunk
	var crc uint32
	for range n {
		crc = crc32.Update(crc, crc32.IEEETable, zero)
	}
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, Flags: flags, CRC32: crc,
		CompressedSize64: uint64(n)*uint64(c.Len()) + uint64(end.Len()), UncompressedSize64: uint64(n * chunk)})
	if err != nil {
		return err
	}
	for range n {
		w.Write(c.Bytes())
	}
	_, err = w.Write(end.Bytes())
	return err
}

// CAS returns issue 25's memory attack on the UIMA CAS readers, of about n
// bytes: a document text of non-ASCII characters with character references
// (XMI) or escapes (JSON), or, with ids, a two-character text and
// structures that have nothing but an id. Either way one annotation, of
// the first two characters, labelled PER.
func CAS(n int, json, ids bool) string {
	var b strings.Builder
	if json {
		b.WriteString(`{"%TYPES":{},"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"`)
		if ids {
			b.WriteString(`ab"}`)
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, `,{"%%ID":%d,"%%TYPE":"a"}`, i+2)
			}
		} else {
			for b.Len() < n {
				b.WriteString(`Ålice mét Bøb 😀 \"ok\"\n`)
			}
			b.WriteString(`"}`)
		}
		b.WriteString(`,{"%ID":2000000000,"%TYPE":"x.S","@sofa":1,"begin":0,"end":2,"value":"PER"}],"%VIEWS":{}}`)
		return b.String()
	}
	b.WriteString(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:c="http:///c.ecore">`)
	b.WriteString(`<c:S xmi:id="2000000000" sofa="1" begin="0" end="2" value="PER"/>`)
	if ids {
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "<a xmi:id=\"%d\"/>\n", i+2)
		}
		b.WriteString(`<cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="ab"/>`)
	} else {
		b.WriteString(`<cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="`)
		for b.Len() < n {
			b.WriteString(`Ålice mét Bøb 😀 &amp; &#10;`)
		}
		b.WriteString(`"/>`)
	}
	b.WriteString("</xmi:XMI>")
	return b.String()
}
