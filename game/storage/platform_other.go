//go:build !js

package storage

// Platform returns the storage of this build: the OS's files, where every
// file is kept as written (the Policy is for a browser's storage).
func Platform(Policy) OS { return OS{} }
