package telemetry_test

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/telemetry"
)

func ExampleWriter() {
	w, err := telemetry.NewWriter(os.Stdout, telemetry.JSONL, []string{"hull"}, []string{"altitude_m"})
	if err != nil {
		fmt.Println(err)
		return
	}
	row := telemetry.Row{
		T:      0.5,
		Bodies: []telemetry.BodyState{{Pos: mgl64.Vec3{0, 10, 0}, Rot: mgl64.QuatIdent(), Vel: mgl64.Vec3{0, -4.905, 0}}},
		L:      mgl64.Vec3{0, 0, 3},
		KE:     12.03, PE: 98.1, Contacts: 0, Fuel: 120,
		Extra: []float64{9.2},
	}
	w.WriteRow(&row)
	// Output:
	// {"t_s":0.5,"bodies":[{"name":"hull","p_m":[0,10,0],"q":[1,0,0,0],"v_m_s":[0,-4.905,0],"w_rad_s":[0,0,0]}],"L_kg_m2_s":[0,0,3],"L_abs_kg_m2_s":3,"E_kin_J":12.03,"E_pot_J":98.1,"E_J":110.13,"contacts":0,"fuel_kg":120,"extra":{"altitude_m":9.2}}
}
