//go:build !js

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"agree/formats"
)

const serveSynopsis = `serve [--addr 127.0.0.1:PORT] [--max-upload MB] [--timeout D] [--web DIR]

A local web page to drop annotation files, choose the analysis and its
options, and see its HTML report. It listens on a loopback address only,
refuses requests whose Host or Origin is not its own (DNS rebinding,
cross-site posts), bounds the upload size and rate, the connections, the
run time and the memory of an analysis, and keeps nothing on disk after
answering. Stop it with Ctrl-C (or SIGTERM): the running analysis ends
with it and every upload is removed. With --web DIR, it
serves the static page built into DIR (go run ./web/build -o DIR), which
runs agree in the browser: nothing is uploaded.`

// serveCommands are the analyses the page offers (shuffle reads no file):
// auto chooses as agree report does (formats.Analysis).
var serveCommands = []string{"auto", "coding", "ratings", "spans", "relations", "gamma", "unitizing", "segmentation", "coref"}

// serveOptions configure the web page's server.
type serveOptions struct {
	maxUpload int64         // bytes of one request
	timeout   time.Duration // run time of one analysis
	self      string        // the agree binary that runs the analyses
	env       []string      // extra environment of the runs (tests)
	web       string        // a built static page to serve (serve_web.go)
	memory    int64         // memory limit of one analysis in bytes (0: none)
	guards    serveGuards   // connections, timeouts, rates (serve_guard.go)
}

func runServe(e env, args []string) error {
	fs := newFlagSet(e, "serve", serveSynopsis)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address and port to listen on (port 0: any free port)")
	maxMB := fs.Int("max-upload", 64, "largest upload in MB (all files of one analysis)")
	timeout := fs.Duration("timeout", 2*time.Minute, "longest run time of one analysis")
	memMB := fs.Int("memory", 4096, "memory limit of one analysis in MB (Go's limit in its process and, on Linux, its address space plus 4 GB for the runtime): one bad upload cannot push the machine into swap")
	bound(fs, "memory", between(64, 1<<20))
	web := fs.String("web", "", "serve the static page built into `DIR` (go run ./web/build -o DIR): agree runs in the browser, nothing is uploaded")
	bound(fs, "max-upload", between(1, 4096))
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *timeout <= 0 || *timeout > 24*time.Hour {
		return usagef("serve: --timeout must be positive and at most 24h, got %v", *timeout)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return usagef("serve: --addr %q: %v", *addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return usagef("serve: --addr %q: only a loopback address (127.0.0.1, ::1, 127.x.y.z) may be used: the page reads and runs on your files", *addr)
	}
	if *web != "" {
		if err := checkWebDir(*web); err != nil {
			return err
		}
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("serve: cannot find the agree binary to run analyses: %w", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv, h, err := newServeServer(ln.Addr().String(), serveOptions{maxUpload: int64(*maxMB) << 20, timeout: *timeout, self: self, web: *web, memory: int64(*memMB) << 20})
	if err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(e.stdout, "agree serve: open http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, serveStopSignals...)
	defer signal.Stop(stop)
	return serveUntilStopped(srv, ln, h, stop)
}

//go:embed serve.html
var servePageText string

var servePage = template.Must(template.New("serve").Parse(servePageText))

// serveScript is the page's script (serve.js), allowed by its hash in the
// Content-Security-Policy: it sends the form without leaving the page, so
// that the chosen files stay chosen between runs.
//
//go:embed serve.js
var serveScript string

var (
	serveScriptTag  = template.HTML("<script>" + serveScript + "</script>")
	serveScriptHash = func() string {
		sum := sha256.Sum256([]byte(serveScript))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}()
)

type servePageData struct {
	Commands []string
	Command  string
	// Chosen is the analysis auto chose from the files.
	Chosen  string
	Script  template.HTML
	Options string
	Error   string
	Report  string // the report's HTML, shown in an iframe (srcdoc)
	MaxMB   int64
}

// serveHandler answers the page (GET /) and runs analyses (POST /run).
type serveHandler struct {
	addr  string          // host:port the server listens on
	hosts map[string]bool // Host values that name this server
	opt   serveOptions
	sem   chan struct{} // one analysis at a time

	base     string             // the uploads' folder (newServeServer)
	ctx      context.Context    // ends the children when the server stops
	cancel   context.CancelFunc //
	uploads  chan struct{}      // uploads at once
	mu       sync.Mutex
	stopping bool           // set by close, under mu
	active   sync.WaitGroup // requests in flight that write into base (enter)
}

func newServeHandler(addr string, opt serveOptions) *serveHandler {
	h := &serveHandler{addr: addr, opt: opt, hosts: map[string]bool{addr: true}, sem: make(chan struct{}, 1)}
	if host, port, err := net.SplitHostPort(addr); err == nil {
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			h.hosts[net.JoinHostPort("localhost", port)] = true
		}
	}
	return h
}

func (h *serveHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Security-Policy", "default-src 'none'; script-src "+serveScriptHash+"; connect-src 'self'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "same-origin") // "no-referrer" would make form posts send "Origin: null"
	hdr.Set("Cache-Control", "no-store")
	// DNS rebinding: a page of another site resolved to 127.0.0.1 still
	// sends its own name as Host.
	if !h.hosts[r.Host] {
		http.Error(w, "forbidden: this server answers only to http://"+h.addr+"/", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if msg := h.crossSite(r); msg != "" {
			http.Error(w, msg, http.StatusForbidden)
			return
		}
	}
	if h.webFile(w, r) {
		return
	}
	switch {
	case r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		h.page(w, http.StatusOK, servePageData{Command: "auto"})
	case r.URL.Path == "/run" && r.Method == http.MethodPost:
		h.run(w, r)
	case r.URL.Path == "/" || r.URL.Path == "/run":
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	default:
		http.NotFound(w, r)
	}
}

func (h *serveHandler) sameOrigin(origin string) bool {
	rest, ok := strings.CutPrefix(origin, "http://")
	return ok && h.hosts[rest]
}

func (h *serveHandler) page(w http.ResponseWriter, status int, d servePageData) {
	d.Commands = serveCommands
	d.MaxMB = h.opt.maxUpload >> 20
	d.Script = serveScriptTag
	var b bytes.Buffer
	if err := servePage.Execute(&b, d); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// forbiddenOptions write files or name the report: the page runs with its
// own --report and keeps nothing.
var forbiddenOptions = []string{"report", "force", "out", "consensus", "disagreements", "o", "format"}

func checkServeOptions(fields []string) error {
	for _, f := range fields {
		if strings.ContainsAny(f, `/\`) || strings.HasPrefix(f, "..") || strings.HasPrefix(f, "~") {
			return fmt.Errorf("option %q: paths are not accepted here (name an uploaded file instead)", f)
		}
		if !strings.HasPrefix(f, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		for _, bad := range forbiddenOptions {
			if name == bad {
				return fmt.Errorf("option %q is not available in the web page (it writes files or chooses the output)", f)
			}
		}
	}
	return nil
}

func (h *serveHandler) run(w http.ResponseWriter, r *http.Request) {
	select {
	case h.uploads <- struct{}{}:
		defer func() { <-h.uploads }()
	default:
		h.page(w, http.StatusServiceUnavailable, servePageData{Command: "auto", Error: fmt.Sprintf("busy: %d uploads at once already; try again when one is done", cap(h.uploads))})
		return
	}
	if !h.enter() {
		h.page(w, http.StatusServiceUnavailable, servePageData{Command: "auto", Error: "the server is stopping"})
		return
	}
	defer h.active.Done()
	dir, err := os.MkdirTemp(h.base, "run-")
	if err != nil {
		h.page(w, http.StatusInternalServerError, servePageData{Command: "auto", Error: err.Error()})
		return
	}
	defer os.RemoveAll(dir)
	up, err := h.readUpload(w, r, dir)
	if err != nil {
		ue := err.(*uploadError)
		// the rest of the body is not read: a slow client would hold the
		// connection while the server discards it
		w.Header().Set("Connection", "close")
		h.page(w, ue.status, servePageData{Command: "auto", Error: ue.msg})
		return
	}
	d := servePageData{Command: up.command, Options: up.options}
	if !slices.Contains(serveCommands, d.Command) {
		d.Error = fmt.Sprintf("unknown analysis %q", d.Command)
		h.page(w, http.StatusBadRequest, d)
		return
	}
	opts := strings.Fields(d.Options)
	if err := checkServeOptions(opts); err != nil {
		d.Error = err.Error()
		h.page(w, http.StatusBadRequest, d)
		return
	}
	names := up.names
	if len(names) == 0 {
		d.Error = "choose at least one file"
		h.page(w, http.StatusBadRequest, d)
		return
	}
	command := d.Command
	if command == "auto" {
		if command = serveAnalysis(dir, names); command == "" {
			d.Error = "cannot tell the analysis from the files: choose one"
			h.page(w, http.StatusBadRequest, d)
			return
		}
		d.Chosen = command
	}
	select {
	case h.sem <- struct{}{}:
		defer func() { <-h.sem }()
	case <-r.Context().Done():
		return
	case <-h.ctx.Done():
		d.Error = "the server is stopping"
		h.page(w, http.StatusServiceUnavailable, d)
		return
	}
	d.Report, d.Error, err = h.analyse(r.Context(), dir, append(append(append([]string{command}, opts...), "--report", "-", "--"), names...))
	var ae *analysisError
	switch {
	case errors.As(err, &ae):
		h.page(w, ae.status, d)
	case err != nil:
		d.Error = err.Error()
		h.page(w, http.StatusInternalServerError, d)
	default:
		h.page(w, http.StatusOK, d)
	}
}

// analysisError is an analysis that failed, with the page's status.
type analysisError struct{ status int }

func (e *analysisError) Error() string { return http.StatusText(e.status) }

// analyse runs agree args in dir as a child process that ends with the
// request, the timeout or the server (childProcess), under the memory
// limit: its report, or the message of its failure with an
// *analysisError.
func (h *serveHandler) analyse(rctx context.Context, dir string, args []string) (report, msg string, err error) {
	ctx, cancel := context.WithTimeout(rctx, h.opt.timeout)
	defer cancel()
	stop := context.AfterFunc(h.ctx, cancel)
	defer stop()
	cmd := exec.CommandContext(ctx, h.opt.self, args...)
	childProcess(cmd)
	cmd.WaitDelay = 2 * time.Second
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), h.opt.env...)
	if h.opt.memory > 0 {
		cmd.Env = append(cmd.Env, serveMemoryEnv+"="+strconv.FormatInt(h.opt.memory, 10))
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &limitedBuffer{b: &stdout, max: 64 << 20}
	cmd.Stderr = &limitedBuffer{b: &stderr, max: 1 << 20}
	err = cmd.Run()
	errOut := strings.TrimSpace(strings.ReplaceAll(stderr.String(), dir+string(filepath.Separator), ""))
	var ee *exec.ExitError
	switch {
	case h.ctx.Err() != nil:
		return "", "the server is stopping: the analysis was ended", &analysisError{http.StatusServiceUnavailable}
	case ctx.Err() == context.DeadlineExceeded:
		return "", fmt.Sprintf("the analysis took longer than %v and was stopped (agree serve --timeout)", h.opt.timeout), &analysisError{http.StatusServiceUnavailable}
	case err == nil:
		return stdout.String(), "", nil
	case strings.Contains(errOut, "out of memory") || strings.Contains(errOut, "cannot allocate memory"):
		return "", fmt.Sprintf("the analysis needed more than its memory limit (%d MB, agree serve --memory) and was stopped", h.opt.memory>>20), &analysisError{http.StatusUnprocessableEntity}
	case errors.As(err, &ee) && !ee.Exited():
		return "", fmt.Sprintf("the analysis crashed (%v); its uploads are removed", ee.ProcessState), &analysisError{http.StatusInternalServerError}
	case errors.As(err, &ee):
		msg := strings.TrimPrefix(errOut, "agree: ")
		if msg == "" {
			msg = err.Error()
		}
		status := http.StatusUnprocessableEntity
		if ee.ExitCode() == 2 {
			status = http.StatusBadRequest
		}
		return "", msg, &analysisError{status}
	}
	return "", err.Error(), &analysisError{http.StatusInternalServerError}
}

// serveAnalysis is the analysis agree report would choose for the
// uploaded files (formats.Analysis), "" when none fits.
func serveAnalysis(dir string, names []string) string {
	var fsys formats.OS
	ins := make([]*formats.Input, len(names))
	for i, n := range names {
		ins[i] = fsys.Input(filepath.Join(dir, n))
	}
	defer func() {
		for _, in := range ins {
			in.Close()
		}
	}()
	kind := formats.Analysis(ins)
	if !slices.Contains(serveCommands, kind) {
		return ""
	}
	return kind
}

// limitedBuffer keeps at most max bytes (a runaway output cannot exhaust
// memory).
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room < len(p) {
		if room > 0 {
			l.b.Write(p[:room])
		}
		return 0, errors.New("output too large")
	}
	return l.b.Write(p)
}
