package telemetry

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// Format is the text format of telemetry rows.
type Format int

const (
	// JSONL writes one JSON object per line (JSON Lines).
	JSONL Format = iota + 1
	// CSV writes a header line of column names, then one line per row.
	CSV
)

// String returns "jsonl" or "csv".
func (f Format) String() string {
	switch f {
	case JSONL:
		return "jsonl"
	case CSV:
		return "csv"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ErrFormat reports an unknown format or file extension.
var ErrFormat = errors.New("telemetry: unknown format")

// ErrName reports a body or channel name that cannot be a column name.
var ErrName = errors.New("telemetry: bad name")

// ErrRow reports a row whose number of bodies or extra values does not
// match the names the Writer was created with.
var ErrRow = errors.New("telemetry: row does not match the writer's columns")

// FormatFromPath picks the format from a file name's extension:
// .jsonl, .ndjson or .json → JSONL; .csv → CSV (any letter case).
func FormatFromPath(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".ndjson", ".json":
		return JSONL, nil
	case ".csv":
		return CSV, nil
	}
	return 0, fmt.Errorf("%w: %q (want .jsonl or .csv)", ErrFormat, path)
}

// BodyState is one body's state in a Row, all world frame.
type BodyState struct {
	Pos    mgl64.Vec3 // centre of mass (m)
	Rot    mgl64.Quat // orientation, unit, body → world; written (w, x, y, z)
	Vel    mgl64.Vec3 // velocity of the centre of mass (m/s)
	AngVel mgl64.Vec3 // angular velocity, world frame (rad/s)
}

// Row is one sample of a flight. Bodies and Extra are in the order of the
// names given to NewWriter; the caller may reuse a Row between writes.
type Row struct {
	T        float64     // simulated time (s)
	Bodies   []BodyState // one per body name
	L        mgl64.Vec3  // total angular momentum, world, about the caller's reference point (kg m²/s)
	KE       float64     // total kinetic energy (J)
	PE       float64     // total potential energy (J)
	Contacts int         // contact points this step
	Fuel     float64     // fuel left, all tanks (kg)
	Extra    []float64   // one per extra channel name (caller's units)
}

// Writer writes Rows as JSON Lines or CSV. Each float64 is written in the
// shortest form that parses back to the same value (strconv 'g', -1), so
// equal rows give equal bytes and files round-trip exactly. CSV writes
// NaN and ±Inf as NaN, +Inf, -Inf; JSON has no such numbers, so JSONL
// writes them as null.
//
// WriteRow makes one Write call on the underlying writer per row and does
// not allocate; wrap a file in a bufio.Writer. A Writer is not safe for
// concurrent use.
type Writer struct {
	w      io.Writer
	format Format
	nBody  int
	nExtra int
	// jsonBody[i] is `{"name":"<body i>",` with the name JSON-escaped;
	// jsonExtra[i] is `"<extra i>":`.
	jsonBody  [][]byte
	jsonExtra [][]byte
	columns   []string
	buf       []byte
}

// Column names, in CSV order. A body's columns are prefixed "name.".
var (
	bodyColumns = [...]string{
		"px_m", "py_m", "pz_m",
		"qw", "qx", "qy", "qz",
		"vx_m_s", "vy_m_s", "vz_m_s",
		"wx_rad_s", "wy_rad_s", "wz_rad_s",
	}
	totalColumns = [...]string{
		"Lx_kg_m2_s", "Ly_kg_m2_s", "Lz_kg_m2_s", "L_kg_m2_s",
		"E_kin_J", "E_pot_J", "E_J",
		"contacts", "fuel_kg",
	}
)

// NewWriter returns a Writer of rows with one body per name in bodyNames
// and one extra scalar channel per name in extraNames (for example
// "altitude_m", "range_m"; put the unit in the name). For CSV it writes the
// header line at once. Names must be non-empty and free of commas, quotes,
// control characters and (for bodies) dots, and all column names unique.
func NewWriter(w io.Writer, format Format, bodyNames, extraNames []string) (*Writer, error) {
	if format != JSONL && format != CSV {
		return nil, fmt.Errorf("%w: %v", ErrFormat, format)
	}
	wr := &Writer{w: w, format: format, nBody: len(bodyNames), nExtra: len(extraNames)}
	wr.columns = append(wr.columns, "t_s")
	for _, b := range bodyNames {
		if err := checkName(b, true); err != nil {
			return nil, err
		}
		for _, c := range bodyColumns {
			wr.columns = append(wr.columns, b+"."+c)
		}
		wr.jsonBody = append(wr.jsonBody, append(append([]byte(`{"name":`), jsonString(b)...), ','))
	}
	wr.columns = append(wr.columns, totalColumns[:]...)
	for _, e := range extraNames {
		if err := checkName(e, false); err != nil {
			return nil, err
		}
		wr.columns = append(wr.columns, e)
		wr.jsonExtra = append(wr.jsonExtra, append(jsonString(e), ':'))
	}
	seen := make(map[string]bool, len(wr.columns))
	for _, c := range wr.columns {
		if seen[c] {
			return nil, fmt.Errorf("%w: column %q appears twice", ErrName, c)
		}
		seen[c] = true
	}
	wr.buf = make([]byte, 0, 32*len(wr.columns)+64)
	if format == CSV {
		b := wr.buf[:0]
		for i, c := range wr.columns {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, c...)
		}
		b = append(b, '\n')
		wr.buf = b
		if _, err := w.Write(b); err != nil {
			return nil, fmt.Errorf("telemetry: writing CSV header: %w", err)
		}
	}
	return wr, nil
}

func checkName(s string, body bool) error {
	if s == "" {
		return fmt.Errorf("%w: empty name", ErrName)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == ',' || r == '"' || (body && r == '.') {
			return fmt.Errorf("%w: %q contains %q", ErrName, s, r)
		}
	}
	return nil
}

func jsonString(s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return b
}

// Columns returns the column names in CSV order: t_s; per body
// name.px_m … name.wz_rad_s; the totals; then the extra channels. JSONL
// rows hold the same values under the keys shown in WriteRow.
func (w *Writer) Columns() []string { return append([]string(nil), w.columns...) }

// Format returns the writer's format.
func (w *Writer) Format() Format { return w.format }

// WriteRow writes one row. A JSONL row reads
//
//	{"t_s":…,"bodies":[{"name":"hull","p_m":[x,y,z],"q":[w,x,y,z],
//	"v_m_s":[…],"w_rad_s":[…]},…],"L_kg_m2_s":[x,y,z],"L_abs_kg_m2_s":…,
//	"E_kin_J":…,"E_pot_J":…,"E_J":…,"contacts":…,"fuel_kg":…,
//	"extra":{"altitude_m":…,…}}
//
// on one line. |L| and E = KE + PE are computed here.
func (w *Writer) WriteRow(r *Row) error {
	if len(r.Bodies) != w.nBody || len(r.Extra) != w.nExtra {
		return fmt.Errorf("%w: %d bodies and %d extra values, want %d and %d",
			ErrRow, len(r.Bodies), len(r.Extra), w.nBody, w.nExtra)
	}
	if w.format == CSV {
		w.buf = w.appendCSV(w.buf[:0], r)
	} else {
		w.buf = w.appendJSON(w.buf[:0], r)
	}
	_, err := w.w.Write(w.buf)
	return err
}

func (w *Writer) appendCSV(b []byte, r *Row) []byte {
	b = appendFloat(b, r.T, false)
	for i := range r.Bodies {
		s := &r.Bodies[i]
		b = appendCSVVec(b, s.Pos)
		b = append(b, ',')
		b = appendFloat(b, s.Rot.W, false)
		b = appendCSVVec(b, s.Rot.V)
		b = appendCSVVec(b, s.Vel)
		b = appendCSVVec(b, s.AngVel)
	}
	b = appendCSVVec(b, r.L)
	b = append(b, ',')
	b = appendFloat(b, r.L.Len(), false)
	b = append(b, ',')
	b = appendFloat(b, r.KE, false)
	b = append(b, ',')
	b = appendFloat(b, r.PE, false)
	b = append(b, ',')
	b = appendFloat(b, r.KE+r.PE, false)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(r.Contacts), 10)
	b = append(b, ',')
	b = appendFloat(b, r.Fuel, false)
	for _, v := range r.Extra {
		b = append(b, ',')
		b = appendFloat(b, v, false)
	}
	return append(b, '\n')
}

// appendCSVVec appends ",x,y,z".
func appendCSVVec(b []byte, v mgl64.Vec3) []byte {
	for _, x := range v {
		b = append(b, ',')
		b = appendFloat(b, x, false)
	}
	return b
}

func (w *Writer) appendJSON(b []byte, r *Row) []byte {
	b = append(b, `{"t_s":`...)
	b = appendFloat(b, r.T, true)
	b = append(b, `,"bodies":[`...)
	for i := range r.Bodies {
		s := &r.Bodies[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, w.jsonBody[i]...)
		b = append(b, `"p_m":`...)
		b = appendJSONVec(b, s.Pos)
		b = append(b, `,"q":[`...)
		b = appendFloat(b, s.Rot.W, true)
		for _, x := range s.Rot.V {
			b = append(b, ',')
			b = appendFloat(b, x, true)
		}
		b = append(b, `],"v_m_s":`...)
		b = appendJSONVec(b, s.Vel)
		b = append(b, `,"w_rad_s":`...)
		b = appendJSONVec(b, s.AngVel)
		b = append(b, '}')
	}
	b = append(b, `],"L_kg_m2_s":`...)
	b = appendJSONVec(b, r.L)
	b = append(b, `,"L_abs_kg_m2_s":`...)
	b = appendFloat(b, r.L.Len(), true)
	b = append(b, `,"E_kin_J":`...)
	b = appendFloat(b, r.KE, true)
	b = append(b, `,"E_pot_J":`...)
	b = appendFloat(b, r.PE, true)
	b = append(b, `,"E_J":`...)
	b = appendFloat(b, r.KE+r.PE, true)
	b = append(b, `,"contacts":`...)
	b = strconv.AppendInt(b, int64(r.Contacts), 10)
	b = append(b, `,"fuel_kg":`...)
	b = appendFloat(b, r.Fuel, true)
	b = append(b, `,"extra":{`...)
	for i, v := range r.Extra {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, w.jsonExtra[i]...)
		b = appendFloat(b, v, true)
	}
	return append(b, "}}\n"...)
}

// appendJSONVec appends "[x,y,z]".
func appendJSONVec(b []byte, v mgl64.Vec3) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFloat(b, x, true)
	}
	return append(b, ']')
}

// appendFloat appends x in its shortest exact form. In JSON, NaN and ±Inf
// become null; in CSV they are NaN, +Inf and -Inf, which ParseFloat reads.
func appendFloat(b []byte, x float64, json bool) []byte {
	switch {
	case math.IsNaN(x):
		if json {
			return append(b, "null"...)
		}
		return append(b, "NaN"...)
	case math.IsInf(x, 0):
		if json {
			return append(b, "null"...)
		}
		if x > 0 {
			return append(b, "+Inf"...)
		}
		return append(b, "-Inf"...)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}
