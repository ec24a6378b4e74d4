//go:build !js

package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"agree/internal/inputtest"
)

// post sends the page's form and returns the status and body.
func post(t *testing.T, base, command string, files map[string]string) (int, string) {
	t.Helper()
	body, ctype := upload(t, command, "", files)
	resp, err := http.Post(base+"/run", ctype, body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// seg is a small segmentation upload.
var seg = map[string]string{"seg.csv": "d1,a,2 3\nd1,b,3 2\n"}

// TestServeChildCrash: issue 25, an analysis child that dies of a signal
// gives an error page, and its upload is removed.
func TestServeChildCrash(t *testing.T) {
	base, tmp := startServe(t, serveOptions{env: []string{"AGREE_TEST_CHILD=crash"}})
	status, body := post(t, base, "segmentation", seg)
	if status != http.StatusInternalServerError || !strings.Contains(body, "crashed") {
		t.Errorf("status %d: %.400s", status, body)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("%d uploads left after the child crashed", len(left))
	}
}

// TestServeChildMemory: issue 25, the analysis runs under agree serve
// --memory: a child asking for 12 GB is stopped at once, with a message
// naming the limit (without the limit the request succeeds: the 12 GB are
// never touched).
func TestServeChildMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if raceEnabled {
		t.Skip("the race detector's own memory does not fit a memory limit")
	}
	base, tmp := startServe(t, serveOptions{memory: 256 << 20, env: []string{"AGREE_TEST_CHILD=alloc"}})
	status, body := post(t, base, "segmentation", seg)
	if status != http.StatusUnprocessableEntity || !strings.Contains(body, "memory limit (256 MB") {
		t.Errorf("status %d: %.400s", status, body)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("%d uploads left", len(left))
	}
}

// dialRaw opens a connection to the server with a deadline for the test.
func dialRaw(t *testing.T, base string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(15 * time.Second))
	t.Cleanup(func() { c.Close() })
	return c
}

// trickle writes s a byte every 100 ms until the server closes the
// connection or answers, and returns how long that took and the first
// line of the answer ("" when the server closed without one).
func trickle(c net.Conn, s string) (time.Duration, string) {
	start := time.Now()
	answer := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(c).ReadString('\n')
		answer <- line
	}()
	for i := 0; i < len(s); i++ {
		select {
		case a := <-answer:
			return time.Since(start), a
		case <-time.After(100 * time.Millisecond):
		}
		if _, err := c.Write([]byte{s[i]}); err != nil {
			break
		}
	}
	return time.Since(start), <-answer
}

// TestServeSlowClients: issue 25, a client sending a byte at a time is
// dropped: in its headers by the header timeout, in its upload by the
// minimum rate (here 1 s and 1 KB/s after 1 s; agree serve's are 10 s and
// 16 KB/s after 20 s). Bounded: each connection has a 15 s deadline.
func TestServeSlowClients(t *testing.T) {
	base, tmp := startServe(t, serveOptions{guards: serveGuards{headerTimeout: time.Second, readIdle: time.Second, grace: time.Second, minRate: 1 << 10}})
	host := strings.TrimPrefix(base, "http://")
	el, line := trickle(dialRaw(t, base), "GET / HTTP/1.1\r\nHost: "+host+"\r\nX-Slow: "+strings.Repeat("x", 200)+"\r\n\r\n")
	if el > 5*time.Second || strings.Contains(line, "200") {
		t.Errorf("slow headers: answered %q after %v, want dropped within about 1 s", line, el)
	}
	body, ctype := upload(t, "segmentation", "", map[string]string{"seg.csv": strings.Repeat("d1,a,2 3\n", 100)})
	b, _ := io.ReadAll(body)
	c := dialRaw(t, base)
	fmt.Fprintf(c, "POST /run HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", host, ctype, len(b))
	el, line = trickle(c, string(b))
	if el > 5*time.Second || !strings.Contains(line, "408") {
		t.Errorf("slow upload: answered %q after %v, want 408 within about 1 s", line, el)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("%d uploads left", len(left))
	}
}

// TestServeCaps: issue 25, connections past the cap are closed at once
// (300 were accepted), and uploads past the cap get 503 while one is in
// progress; a connection closed frees its place.
func TestServeCaps(t *testing.T) {
	base, _ := startServe(t, serveOptions{guards: serveGuards{maxConns: 3, maxUploads: 1}})
	host := strings.TrimPrefix(base, "http://")
	var held []net.Conn
	for range 2 {
		held = append(held, dialRaw(t, base))
	}
	// the third holds an upload in progress
	body, ctype := upload(t, "segmentation", "", seg)
	b, _ := io.ReadAll(body)
	slow := dialRaw(t, base)
	fmt.Fprintf(slow, "POST /run HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", host, ctype, len(b), b[:10])
	extra := dialRaw(t, base)
	extra.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := extra.Read(make([]byte, 1)); err == nil || n > 0 {
		t.Errorf("a fourth connection is served (read %d, %v), want it closed", n, err)
	}
	held[0].Close()
	// the freed place serves a second upload, refused while the first is in progress
	var status int
	var page string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		body, ctype := upload(t, "segmentation", "", seg)
		resp, err := http.Post(base+"/run", ctype, body)
		if err != nil {
			continue // the freed place is not yet known
		}
		p, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		status, page = resp.StatusCode, string(p)
		break
	}
	if status != http.StatusServiceUnavailable || !strings.Contains(page, "busy") {
		t.Errorf("second upload: status %d: %.300s", status, page)
	}
	slow.Write(b[10:])
	if line, _ := bufio.NewReader(slow).ReadString('\n'); !strings.Contains(line, "200") {
		t.Errorf("the held upload, completed: %q", line)
	}
}

// TestServeZipBomb: issue 25, a 3.6 MB upload holding a 3.5 GiB member
// (which crashed the analysis) is refused with the entry's name, by the
// server choosing the analysis (auto: spans, from the member's name) and
// by the analysis under its memory limit, and nothing is left on disk.
func TestServeZipBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	base, tmp := startServe(t, serveOptions{maxUpload: 16 << 20, memory: 256 << 20})
	bomb := string(inputtest.Bomb("data.jsonl", 3584<<20, 0))
	for _, command := range []string{"spans", "auto", "coding"} {
		status, body := post(t, base, command, map[string]string{"bomb.zip": bomb})
		want := `entry &#34;data.jsonl&#34;: 3.5 GiB uncompressed`
		if status/100 != 4 || !strings.Contains(body, want) {
			t.Errorf("%s: status %d, want 4xx with %q: %.300s", command, status, want, body[strings.Index(body, "</form>"):])
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("%d uploads left", len(left))
	}
}
