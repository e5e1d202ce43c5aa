package main

import (
	"bytes"
	"encoding/json"
	"math"
)

// The JSON of a run, written in the peers' field order: an object with its
// keys in insertion order, and non-finite numbers as null (as the peers'
// harness.h writes them).

// object is a JSON object that keeps its keys in order.
type object []field

type field struct {
	k string
	v any
}

// set appends key k with value v; a non-finite float64 becomes null.
func (o *object) set(k string, v any) *object {
	*o = append(*o, field{k, clean(v)})
	return o
}

// clean turns non-finite numbers into nil, also inside float slices.
func clean(v any) any {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
	case []float64:
		out := make([]any, len(x))
		for i, f := range x {
			out[i] = clean(f)
		}
		return out
	}
	return v
}

// MarshalJSON writes the fields in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
