// Package formats reads the files annotation tools export into the one
// annotation model (package annotation), choosing the reader by name or
// from the file's extension and content.
//
// The names (the values of agree's --input flag, a stable contract) are
// listed by Names; each is documented in docs/formats.md. A path may be a file,
// "-" (standard input), a directory or a ZIP archive: a directory or an
// archive is read as a project export when a format recognises its layout
// (an INCEpTION/WebAnno project, brat annotator directories, found through
// folders that only wrap them: see bratRoot and docs/formats.md), and file by
// file otherwise (every file with a known extension, in name order, at any
// depth). Each file is read by the reader of its format, the partial
// corpora are merged by document and annotator name, and two files that give
// the same annotator's annotations of the same document are an error (it is
// almost always a naming mistake, and merging would double-count).
//
// Every input goes through one path, whatever holds it: an Input is a
// file, a folder or a ZIP archive of an fs.FS — an OS path (OS, and Read,
// which takes paths), standard input or another stream (ReaderInput), a
// browser's files or a ZIP member (FSInput) — and ReadInputs reads a list
// of them. Each input is opened once: the routing looks at its first bytes
// (Input.Head) to choose a reader, which then reads them with the rest, so
// a pipe is read whole. The routing of the commands' other inputs lives
// here too: IsTable (agree coding's tables), UnitFiles and ReadUnitFiles
// (the unit files of gamma and unitizing), CorefKind (agree coref), Analysis
// (what agree report runs). What is read is bounded (package
// agree/internal/limits): a file read whole, a line, an archive member and
// its compression ratio; past a bound the error names the file and line or
// the archive and member.
//
// Text offsets end in Unicode code points whatever the tool counted; Options
// sets the unit when a tool's documented default does not hold (older Label
// Studio versions counted UTF-16 code units). Where a file gives both the
// document text and each span's covered text, every span is checked against
// the text (annotation.Corpus.CheckText).
package formats
