// Package chrome drives a headless Chromium over the DevTools protocol, for
// the tests that check agree's HTML reports and local web page in a real
// browser (issue 11). It uses only the standard library: a minimal
// WebSocket client (RFC 6455, client side, text frames) carries the
// protocol's JSON messages.
//
// It is test machinery: it starts the browser with the flags a closed
// network needs (no background networking, no component updates, no
// sync), a fresh profile directory, and --no-sandbox when running as root.
package chrome

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Find returns the path of a Chromium binary: $AGREE_CHROMIUM, or the
// first of chromium, chromium-browser, google-chrome on the PATH.
func Find() (string, error) {
	if p := os.Getenv("AGREE_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found (install Debian's chromium package, or set AGREE_CHROMIUM)")
}

// Browser is a running headless Chromium.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	conn    *wsConn
	nextID  atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan message
	events  map[string]func(method string, params json.RawMessage) // by session id
	done    chan struct{}
	err     error
}

type message struct {
	ID        int64           `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *protocolError  `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

type protocolError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *protocolError) Error() string { return fmt.Sprintf("devtools: %s (%d)", e.Message, e.Code) }

var listening = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// Start launches Chromium (path from Find) and connects to it. Close
// stops it and removes its profile.
func Start(ctx context.Context, path string) (*Browser, error) {
	profile, err := os.MkdirTemp("", "agree-chrome-")
	if err != nil {
		return nil, err
	}
	args := []string{"--headless", "--disable-gpu", "--disable-quic", "--no-first-run", "--no-default-browser-check",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--force-color-profile=srgb",
		"--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank"}
	if os.Geteuid() == 0 {
		args = append([]string{"--no-sandbox"}, args...)
	}
	cmd := exec.Command(path, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	b := &Browser{cmd: cmd, profile: profile, pending: map[int64]chan message{}, events: map[string]func(string, json.RawMessage){}, done: make(chan struct{})}
	found := make(chan string, 1)
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		sent := false
		for sc.Scan() {
			if !sent {
				if m := listening.FindStringSubmatch(sc.Text()); m != nil {
					found <- m[1]
					sent = true
					continue
				}
				if log.Len() < 8000 {
					log.WriteString(sc.Text() + "\n")
				}
			}
		}
		if !sent {
			close(found)
		}
	}()
	var url string
	select {
	case u, ok := <-found:
		if !ok {
			b.kill()
			return nil, fmt.Errorf("chromium exited before listening:\n%s", log.String())
		}
		url = u
	case <-time.After(30 * time.Second):
		b.kill()
		return nil, errors.New("chromium did not start within 30 s")
	case <-ctx.Done():
		b.kill()
		return nil, ctx.Err()
	}
	conn, err := dialWS(url)
	if err != nil {
		b.kill()
		return nil, err
	}
	b.conn = conn
	go b.readLoop()
	return b, nil
}

func (b *Browser) kill() {
	if b.cmd.Process != nil {
		b.cmd.Process.Kill()
		b.cmd.Wait()
	}
	os.RemoveAll(b.profile)
}

// Close stops the browser.
func (b *Browser) Close() error {
	if b.conn != nil {
		b.conn.close()
	}
	b.kill()
	return nil
}

func (b *Browser) readLoop() {
	defer close(b.done)
	for {
		data, err := b.conn.read()
		if err != nil {
			b.mu.Lock()
			b.err = err
			for id, ch := range b.pending {
				close(ch)
				delete(b.pending, id)
			}
			b.mu.Unlock()
			return
		}
		var m message
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch, ok := b.pending[m.ID]; ok {
				delete(b.pending, m.ID)
				ch <- m
			}
		} else if h := b.events[m.SessionID]; h != nil {
			b.mu.Unlock()
			h(m.Method, m.Params)
			continue
		}
		b.mu.Unlock()
	}
}

// call sends a command (to a page session, or the browser for "") and
// decodes its result into out (may be nil).
func (b *Browser) call(ctx context.Context, session, method string, params any, out any) error {
	id := b.nextID.Add(1)
	ch := make(chan message, 1)
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return b.err
	}
	b.pending[id] = ch
	b.mu.Unlock()
	if params == nil {
		params = struct{}{}
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	data, _ := json.Marshal(message{ID: id, Method: method, Params: p, SessionID: session})
	if err := b.conn.write(data); err != nil {
		return err
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: connection closed: %v", method, b.err)
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %w", method, m.Error)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// SaveDownloads makes the browser save the files its pages download into
// dir (rather than the user's Downloads folder).
func (b *Browser) SaveDownloads(ctx context.Context, dir string) error {
	return b.call(ctx, "", "Browser.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": dir}, nil)
}

// Page is one browser tab.
type Page struct {
	b       *Browser
	session string
	mu      sync.Mutex
	console []string // console errors and uncaught exceptions
	// requests are the URLs of the requests the page sent since
	// RecordRequests.
	requests []string
	loaded   chan struct{}
}

// NewPage opens a tab of the given size (CSS pixels).
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
		return nil, err
	}
	var a struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &a); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: a.SessionID, loaded: make(chan struct{}, 16)}
	b.mu.Lock()
	b.events[a.SessionID] = p.event
	b.mu.Unlock()
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		if err := b.call(ctx, p.session, m, nil, nil); err != nil {
			return nil, err
		}
	}
	if err := b.call(ctx, p.session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Page) event(method string, params json.RawMessage) {
	switch method {
	case "Page.loadEventFired":
		select {
		case p.loaded <- struct{}{}:
		default:
		}
	case "Network.requestWillBeSent":
		var e struct {
			Request struct {
				URL    string `json:"url"`
				Method string `json:"method"`
			} `json:"request"`
		}
		if json.Unmarshal(params, &e) == nil {
			p.mu.Lock()
			p.requests = append(p.requests, e.Request.Method+" "+e.Request.URL)
			p.mu.Unlock()
		}
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		if json.Unmarshal(params, &e) == nil && (e.Type == "error" || e.Type == "assert") {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, fmt.Sprint(a.Value, a.Description))
			}
			p.addConsole("console." + e.Type + ": " + strings.Join(parts, " "))
		}
	case "Runtime.exceptionThrown":
		var e struct {
			Details struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(params, &e)
		p.addConsole("exception: " + e.Details.Text + " " + e.Details.Exception.Description)
	case "Log.entryAdded":
		var e struct {
			Entry struct {
				Level, Text, URL string
			} `json:"entry"`
		}
		if json.Unmarshal(params, &e) == nil && e.Entry.Level == "error" {
			p.addConsole("log: " + e.Entry.Text + " " + e.Entry.URL)
		}
	}
}

func (p *Page) addConsole(s string) {
	p.mu.Lock()
	p.console = append(p.console, s)
	p.mu.Unlock()
}

// ConsoleErrors returns the console errors, failed loads and uncaught
// exceptions seen so far.
func (p *Page) ConsoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.console...)
}

// RecordRequests starts the DevTools network log of the page (the
// Network domain): Requests then lists every request the page sends,
// the page's own loads included.
func (p *Page) RecordRequests(ctx context.Context) error {
	return p.b.call(ctx, p.session, "Network.enable", nil, nil)
}

// Requests returns the requests ("METHOD URL") the network log saw since
// RecordRequests, and forgets them.
func (p *Page) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.requests
	p.requests = nil
	return r
}

// Navigate loads url and waits for its load event.
func (p *Page) Navigate(ctx context.Context, url string) error {
	for len(p.loaded) > 0 {
		<-p.loaded
	}
	var r struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.b.call(ctx, p.session, "Page.navigate", map[string]any{"url": url}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return fmt.Errorf("navigate %s: %s", url, r.ErrorText)
	}
	return p.WaitLoad(ctx)
}

// WaitLoad waits for the next load event (after a form submission, say).
func (p *Page) WaitLoad(ctx context.Context) error {
	select {
	case <-p.loaded:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for the page to load: %w", ctx.Err())
	}
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its JSON value into out (may be nil).
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := p.b.call(ctx, p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("evaluating %q: %s %s", expr, r.Exception.Text, r.Exception.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		return json.Unmarshal(r.Result.Value, out)
	}
	return nil
}

// Screenshot captures the whole page (beyond the viewport) as PNG.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) { return p.ScreenshotTop(ctx, 0) }

// ScreenshotTop captures the top maxHeight CSS pixels of the page (the
// whole page when maxHeight is 0) as PNG.
func (p *Page) ScreenshotTop(ctx context.Context, maxHeight float64) ([]byte, error) {
	var m struct {
		CSSContentSize struct {
			Width, Height float64
		} `json:"cssContentSize"`
	}
	if err := p.b.call(ctx, p.session, "Page.getLayoutMetrics", nil, &m); err != nil {
		return nil, err
	}
	var r struct {
		Data string `json:"data"`
	}
	h := m.CSSContentSize.Height
	if maxHeight > 0 && h > maxHeight {
		h = maxHeight
	}
	clip := map[string]any{"x": 0, "y": 0, "width": m.CSSContentSize.Width, "height": h, "scale": 1}
	if err := p.b.call(ctx, p.session, "Page.captureScreenshot", map[string]any{"format": "png", "clip": clip, "captureBeyondViewport": true}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// ViewportScreenshot captures what the window shows, as PNG.
func (p *Page) ViewportScreenshot(ctx context.Context) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.b.call(ctx, p.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// DropFiles drags files and folders (paths) onto the page at (x, y), in
// CSS pixels of the viewport, and drops them there, as a user dragging
// them from a file manager.
func (p *Page) DropFiles(ctx context.Context, x, y float64, files []string) error {
	data := map[string]any{"items": []any{}, "files": files, "dragOperationsMask": 1}
	for _, t := range []string{"dragEnter", "dragOver", "drop"} {
		if err := p.b.call(ctx, p.session, "Input.dispatchDragEvent", map[string]any{"type": t, "x": x, "y": y, "data": data}, nil); err != nil {
			return err
		}
	}
	return nil
}

// SetFiles sets the files of the <input type=file> matched by selector,
// as a user choosing them would.
func (p *Page) SetFiles(ctx context.Context, selector string, files []string) error {
	var doc struct {
		Root struct {
			NodeID int `json:"nodeId"`
		} `json:"root"`
	}
	if err := p.b.call(ctx, p.session, "DOM.getDocument", nil, &doc); err != nil {
		return err
	}
	var q struct {
		NodeID int `json:"nodeId"`
	}
	if err := p.b.call(ctx, p.session, "DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": selector}, &q); err != nil {
		return err
	}
	if q.NodeID == 0 {
		return fmt.Errorf("no element matches %q", selector)
	}
	return p.b.call(ctx, p.session, "DOM.setFileInputFiles", map[string]any{"nodeId": q.NodeID, "files": files}, nil)
}
