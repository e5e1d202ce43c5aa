package storage

import (
	"errors"
	"slices"
	"sync"
)

// memKV is a KV in memory, with an optional quota in UTF-16 code units of
// keys and values (as a browser's localStorage counts them; 0: none). It
// stands in for localStorage where a page may not use it, and in tests.
type memKV struct {
	mu    sync.Mutex
	m     map[string]string
	quota int
}

var errQuota = errors.New("QuotaExceededError")

func (k *memKV) Get(key string) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[key]
	return v, ok
}

func (k *memKV) Set(key, value string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.quota > 0 {
		n := units(key) + units(value)
		for kk, v := range k.m {
			if kk != key {
				n += units(kk) + units(v)
			}
		}
		if n > k.quota {
			return errQuota
		}
	}
	k.m[key] = value
	return nil
}

func (k *memKV) Remove(key string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.m, key)
}

func (k *memKV) Keys() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	keys := make([]string, 0, len(k.m))
	for key := range k.m {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys
}
