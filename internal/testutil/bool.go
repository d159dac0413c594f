package testutil

// BoolInt returns 1 for true and 0 for false: the form of the library's
// constant-time predicates, for comparing them with a reference.
func BoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
