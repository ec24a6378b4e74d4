//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// The server's defences (issue 25): timeouts and a minimum upload rate, a
// cap on connections and on uploads at once, uploads streamed into one
// folder of the server that is removed when it stops, children that end
// with it and run under a memory limit, and a refusal of cross-site posts
// (Origin, Sec-Fetch-Site, Referer).

// serveGuards are the bounds of agree serve (serveOptions.guards; zero
// fields take the defaults of defaultGuards).
type serveGuards struct {
	maxConns      int           // connections open at once (more are closed at once)
	maxUploads    int           // uploads (and their analyses) at once (more get 503)
	headerTimeout time.Duration // to send a request's headers
	idleTimeout   time.Duration // a kept-alive connection without request
	readIdle      time.Duration // an upload without a byte
	minRate       int64         // bytes per second an upload must keep up after grace
	grace         time.Duration
	stopWait      time.Duration // for the requests in flight when the server stops
}

var defaultGuards = serveGuards{maxConns: 64, maxUploads: 4, headerTimeout: 10 * time.Second, idleTimeout: time.Minute,
	readIdle: 20 * time.Second, minRate: 16 << 10, grace: 20 * time.Second, stopWait: 5 * time.Second}

func (g *serveGuards) fill() {
	d := defaultGuards
	for _, f := range []struct{ v, def *time.Duration }{{&g.headerTimeout, &d.headerTimeout}, {&g.idleTimeout, &d.idleTimeout},
		{&g.readIdle, &d.readIdle}, {&g.grace, &d.grace}, {&g.stopWait, &d.stopWait}} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	if g.maxConns == 0 {
		g.maxConns = d.maxConns
	}
	if g.maxUploads == 0 {
		g.maxUploads = d.maxUploads
	}
	if g.minRate == 0 {
		g.minRate = d.minRate
	}
}

// newServeServer returns agree serve's HTTP server on addr and its
// handler, whose uploads go into a new temporary folder (removed by
// serveUntilStopped, or the handler's close).
func newServeServer(addr string, opt serveOptions) (*http.Server, *serveHandler, error) {
	opt.guards.fill()
	h := newServeHandler(addr, opt)
	base, err := os.MkdirTemp("", "agree-serve-")
	if err != nil {
		return nil, nil, fmt.Errorf("serve: a folder for the uploads: %w", err)
	}
	h.base = base
	h.ctx, h.cancel = context.WithCancel(context.Background())
	h.uploads = make(chan struct{}, opt.guards.maxUploads)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: opt.guards.headerTimeout, IdleTimeout: opt.guards.idleTimeout,
		MaxHeaderBytes: 64 << 10}
	return srv, h, nil
}

// close ends the analyses running, waits for the requests in flight (at
// most stopWait) and removes every upload.
func (h *serveHandler) close() error {
	h.cancel()
	h.mu.Lock()
	h.stopping = true
	h.mu.Unlock()
	done := make(chan struct{})
	go func() { h.active.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(h.opt.guards.stopWait):
	}
	return os.RemoveAll(h.base)
}

// enter counts a request that writes into the uploads' folder, unless the
// server is stopping.
func (h *serveHandler) enter() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopping {
		return false
	}
	h.active.Add(1)
	return true
}

// serveUntilStopped serves on ln (at most maxConns connections at once)
// until the server fails or a signal arrives on stop; then it ends the
// children, closes the connections after at most stopWait, and removes
// every upload.
func serveUntilStopped(srv *http.Server, ln net.Listener, h *serveHandler, stop <-chan os.Signal) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(capConns(ln, h.opt.guards.maxConns)) }()
	var err error
	select {
	case err = <-errc:
	case <-stop:
		h.cancel() // the children first: their requests then answer at once
		ctx, cancel := context.WithTimeout(context.Background(), h.opt.guards.stopWait)
		if srv.Shutdown(ctx) != nil {
			srv.Close() // uploads still arriving
		}
		cancel()
	}
	if rerr := h.close(); err == nil && rerr != nil {
		err = fmt.Errorf("serve: removing the uploads in %s: %w", h.base, rerr)
	}
	return err
}

// capConns bounds the connections open at once: one past max is closed as
// soon as it is accepted (so that a client opening hundreds holds no more
// than max, and slow ones are dropped by the timeouts).
func capConns(ln net.Listener, max int) net.Listener {
	return &capListener{Listener: ln, sem: make(chan struct{}, max)}
}

type capListener struct {
	net.Listener
	sem chan struct{}
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.sem <- struct{}{}:
			return &capConn{Conn: c, release: sync.OnceFunc(func() { <-l.sem })}, nil
		default:
			c.Close()
		}
	}
}

type capConn struct {
	net.Conn
	release func()
}

func (c *capConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// errTooSlow is an upload slower than the minimum rate.
var errTooSlow = errors.New("upload too slow")

// uploadReader reads a request body with a deadline per read (readIdle)
// and, after grace, at least minRate bytes a second on average: a client
// sending a byte a second is dropped.
type uploadReader struct {
	r     io.Reader
	rc    *http.ResponseController
	g     *serveGuards
	start time.Time
	n     int64
}

func (u *uploadReader) Read(p []byte) (int, error) {
	_ = u.rc.SetReadDeadline(time.Now().Add(u.g.readIdle))
	n, err := u.r.Read(p)
	u.n += int64(n)
	if el := time.Since(u.start); el > u.g.grace && float64(u.n) < float64(u.g.minRate)*el.Seconds() {
		return n, errTooSlow
	}
	return n, err
}

// crossSite reports a state-changing request another site made: a
// foreign Origin, Sec-Fetch-Site or Referer ("" when it is not).
func (h *serveHandler) crossSite(r *http.Request) string {
	if o := r.Header.Get("Origin"); o != "" && !h.sameOrigin(o) {
		return "forbidden: cross-origin request"
	}
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		return "forbidden: cross-site request"
	}
	if ref := r.Header.Get("Referer"); ref != "" {
		u, err := url.Parse(ref)
		if err != nil || u.Scheme != "http" || !h.hosts[u.Host] {
			return "forbidden: cross-site request (Referer)"
		}
	}
	return ""
}

// serveUpload is what the page's form sent.
type serveUpload struct {
	command, options string
	names            []string // files written in dir
}

// uploadError is a request the page answers with status and message.
type uploadError struct {
	status int
	msg    string
}

func (e *uploadError) Error() string { return e.msg }

// readUpload streams the page's multipart form into dir (nothing held in
// memory or elsewhere on disk): the fields command and options, and the
// files of "files", each under its base name.
func (h *serveHandler) readUpload(w http.ResponseWriter, r *http.Request, dir string) (*serveUpload, error) {
	rc := http.NewResponseController(w)
	defer rc.SetReadDeadline(time.Time{}) // the connection's own reads after the body
	r.Body = http.MaxBytesReader(w, r.Body, h.opt.maxUpload)
	body := &uploadReader{r: r.Body, rc: rc, g: &h.opt.guards, start: time.Now()}
	wrap := func(err error) error {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return &uploadError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the upload is larger than %d MB (agree serve --max-upload)", h.opt.maxUpload>>20)}
		case errors.Is(err, errTooSlow), errors.Is(err, os.ErrDeadlineExceeded):
			return &uploadError{http.StatusRequestTimeout, "the upload was too slow and was dropped"}
		}
		return &uploadError{http.StatusBadRequest, "cannot read the form: " + err.Error()}
	}
	ct := r.Header.Get("Content-Type")
	if !strings.HasPrefix(ct, "multipart/form-data") {
		return nil, &uploadError{http.StatusBadRequest, "cannot read the form: want multipart/form-data"}
	}
	r.Body = io.NopCloser(body)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, wrap(err)
	}
	up := &serveUpload{}
	seen := map[string]bool{}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, wrap(err)
		}
		switch name := part.FormName(); {
		case name == "command" || name == "options":
			v, err := io.ReadAll(io.LimitReader(part, 64<<10))
			if err != nil {
				return nil, wrap(err)
			}
			if name == "command" {
				up.command = string(v)
			} else {
				up.options = string(v)
			}
		case name == "files" && part.FileName() != "":
			file, err := h.saveFile(part, dir, seen)
			if err != nil {
				if _, ok := err.(*uploadError); ok {
					return nil, err
				}
				return nil, wrap(err)
			}
			up.names = append(up.names, file)
		}
		part.Close()
	}
	return up, nil
}

// saveFile writes one uploaded file into dir under its base name.
func (h *serveHandler) saveFile(part *multipart.Part, dir string, seen map[string]bool) (string, error) {
	name := filepath.Base(strings.ReplaceAll(part.FileName(), `\`, "/"))
	if name == "." || name == "/" || name == ".." || name == "" || strings.HasPrefix(name, "-") {
		name = "upload"
	}
	if seen[name] {
		// a browser sends the files' names, not their folders: two
		// d1.ann of two annotators cannot be told apart, and renaming
		// one would silently make it another annotator or document
		return "", &uploadError{http.StatusBadRequest, fmt.Sprintf("two uploaded files are named %s: the page receives file names without their folders, so it cannot tell them apart; upload a ZIP of the folders instead (brat: one folder per annotator)", name)}
	}
	seen[name] = true
	dst, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", &uploadError{http.StatusInternalServerError, err.Error()}
	}
	_, err = io.Copy(dst, part)
	if cerr := dst.Close(); err == nil && cerr != nil {
		return "", &uploadError{http.StatusInternalServerError, cerr.Error()}
	}
	return name, err
}
