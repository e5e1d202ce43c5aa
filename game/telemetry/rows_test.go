package telemetry

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

var (
	testBodies = []string{"hull", "leg_1"}
	testExtras = []string{"altitude_m", "range_m", "roll_rate_deg_s"}
)

// hardFloats are values whose text form is easy to get wrong.
var hardFloats = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, 2.0 / 3, 1e21, 1e-7, 123456789.123456789,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 5e-324, 2.2250738585072014e-308,
	math.Pi, -math.E, 9007199254740993, 0.30000000000000004,
}

func randFloat(r *rand.Rand) float64 {
	switch r.IntN(4) {
	case 0:
		return hardFloats[r.IntN(len(hardFloats))]
	case 1:
		return math.Float64frombits(r.Uint64()) // any bit pattern, finite or not
	default:
		return (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(40)-20))
	}
}

func randRows(n int, finite bool) []Row {
	r := rand.New(rand.NewPCG(1, 2))
	f := func() float64 {
		for {
			x := randFloat(r)
			if !finite || !(math.IsNaN(x) || math.IsInf(x, 0)) {
				return x
			}
		}
	}
	v := func() mgl64.Vec3 { return mgl64.Vec3{f(), f(), f()} }
	rows := make([]Row, n)
	for i := range rows {
		row := Row{T: f(), L: v(), KE: f(), PE: f(), Contacts: r.IntN(100), Fuel: f()}
		for range testBodies {
			row.Bodies = append(row.Bodies, BodyState{Pos: v(), Rot: mgl64.Quat{W: f(), V: v()}, Vel: v(), AngVel: v()})
		}
		for range testExtras {
			row.Extra = append(row.Extra, f())
		}
		rows[i] = row
	}
	return rows
}

// flatten lists a row's values in CSV column order, |L| and E included.
func flatten(r *Row) []float64 {
	out := []float64{r.T}
	for _, b := range r.Bodies {
		out = append(out, b.Pos[:]...)
		out = append(out, b.Rot.W)
		out = append(out, b.Rot.V[:]...)
		out = append(out, b.Vel[:]...)
		out = append(out, b.AngVel[:]...)
	}
	out = append(out, r.L[:]...)
	out = append(out, r.L.Len(), r.KE, r.PE, r.KE+r.PE, float64(r.Contacts), r.Fuel)
	return append(out, r.Extra...)
}

func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Float64bits(a) == math.Float64bits(b) // tells 0 from -0
}

// writeRows writes rows with a new Writer of format f and returns the bytes
// and the Writer.
func writeRows(t *testing.T, f Format, rows []Row) (*bytes.Buffer, *Writer) {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, f, testBodies, testExtras)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := w.WriteRow(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	return &buf, w
}

func TestCSVRoundTrip(t *testing.T) {
	rows := randRows(300, false)
	buf, w := writeRows(t, CSV, rows)
	rd := csv.NewReader(buf) // FieldsPerRecord 0: every record as long as the header
	records, err := rd.ReadAll()
	if err != nil {
		t.Fatalf("reading back: %v", err)
	}
	header := records[0]
	if want := 1 + 13*len(testBodies) + 9 + len(testExtras); len(header) != want {
		t.Fatalf("header has %d columns, want %d", len(header), want)
	}
	if strings.Join(header, ",") != strings.Join(w.Columns(), ",") {
		t.Errorf("header %v != Columns() %v", header, w.Columns())
	}
	if len(records)-1 != len(rows) {
		t.Fatalf("read %d rows, wrote %d", len(records)-1, len(rows))
	}
	for i, rec := range records[1:] {
		want := flatten(&rows[i])
		for j, s := range rec {
			got, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("row %d column %s: %v", i, header[j], err)
			}
			if !sameFloat(got, want[j]) {
				t.Fatalf("row %d column %s: got %v (%q), want %v", i, header[j], got, s, want[j])
			}
		}
	}
}

// jsonRow mirrors a JSONL row; pointers see null.
type jsonRow struct {
	T      *float64 `json:"t_s"`
	Bodies []struct {
		Name string     `json:"name"`
		P    []*float64 `json:"p_m"`
		Q    []*float64 `json:"q"`
		V    []*float64 `json:"v_m_s"`
		W    []*float64 `json:"w_rad_s"`
	} `json:"bodies"`
	L        []*float64          `json:"L_kg_m2_s"`
	LAbs     *float64            `json:"L_abs_kg_m2_s"`
	EKin     *float64            `json:"E_kin_J"`
	EPot     *float64            `json:"E_pot_J"`
	E        *float64            `json:"E_J"`
	Contacts *float64            `json:"contacts"`
	Fuel     *float64            `json:"fuel_kg"`
	Extra    map[string]*float64 `json:"extra"`
}

func (j *jsonRow) flatten(t *testing.T, extras []string) []*float64 {
	out := []*float64{j.T}
	for i, b := range j.Bodies {
		if b.Name != testBodies[i] {
			t.Fatalf("body %d named %q, want %q", i, b.Name, testBodies[i])
		}
		if len(b.P) != 3 || len(b.Q) != 4 || len(b.V) != 3 || len(b.W) != 3 {
			t.Fatalf("body %q: vector lengths %d %d %d %d", b.Name, len(b.P), len(b.Q), len(b.V), len(b.W))
		}
		out = append(append(append(append(out, b.P...), b.Q...), b.V...), b.W...)
	}
	out = append(out, j.L...)
	out = append(out, j.LAbs, j.EKin, j.EPot, j.E, j.Contacts, j.Fuel)
	if len(j.Extra) != len(extras) {
		t.Fatalf("%d extra channels, want %d", len(j.Extra), len(extras))
	}
	for _, e := range extras {
		v, ok := j.Extra[e]
		if !ok {
			t.Fatalf("extra channel %q missing", e)
		}
		out = append(out, v)
	}
	return out
}

func TestJSONLRoundTrip(t *testing.T) {
	for _, finite := range []bool{true, false} {
		rows := randRows(300, finite)
		buf, _ := writeRows(t, JSONL, rows)
		sc := bufio.NewScanner(buf)
		sc.Buffer(nil, 1<<20)
		n := 0
		for ; sc.Scan(); n++ {
			line := sc.Bytes()
			var j jsonRow
			if err := json.Unmarshal(line, &j); err != nil {
				t.Fatalf("line %d: %v\n%s", n, err, line)
			}
			// Extra channels keep their order on the line.
			if a, b := bytes.Index(line, []byte(`"altitude_m"`)), bytes.Index(line, []byte(`"range_m"`)); !(a > 0 && a < b) {
				t.Errorf("line %d: extra channels out of order", n)
			}
			got := j.flatten(t, testExtras)
			want := flatten(&rows[n])
			if len(got) != len(want) {
				t.Fatalf("line %d: %d values, want %d", n, len(got), len(want))
			}
			for k := range want {
				w := want[k]
				if math.IsNaN(w) || math.IsInf(w, 0) {
					if got[k] != nil {
						t.Fatalf("line %d value %d: got %v, want null for %v", n, k, *got[k], w)
					}
					continue
				}
				if got[k] == nil || !sameFloat(*got[k], w) {
					t.Fatalf("line %d value %d: got %v, want %v", n, k, deref(got[k]), w)
				}
			}
		}
		if n != len(rows) {
			t.Fatalf("finite=%v: read %d lines, wrote %d", finite, n, len(rows))
		}
	}
}

func TestDeterministicBytes(t *testing.T) {
	for _, f := range []Format{CSV, JSONL} {
		a, _ := writeRows(t, f, randRows(50, false))
		b, _ := writeRows(t, f, randRows(50, false))
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%v: equal rows gave different bytes", f)
		}
	}
}

func TestCSVHeaderGolden(t *testing.T) {
	var buf bytes.Buffer
	if _, err := NewWriter(&buf, CSV, testBodies, testExtras); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "header.csv")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("CSV header changed:\n got %s\nwant %s(run go test -update if intended)", buf.Bytes(), want)
	}
}

func TestWriterErrors(t *testing.T) {
	for _, tc := range []struct {
		name           string
		format         Format
		bodies, extras []string
		want           error
	}{
		{"unknown format", Format(9), nil, nil, ErrFormat},
		{"zero format", 0, nil, nil, ErrFormat},
		{"empty body name", CSV, []string{""}, nil, ErrName},
		{"dot in body name", CSV, []string{"leg.1"}, nil, ErrName},
		{"comma in extra", JSONL, nil, []string{"a,b"}, ErrName},
		{"quote in extra", CSV, nil, []string{`a"b`}, ErrName},
		{"newline in body", CSV, []string{"a\nb"}, nil, ErrName},
		{"duplicate body", CSV, []string{"hull", "hull"}, nil, ErrName},
		{"extra clashes with total", CSV, nil, []string{"fuel_kg"}, ErrName},
		{"extra clashes with body column", CSV, []string{"hull"}, []string{"hull.px_m"}, ErrName},
	} {
		_, err := NewWriter(io.Discard, tc.format, tc.bodies, tc.extras)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}

	w, err := NewWriter(io.Discard, JSONL, testBodies, testExtras)
	if err != nil {
		t.Fatal(err)
	}
	row := randRows(1, true)[0]
	short := row
	short.Bodies = short.Bodies[:1]
	if err := w.WriteRow(&short); !errors.Is(err, ErrRow) {
		t.Errorf("one body short: got %v, want ErrRow", err)
	}
	long := row
	long.Extra = append(long.Extra, 1)
	if err := w.WriteRow(&long); !errors.Is(err, ErrRow) {
		t.Errorf("one extra too many: got %v, want ErrRow", err)
	}
	if err := w.WriteRow(&row); err != nil {
		t.Errorf("good row: %v", err)
	}

	failing := errWriter{errors.New("disk full")}
	if _, err := NewWriter(failing, CSV, nil, nil); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("header write to a failing writer: got %v", err)
	}
	w, _ = NewWriter(failing, JSONL, nil, nil)
	if err := w.WriteRow(&Row{}); err == nil {
		t.Error("row write to a failing writer: no error")
	}
}

type errWriter struct{ err error }

func (e errWriter) Write([]byte) (int, error) { return 0, e.err }

func TestFormatFromPath(t *testing.T) {
	for _, tc := range []struct {
		path string
		want Format
		ok   bool
	}{
		{"run.csv", CSV, true},
		{"dir.x/RUN.CSV", CSV, true},
		{"run.jsonl", JSONL, true},
		{"run.ndjson", JSONL, true},
		{"run.json", JSONL, true},
		{"run.txt", 0, false},
		{"csv", 0, false},
		{"", 0, false},
	} {
		got, err := FormatFromPath(tc.path)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("FormatFromPath(%q) = %v, %v; want %v, ok=%v", tc.path, got, err, tc.want, tc.ok)
		}
		if !tc.ok && !errors.Is(err, ErrFormat) {
			t.Errorf("FormatFromPath(%q): error %v is not ErrFormat", tc.path, err)
		}
	}
}

func TestWriteRowAllocs(t *testing.T) {
	rows := randRows(8, false)
	for _, f := range []Format{CSV, JSONL} {
		w, err := NewWriter(io.Discard, f, testBodies, testExtras)
		if err != nil {
			t.Fatal(err)
		}
		w.WriteRow(&rows[0]) // let the buffer reach its size
		i := 0
		if n := testing.AllocsPerRun(100, func() { w.WriteRow(&rows[i%len(rows)]); i++ }); n != 0 {
			t.Errorf("%v: WriteRow allocates %v times per row, want 0", f, n)
		}
	}
}

func BenchmarkWriteRow(b *testing.B) {
	rows := randRows(64, true)
	for _, f := range []Format{CSV, JSONL} {
		b.Run(f.String(), func(b *testing.B) {
			w, _ := NewWriter(io.Discard, f, testBodies, testExtras)
			i := 0
			for b.Loop() {
				w.WriteRow(&rows[i&63])
				i++
			}
		})
	}
}

func deref(p *float64) any {
	if p == nil {
		return "null"
	}
	return *p
}
