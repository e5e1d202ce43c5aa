// Command round rewrites Go packages so that no compiler can fuse their
// floating-point multiply-adds (docs/determinism.md):
//
//	go run ./game/internal/crossarch/round [-w] DIR...
//
// In every non-test file of each package (the files this GOOS/GOARCH
// builds) it
//   - wraps each product that is an operand of a sum or a difference, or the
//     right side of += and -=, in a conversion to its type:
//     a*b + c*d becomes float64(a*b) + float64(c*d);
//   - does the same to a product assigned to a variable that is itself an
//     operand of a sum or a difference somewhere in the file (the compiler
//     fuses across statements): n := a*b … s - n;
//   - turns the mgl64 methods that multiply and add (Vec3.Dot, Cross, Len,
//     Normalize, Mat3.Mul3x1, Mul3, Det, Inv, Quat.Mul, Rotate, Len, Dot,
//     Inverse, Normalize, mgl64.QuatRotate) and the math functions whose
//     Go code a compiler fuses (Sin, Cos, Sincos, Tan, Atan, Atan2, Asin,
//     Acos, Hypot) into their fmath twins.
//
// Without -w it lists what it would change. What it cannot see — a product
// kept in a variable and summed in a later statement, a product returned
// by an inlined function — the fused-site scan still finds (go test -v -run
// TestNoFusedMultiplyAdds ./game/internal/crossarch/): round those by hand.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

const fmathPath = "spaceflight/physics/fmath"

// twins maps "receiver type.method" (or "package.function") to the fmath
// function that does the same with its products rounded.
var twins = map[string]string{
	"Vec3.Dot": "Dot", "Vec3.Cross": "Cross", "Vec3.Len": "Len", "Vec3.Normalize": "Normalize",
	"Mat3.Mul3x1": "MulMV", "Mat3.Mul3": "MulMM", "Mat3.Det": "Det", "Mat3.Inv": "Inv",
	"Quat.Mul": "QuatMul", "Quat.Rotate": "Rotate", "Quat.Len": "QuatLen", "Quat.Dot": "QuatDot",
	"Quat.Inverse": "QuatInverse", "Quat.Normalize": "QuatNormalize",
	"mgl64.QuatRotate": "QuatRotate",
	"math.Sin":         "Sin", "math.Cos": "Cos", "math.Sincos": "Sincos", "math.Tan": "Tan", "math.Atan": "Atan",
	"math.Atan2": "Atan2", "math.Asin": "Asin", "math.Acos": "Acos", "math.Hypot": "Hypot",
}

func main() {
	write := flag.Bool("w", false, "write the changes to the files (default: list them)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: round [-w] DIR...")
		os.Exit(2)
	}
	failed := false
	for _, dir := range flag.Args() {
		if err := roundPackage(dir, *write); err != nil {
			fmt.Fprintf(os.Stderr, "round: %s: %v\n", dir, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// edit inserts text at off, replacing the bytes up to end; span is the
// length of the node it belongs to, so that at one offset the outer
// node's text comes first.
type edit struct {
	off, end, span int
	text           string
}

func roundPackage(dir string, write bool) error {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check(bp.ImportPath, fset, files, info)
	if err != nil {
		return err
	}
	for _, f := range files {
		name := fset.File(f.Pos()).Name()
		edits, notes := fileEdits(fset, f, info, pkg)
		for _, n := range notes {
			fmt.Println(n)
		}
		if len(edits) == 0 {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		out, err := apply(src, edits)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if out, err = fixImports(name, out); err != nil {
			return err // a file that no longer parses: a bug of round's
		}
		fmt.Printf("%s: %d edits\n", name, len(edits))
		if write {
			if err := os.WriteFile(name, out, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// fileEdits finds what to change in f.
func fileEdits(fset *token.FileSet, f *ast.File, info *types.Info, pkg *types.Package) ([]edit, []string) {
	var edits []edit
	var notes []string
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	wrap := func(e ast.Expr) {
		conv, ok := floatConversion(info.TypeOf(e), pkg)
		if !ok {
			notes = append(notes, fmt.Sprintf("%s: a product of type %s: round it by hand", fset.Position(e.Pos()), info.TypeOf(e)))
			return
		}
		span := off(e.End()) - off(e.Pos())
		if p, ok := e.(*ast.ParenExpr); ok {
			edits = append(edits, edit{off(p.Lparen), off(p.Lparen), span, conv})
			return
		}
		edits = append(edits, edit{off(e.Pos()), off(e.Pos()), span, conv + "("}, edit{off(e.End()), off(e.End()), 0, ")"})
	}
	summed := summedVars(f, info)
	assigned := func(lhs []ast.Expr, rhs []ast.Expr) {
		if len(lhs) != len(rhs) {
			return
		}
		for i, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && summed[objectOf(info, id)] && isProduct(info, rhs[i]) {
				wrap(rhs[i])
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			names := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				names[i] = id
			}
			assigned(names, n.Values)
		case *ast.BinaryExpr:
			if (n.Op == token.ADD || n.Op == token.SUB) && isFloat(info, n) {
				for _, e := range []ast.Expr{n.X, n.Y} {
					if isProduct(info, e) {
						wrap(e)
					}
				}
			}
		case *ast.AssignStmt:
			switch n.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN:
				if len(n.Rhs) == 1 && isProduct(info, n.Rhs[0]) {
					wrap(n.Rhs[0])
				}
			case token.DEFINE, token.ASSIGN:
				assigned(n.Lhs, n.Rhs)
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			fn, ok := twin(info, sel)
			if !ok {
				break
			}
			span := off(n.End()) - off(n.Pos())
			if s := info.Selections[sel]; s != nil { // a method: recv.M(args) → fmath.F(recv, args)
				sep := ", "
				if len(n.Args) == 0 {
					sep = ""
				}
				open := "fmath." + fn + "("
				if _, ptr := types.Unalias(s.Recv()).(*types.Pointer); ptr {
					open += "*" // p.M(args) of a *Vec3 p: fmath.F(*p, args)
				}
				edits = append(edits, edit{off(n.Pos()), off(n.Pos()), span, open},
					edit{off(sel.X.End()), off(n.Lparen) + 1, 0, sep})
			} else { // a function: pkg.F(args) → fmath.F(args)
				edits = append(edits, edit{off(sel.Pos()), off(sel.End()), span, "fmath." + fn})
			}
		}
		return true
	})
	return edits, notes
}

// summedVars returns the variables of f that are an operand of a
// floating-point sum or difference, or a side of += or -=.
func summedVars(f *ast.File, info *types.Info) map[types.Object]bool {
	out := map[types.Object]bool{}
	note := func(e ast.Expr) {
		for {
			p, ok := e.(*ast.ParenExpr)
			if !ok {
				break
			}
			e = p.X
		}
		if id, ok := e.(*ast.Ident); ok && isFloat(info, id) {
			if o := objectOf(info, id); o != nil {
				out[o] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.ADD || n.Op == token.SUB) && isFloat(info, n) {
				note(n.X)
				note(n.Y)
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				note(n.Lhs[0])
				note(n.Rhs[0])
			}
		}
		return true
	})
	return out
}

func objectOf(info *types.Info, id *ast.Ident) types.Object {
	if o := info.Defs[id]; o != nil {
		return o
	}
	return info.Uses[id]
}

// twin returns the fmath function for the method or function sel names.
func twin(info *types.Info, sel *ast.SelectorExpr) (string, bool) {
	if s := info.Selections[sel]; s != nil {
		if s.Kind() != types.MethodVal {
			return "", false
		}
		recv := types.Unalias(s.Recv())
		if p, ok := recv.(*types.Pointer); ok { // a method of mgl64's value called on a pointer
			recv = types.Unalias(p.Elem())
		}
		named, ok := recv.(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "github.com/go-gl/mathgl/mgl64" {
			return "", false
		}
		fn, ok := twins[named.Obj().Name()+"."+sel.Sel.Name]
		return fn, ok
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	pn, ok := info.Uses[id].(*types.PkgName)
	if !ok {
		return "", false
	}
	switch pn.Imported().Path() {
	case "math", "github.com/go-gl/mathgl/mgl64":
		fn, ok := twins[pn.Imported().Name()+"."+sel.Sel.Name]
		return fn, ok
	}
	return "", false
}

func isFloat(info *types.Info, e ast.Expr) bool {
	b, ok := info.TypeOf(e).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// isProduct reports whether e is a floating-point product (in parentheses
// or negated or not) that is not a constant. A division by a constant power
// of two is one: the compiler makes it a product by the exact reciprocal.
func isProduct(info *types.Info, e ast.Expr) bool {
	if tv := info.Types[e]; tv.Value != nil || !isFloat(info, e) {
		return false
	}
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.SUB {
				e = x.X
				continue
			}
		case *ast.BinaryExpr:
			return x.Op == token.MUL || x.Op == token.QUO && powerOfTwo(info.Types[x.Y].Value)
		}
		return false
	}
}

// powerOfTwo reports whether v is a constant ±2ⁿ.
func powerOfTwo(v constant.Value) bool {
	if v == nil {
		return false
	}
	f, _ := constant.Float64Val(constant.ToFloat(v))
	frac, _ := math.Frexp(math.Abs(f))
	return frac == 0.5
}

// floatConversion is the conversion that rounds a value of type t without
// changing its type: float64, float32, or t's name in pkg.
func floatConversion(t types.Type, pkg *types.Package) (string, bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Name(), true
	case *types.Named:
		if t.Obj().Pkg() == pkg {
			return t.Obj().Name(), true
		}
	}
	return "", false
}

// apply makes the edits to src and formats the result.
func apply(src []byte, edits []edit) ([]byte, error) {
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.off != b.off {
			return a.off - b.off
		}
		return b.span - a.span
	})
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.off < at {
			return nil, fmt.Errorf("overlapping edits at byte %d", e.off)
		}
		out.Write(src[at:e.off])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(src[at:])
	return format.Source(out.Bytes())
}

// fixImports adds fmath's import where the file now uses it and drops
// math's where it no longer does.
func fixImports(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	lines := strings.Split(string(src), "\n")
	mathLine, lastImport, has := -1, -1, false
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		l := fset.Position(imp.Pos()).Line - 1
		lastImport = max(lastImport, l)
		switch p {
		case "math":
			if imp.Name == nil {
				mathLine = l
			}
		case fmathPath:
			has = true
		}
	}
	if used["fmath"] && !has {
		imp := "\t\"" + fmathPath + "\""
		switch {
		case lastImport < 0: // no imports: a block of its own after the package clause
			at := fset.Position(f.Name.End()).Line
			lines = slices.Insert(lines, at, "", "import (", imp, ")")
		case strings.HasPrefix(strings.TrimSpace(lines[lastImport]), "import "): // import "x": make it a block
			one := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[lastImport]), "import"))
			lines = slices.Replace(lines, lastImport, lastImport+1, "import (", "\t"+one, "", imp, ")")
			if mathLine == lastImport {
				mathLine++
			}
		case strings.Contains(lines[lastImport], `"spaceflight/`):
			lines = slices.Insert(lines, lastImport+1, imp)
		default: // a group of its own after the others
			lines = slices.Insert(lines, lastImport+1, "", imp)
		}
	}
	if mathLine >= 0 && !used["math"] {
		lines = slices.Delete(lines, mathLine, mathLine+1)
	}
	return format.Source([]byte(strings.Join(lines, "\n")))
}
