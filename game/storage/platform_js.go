//go:build js

package storage

import (
	"fmt"
	"syscall/js"
)

// Platform returns the storage of this build: the browser's localStorage,
// in keys starting "spaceflight:", under DefaultCap, where Droppable files
// (old replays) make room for new saves and HandOut files (screenshots)
// become downloads. Where the page
// may not use localStorage (storage disabled, a sandboxed frame), the files
// live in memory for as long as the page is open, and Persistent says so.
func Platform(p Policy) *Local {
	var kv KV = browserKV{js.Global().Get("localStorage")}
	if !available() {
		kv = &memKV{m: map[string]string{}}
	}
	return &Local{KV: kv, Prefix: "spaceflight:", Cap: DefaultCap, Droppable: p.Droppable, HandOut: p.HandOut, Deliver: download}
}

// download offers data to the player as a file called name, as a link
// with a download attribute does.
func download(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused the download: %v", r)
		}
	}()
	g := js.Global()
	arr := g.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	url := g.Get("URL").Call("createObjectURL", g.Get("Blob").New([]any{arr}))
	a := g.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	g.Get("document").Get("body").Call("append", a)
	a.Call("click")
	a.Call("remove")
	g.Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
		g.Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 1000)
	return nil
}

// Persistent reports whether the page's files outlive the page.
func Persistent() bool { return available() }

func available() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	ls := js.Global().Get("localStorage") // throws where storage is disabled
	return ls.Truthy()
}

// browserKV is window.localStorage.
type browserKV struct{ ls js.Value }

func (b browserKV) Get(key string) (string, bool) {
	v := b.ls.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

// Set stores the value or, when the browser throws (QuotaExceededError),
// nothing, and says why.
func (b browserKV) Set(key, value string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused the write: %v", r)
		}
	}()
	b.ls.Call("setItem", key, value)
	return nil
}

func (b browserKV) Remove(key string) { b.ls.Call("removeItem", key) }

func (b browserKV) Keys() []string {
	n := b.ls.Get("length").Int()
	out := make([]string, 0, n)
	for i := range n {
		if k := b.ls.Call("key", i); !k.IsNull() {
			out = append(out, k.String())
		}
	}
	return out
}
