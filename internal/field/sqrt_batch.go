package field

// SqrtBatchVarTime sets out[i] = in[i]^((p+1)/4) and ok[i] to whether that
// is a square root of in[i] (whether in[i] is a square), for every i: the
// value and verdict of Sqrt, for many elements at once. On amd64 with BMI2
// and ADX it runs four square roots at a time through one kernel
// (sqrt4VarTimeAsm: the four addition chains interleaved, lazily reduced),
// about twice as fast per root as Sqrt, whose squarings wait for each
// other. out, in and ok must have the same length; out may be in. It
// allocates nothing. Execution time depends on the inputs (their number,
// and the lanes of a last group of fewer than four).
func SqrtBatchVarTime(out, in []Element, ok []bool) {
	n := len(in)
	if len(out) != n || len(ok) != n {
		panic("field: internal error: SqrtBatchVarTime length mismatch")
	}
	i := 0
	for ; i+4 <= n; i += 4 {
		m := sqrt4((*[4]Element)(out[i:i+4]), (*[4]Element)(in[i:i+4]))
		for j := range 4 {
			ok[i+j] = m>>j&1 == 1
		}
	}
	switch n - i {
	case 0:
	case 1:
		ok[i] = out[i].Sqrt(&in[i]) == 1
	default:
		// Two or three left: one more group of four, the free lanes
		// filled with copies of the first.
		var a, r [4]Element
		for j := range 4 {
			a[j] = in[i+min(j, n-i-1)]
		}
		m := sqrt4(&r, &a)
		for j := range n - i {
			out[i+j] = r[j]
			ok[i+j] = m>>j&1 == 1
		}
	}
}

// sqrt4Generic is sqrt4 with Sqrt, one element after the other.
func sqrt4Generic(out, in *[4]Element) int {
	m := 0
	for j := range 4 {
		m |= out[j].Sqrt(&in[j]) << j
	}
	return m
}
