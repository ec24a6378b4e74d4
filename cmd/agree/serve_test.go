package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/internal/chrome"
	"agree/report"
)

// TestMain (child_test.go) runs the test binary as agree when
// AGREE_TEST_AS_AGREE=1, as startServe needs.

// startServe runs agree serve's handler on a free loopback port, its
// analyses in children of the test binary, and its temporary files in a
// directory of the test (so that the test can see that none are left):
// tmp is the server's folder of uploads.
func startServe(t *testing.T, opt serveOptions) (base string, tmp string) {
	t.Helper()
	tmp = t.TempDir()
	t.Setenv("TMPDIR", tmp)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	opt.self, opt.env = self, append([]string{"AGREE_TEST_AS_AGREE=1"}, opt.env...)
	if opt.maxUpload == 0 {
		opt.maxUpload = 4 << 20
	}
	if opt.timeout == 0 {
		opt.timeout = time.Minute
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, h, err := newServeServer(ln.Addr().String(), opt)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(capConns(ln, h.opt.guards.maxConns))
	t.Cleanup(func() {
		srv.Close()
		h.close()
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("%d files left in the temporary folder after the server stopped", len(left))
		}
	})
	tmp = h.base // the tests see that each answer leaves nothing in it
	return "http://" + ln.Addr().String(), tmp
}

// upload builds the page's multipart form.
func upload(t *testing.T, command, options string, files map[string]string) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("command", command)
	mw.WriteField("options", options)
	for name, content := range files {
		w, err := mw.CreateFormFile("files", name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, content)
	}
	mw.Close()
	return &b, mw.FormDataContentType()
}

// TestServeScriptAllowed: the page's one script runs under its
// Content-Security-Policy (its hash), which allows nothing else.
func TestServeScriptAllowed(t *testing.T) {
	base, _ := startServe(t, serveOptions{})
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src "+serveScriptHash+";") || !strings.Contains(csp, "connect-src 'self'") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP %q", csp)
	}
	if !strings.Contains(string(body), "<script>"+serveScript+"</script>") || strings.Count(string(body), "<script") != 1 {
		t.Error("the page's script is not served as hashed, or not alone")
	}
}

func TestServeSecurityAndLimits(t *testing.T) {
	base, tmp := startServe(t, serveOptions{maxUpload: 1 << 20})
	u, _ := url.Parse(base)
	data, err := os.ReadFile("examples/krippendorff.csv")
	if err != nil {
		t.Fatal(err)
	}
	good := map[string]string{"krippendorff.csv": string(data)}
	cases := []struct {
		name    string
		method  string
		host    string
		headers map[string]string
		command string
		options string
		files   map[string]string
		status  int
		body    string // the answer contains this
		reason  string
	}{
		{"page", "GET", "", nil, "", "", nil, 200, `type="file"`, "the page itself"},
		{"localhost", "GET", "localhost:" + u.Port(), nil, "", "", nil, 200, "agree", "localhost names the loopback server too"},
		{"rebinding", "GET", "evil.example", nil, "", "", nil, 403, "forbidden", "DNS rebinding: a foreign Host is refused"},
		{"rebinding post", "POST", "evil.example:" + u.Port(), nil, "coding", "", good, 403, "forbidden", "a foreign Host with the right port"},
		{"foreign origin", "POST", "", map[string]string{"Origin": "http://evil.example"}, "coding", "", good, 403, "cross-origin", "a cross-site form post"},
		{"null origin", "POST", "", map[string]string{"Origin": "null"}, "coding", "", good, 403, "cross-origin", "a sandboxed or file: page"},
		{"foreign referer", "POST", "", map[string]string{"Referer": "http://evil.example/page.html"}, "coding", "", good, 403, "Referer", "issue 25: a cross-site post with only a Referer"},
		{"own referer", "POST", "", map[string]string{"Referer": base + "/"}, "segmentation", "", map[string]string{"seg.csv": "d1,a,2 3\nd1,b,3 2\n"}, 200, "Segmentation agreement", "the page's own Referer"},
		{"cross-site fetch", "POST", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, "coding", "", good, 403, "cross-site", "the browser says the request is cross-site"},
		{"same origin", "POST", "", map[string]string{"Origin": base, "Sec-Fetch-Site": "same-origin"}, "coding", "--bootstrap 50", good, 200, "srcdoc", "the page's own post runs"},
		{"auto", "POST", "", nil, "auto", "", map[string]string{"a.csv": "document,annotator,start,end,label\nd,A,0,1,X\nd,B,0,1,X\n"}, 200, "Analysis chosen from the files: <b>spans</b>", "auto chooses as agree report does: the span CSV is spans"},
		{"auto table", "POST", "", nil, "auto", "", good, 200, "Analysis chosen from the files: <b>coding</b>", "a table of codes is coding"},
		{"no origin", "POST", "", nil, "segmentation", "", map[string]string{"seg.csv": "d1,a,2 3\nd1,b,3 2\n"}, 200, "Segmentation agreement", "a script's post (no Origin) runs"},
		{"data error", "POST", "", nil, "coding", "", map[string]string{"bad.csv": "item,a,b\n1,x,y\n2,z\n"}, 422, "bad.csv:3", "the data error names the uploaded file and line"},
		{"usage error", "POST", "", nil, "coding", "--metric nonsense", good, 400, "nonsense", "a bad option is a usage error"},
		{"writes files", "POST", "", nil, "coding", "--consensus x.csv", good, 400, "not available", "options that write files are refused"},
		{"paths", "POST", "", nil, "coding", "--taxonomy /etc/passwd", good, 400, "paths are not accepted", "options cannot name files outside the upload"},
		{"unknown command", "POST", "", nil, "rm", "", good, 400, "unknown analysis", "only the listed analyses run"},
		{"no file", "POST", "", nil, "coding", "", nil, 400, "at least one file", "a file is needed"},
		{"too large", "POST", "", nil, "coding", "", map[string]string{"big.csv": strings.Repeat("x", 2<<20)}, 413, "larger than 1 MB", "the upload limit"},
		{"wrong method", "PUT", "", nil, "", "", nil, 405, "not allowed", "only GET / and POST /run"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body io.Reader
			ctype := ""
			path := "/"
			if c.method == "POST" {
				body, ctype = upload(t, c.command, c.options, c.files)
				path = "/run"
			}
			req, err := http.NewRequest(c.method, base+path, body)
			if err != nil {
				t.Fatal(err)
			}
			if ctype != "" {
				req.Header.Set("Content-Type", ctype)
			}
			if c.host != "" {
				req.Host = c.host
			}
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status || !strings.Contains(string(b), c.body) {
				t.Errorf("%s: status %d, want %d with %q (%s)\n%.600s", c.name, resp.StatusCode, c.status, c.body, c.reason, b)
			}
			if csp := resp.Header.Get("Content-Security-Policy"); resp.StatusCode == 200 && !strings.Contains(csp, "default-src 'none'") {
				t.Errorf("no restrictive Content-Security-Policy: %q", csp)
			}
		})
	}
	left, _ := os.ReadDir(tmp)
	if len(left) > 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("files left on disk after the responses: %v", names)
	}
}

func TestServeTimeout(t *testing.T) {
	base, _ := startServe(t, serveOptions{timeout: time.Nanosecond})
	body, ctype := upload(t, "coding", "", map[string]string{"k.csv": "item,a,b\n1,x,x\n2,y,x\n"})
	resp, err := http.Post(base+"/run", ctype, body)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), "longer than") {
		t.Errorf("status %d: %.300s", resp.StatusCode, b)
	}
}

func TestServeAddressIsLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "10.1.2.3:8080", "example.com:80", ":0"} {
		if _, _, code := agree(t, "", "serve", "--addr", addr); code != 2 {
			t.Errorf("--addr %s: exit %d, want 2 (usage error: not loopback)", addr, code)
		}
	}
}

// runInPage clicks the page's Run button and waits until the page has
// shown the answer (the page's script sets data-runs on the body).
func runInPage(t *testing.T, ctx context.Context, p *chrome.Page, setup string) {
	t.Helper()
	js := `new Promise(done => { ` + setup + `; const n = Number(document.body.dataset.runs || 0); document.getElementById("run").click();
		const tick = setInterval(() => { if (Number(document.body.dataset.runs || 0) > n) { clearInterval(tick); done(true) } }, 50) })`
	if err := p.Eval(ctx, js, nil); err != nil {
		t.Fatal(err)
	}
}

// reportText waits for the report's iframe and returns its text.
func reportText(t *testing.T, ctx context.Context, p *chrome.Page) string {
	t.Helper()
	var text string
	for range 50 { // the iframe's document is parsed after it is inserted
		if err := p.Eval(ctx, `(() => { const f = document.getElementById("report"); return f && f.contentDocument && f.contentDocument.readyState === "complete" && f.contentDocument.body ? f.contentDocument.body.innerText : "" })()`, &text); err != nil {
			t.Fatal(err)
		}
		if text != "" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return text
}

// TestServeInBrowser uploads a file through the page in headless Chromium,
// as a user would, and reads the report it shows; runs again with other
// options without choosing the file again (issue 18 §6: the page keeps
// the chosen files, the server nothing); lets the page choose the
// analysis as agree report does; then a file with an error, whose
// file:line message the page shows.
func TestServeInBrowser(t *testing.T) {
	b, ctx := startBrowser(t)
	base, tmp := startServe(t, serveOptions{})
	p, err := b.NewPage(ctx, 1200, 900)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Navigate(ctx, base+"/"); err != nil {
		t.Fatal(err)
	}
	var command string
	if err := p.Eval(ctx, `document.getElementById("command").value`, &command); err != nil || command != "auto" {
		t.Errorf("the analysis offered first is %q (%v), want auto", command, err)
	}
	file, _ := filepath.Abs("examples/krippendorff.csv")
	if err := p.SetFiles(ctx, "#files", []string{file}); err != nil {
		t.Fatal(err)
	}
	runInPage(t, ctx, p, `document.getElementById("command").value = "coding"; document.getElementById("options").value = "--bootstrap 200 --seed 4"`)
	text := reportText(t, ctx, p)
	out, errs, code := agree(t, "", "coding", "--bootstrap", "200", "--seed", "4", "--format", "json", "examples/krippendorff.csv")
	if code != 0 {
		t.Fatal(errs)
	}
	var js struct {
		Coefficients map[string]struct {
			Value float64 `json:"value"`
			CI    struct{ Low, High float64 }
		} `json:"coefficients"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatal(err)
	}
	alpha := js.Coefficients["krippendorff_alpha"]
	for _, want := range []string{report.Float(alpha.Value, 4), report.Float(alpha.CI.Low, 4), "krippendorff.csv", "Coincidence matrix"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report in the page lacks %q:\n%.1500s", want, text)
		}
	}
	if errs := p.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	// Again, with other options and the file chosen before: it is still
	// chosen, and the report is the new one.
	runInPage(t, ctx, p, `document.getElementById("options").value = "--metric interval"`)
	if text := reportText(t, ctx, p); !strings.Contains(text, "interval") || !strings.Contains(text, "krippendorff.csv") {
		t.Errorf("the second run, on the file chosen for the first: %.800s", text)
	}
	// auto: the analysis agree report would choose, named in the page
	runInPage(t, ctx, p, `document.getElementById("command").value = "auto"; document.getElementById("options").value = ""`)
	var chosen string
	if err := p.Eval(ctx, `(document.getElementById("chosen") || {innerText: ""}).innerText`, &chosen); err != nil || !strings.Contains(chosen, "coding") {
		t.Errorf("auto: the page says %q (%v), want the analysis chosen, coding", chosen, err)
	}
	// A data error shows as the command line's file:line message (the
	// answer's status, 422, is the one console line then).
	bad := filepath.Join(t.TempDir(), "bad.csv")
	os.WriteFile(bad, []byte("item,a,b\n1,x,y\n2,z\n"), 0o644)
	if err := p.SetFiles(ctx, "#files", []string{bad}); err != nil {
		t.Fatal(err)
	}
	runInPage(t, ctx, p, `document.getElementById("command").value = "coding"; document.getElementById("options").value = ""`)
	var msg string
	if err := p.Eval(ctx, `document.getElementById("error").innerText`, &msg); err != nil {
		t.Fatal(err)
	}
	_, cliErr, _ := agree(t, "", "coding", bad)
	want := strings.TrimSpace(strings.ReplaceAll(strings.TrimPrefix(cliErr, "agree: "), filepath.Dir(bad)+"/", ""))
	if !strings.HasPrefix(msg, "bad.csv:3") || strings.TrimSpace(msg) != want {
		t.Errorf("error shown %q, want the command line's file:line message %q", msg, want)
	}
	if errs := p.ConsoleErrors(); len(errs) != 1 || !strings.Contains(errs[0], "422") {
		t.Errorf("console errors: %q, want only the 422 of the data error", errs)
	}
	if *screenshots != "" {
		if err := p.SetFiles(ctx, "#files", []string{file}); err == nil {
			runInPage(t, ctx, p, `document.getElementById("options").value = "--bootstrap 200 --seed 4"`)
			time.Sleep(300 * time.Millisecond)
			if shot, err := p.ViewportScreenshot(ctx); err == nil {
				os.WriteFile(filepath.Join(*screenshots, "serve.png"), shot, 0o644)
			}
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("%d files left on disk", len(left))
	}
}

// TestServeUploadNames: a browser sends file names without their folders.
// Two uploads of one name (alice/d1.ann and bob/d1.ann) are refused with
// what to do, not renamed (a renamed file is silently another annotator or
// document); a ZIP of the folders is read with its folders.
func TestServeUploadNames(t *testing.T) {
	base, _ := startServe(t, serveOptions{})
	post := func(files [][2]string, options string) (int, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		mw.WriteField("command", "spans")
		mw.WriteField("options", options)
		for _, f := range files {
			w, _ := mw.CreateFormFile("files", f[0])
			io.WriteString(w, f[1])
		}
		mw.Close()
		resp, err := http.Post(base+"/run", mw.FormDataContentType(), &b)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	alice := "T1\tPER 0 5\tAlice\n"
	bob := "T1\tPER 0 5\tAlice\nT2\tPER 10 13\tBob\n"
	status, body := post([][2]string{{"d1.ann", alice}, {"d1.ann", bob}}, "")
	if status != 400 || !strings.Contains(body, "two uploaded files are named d1.ann") || !strings.Contains(body, "upload a ZIP of the folders") {
		t.Errorf("two files of one name: status %d\n%.800s", status, body)
	}
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	for _, f := range [][2]string{{"alice/d1.ann", alice}, {"bob/d1.ann", bob}} {
		w, _ := zw.Create(f[0])
		io.WriteString(w, f[1])
	}
	zw.Close()
	status, body = post([][2]string{{"brat.zip", z.String()}}, "")
	if status != 200 || !strings.Contains(body, `sandbox="allow-same-origin"`) {
		t.Fatalf("a ZIP of brat folders: status %d\n%.800s", status, body)
	}
	// the report compares alice and bob on one document: F1 = 2·1/(1+2)
	if !strings.Contains(html.UnescapeString(body), "alice / bob") || !strings.Contains(body, "0.6667") {
		t.Errorf("the ZIP's folders are not its annotators:\n%.2000s", html.UnescapeString(body))
	}
}
