//go:build !amd64 || !gc || purego

package field

// Without the amd64 assembly there are no lane kernels: LanesEnabled is
// false and the callers take their scalar code.
const useIFMA = false

func elementLimbs(a *[8]Element) *[8][4]uint64 { return nil }

func fe8MulVarTime(r, a, b *[5][8]uint64)                     { panic(noLanes) }
func fe8SquareVarTime(r, a *[5][8]uint64)                     { panic(noLanes) }
func fe8SquareNVarTime(r, a *[5][8]uint64, n int)             { panic(noLanes) }
func fe8AddVarTime(r, a, b *[5][8]uint64)                     { panic(noLanes) }
func fe8SubVarTime(r, a, b *[5][8]uint64)                     { panic(noLanes) }
func fe8NegVarTime(r, a *[5][8]uint64)                        { panic(noLanes) }
func fe8CanonicalVarTime(r, a *[5][8]uint64)                  { panic(noLanes) }
func fe8FromElementsVarTime(r *[5][8]uint64, a *[8][4]uint64) { panic(noLanes) }
func fe8ToElementsVarTime(r *[8][4]uint64, a *[5][8]uint64)   { panic(noLanes) }

func squareNChains(r, a *[3]Lanes, w, n int) { panic(noLanes) }

const noLanes = "field: internal error: lane kernel without assembly"
