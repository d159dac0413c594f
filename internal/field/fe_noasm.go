package field

// The generic implementations are the only ones for now; an assembly backend
// slots in here behind the same two functions, selected by a direct branch on
// a CPU-feature bool (never a func value, which would make the arguments
// escape to the heap).

func feMul(v, a, b *Element) { feMulGeneric(v, a, b) }

func feSquare(v, a *Element) { feSquareGeneric(v, a) }
