//go:build !js

package web

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"syscall"
	"testing"
	"time"
)

// startServer runs NewServer on a loopback port with limits lim until the
// test ends, and returns its address.
func startServer(t *testing.T, dir string, lim Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, lln := NewServer(ln, dir, lim)
	go srv.Serve(lln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// get sends a GET for path with Host host on a new connection and returns
// the status, or 0 when no answer came within wait.
func get(t *testing.T, addr, host, path string, wait time.Duration) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(wait))
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func pageDir(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!DOCTYPE html>"), 0o644)
	return dir
}

// Only regular files inside --dir are served: a symbolic link out of the
// folder is not followed (one inside it is), and a FIFO is not opened.
func TestServeOnlyInsideDir(t *testing.T) {
	dir := pageDir(t)
	secret := filepath.Join(t.TempDir(), "secret.json")
	os.WriteFile(secret, []byte(`{"password": 1}`), 0o644)
	os.Symlink(secret, filepath.Join(dir, "out.json"))
	os.Symlink("../"+filepath.Base(filepath.Dir(secret))+"/secret.json", filepath.Join(dir, "up.json"))
	os.Symlink("index.html", filepath.Join(dir, "in.html"))
	os.Mkdir(filepath.Join(dir, "sub.png"), 0o755)
	fifo := filepath.Join(dir, "pipe.js")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Logf("no FIFO: %v", err)
	}
	addr := startServer(t, dir, DefaultLimits)
	for path, want := range map[string]int{"/": 200, "/in.html": 200, "/out.json": 404, "/up.json": 404, "/sub.png": 404, "/pipe.js": 404} {
		if got := get(t, addr, "localhost", path, 10*time.Second); got != want {
			t.Errorf("GET %s: %d, want %d", path, got, want)
		}
	}
}

// On a loopback address the server answers only to its own names: a
// request naming another host — a DNS-rebinding site — gets 421.
func TestServeHostCheck(t *testing.T) {
	addr := startServer(t, pageDir(t), DefaultLimits)
	_, port, _ := net.SplitHostPort(addr)
	for host, want := range map[string]int{
		"localhost": 200, "localhost:" + port: 200, "127.0.0.1:" + port: 200, "[::1]:" + port: 200, "LOCALHOST.": 200,
		"game.localhost:" + port: 200, "127.0.0.2": 200,
		"evil.example:" + port: 421, "evil.example": 421, "127.0.0.1.evil.example": 421, "": 421, "10.0.0.1": 421,
	} {
		if got := get(t, addr, host, "/", 10*time.Second); got != want {
			t.Errorf("Host %q: %d, want %d", host, got, want)
		}
	}
	for host, want := range map[string]bool{"localhost": true, "[::1]:80": true, "::1": true, "127.1.2.3:9": true, "localhost.evil": false, "0.0.0.0": false} {
		if got := loopbackHost(host); got != want {
			t.Errorf("loopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// A connection that never finishes its headers is closed after
// ReadHeader, and no more than Conns connections are served at once: the
// next waits until one closes.
func TestServeLimits(t *testing.T) {
	lim := DefaultLimits
	lim.ReadHeader, lim.Conns = 300*time.Millisecond, 2
	addr := startServer(t, pageDir(t), lim)

	// Unfinished headers: the server hangs up (well before the deadline).
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: localhost\r\n")
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.ReadAll(c); err != nil {
		t.Errorf("a connection with unfinished headers was not closed by the server: %v", err)
	}
	c.Close()

	lim.ReadHeader = time.Minute
	addr = startServer(t, pageDir(t), lim)
	var held []net.Conn
	for range lim.Conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, "GET / HTTP/1.1\r\n") // and nothing more
		held = append(held, c)
	}
	if got := get(t, addr, "localhost", "/", 500*time.Millisecond); got != 0 {
		t.Errorf("with %d connections held, a third was answered (%d)", lim.Conns, got)
	}
	held[0].Close()
	if got := get(t, addr, "localhost", "/", 10*time.Second); got != 200 {
		t.Errorf("with a slot free again: %d, want 200", got)
	}
	for _, c := range held[1:] {
		c.Close()
	}
}
