// Package exhaustive is the brute-force reference of the exhaustive tests
// (doc/assurance.md, "Exhaustive tests"). In the builds with the tag
// exhaustive7, exhaustive13 or exhaustive199, internal/group's curve is a
// test curve over the same field whose generator has a small prime order N,
// and internal/scalar computes mod N; this package then lists every point
// i·G of that group, computed with math/big by repeated affine addition
// (independently of the code under test), and converts between those
// points, their indices i and the representations of internal/group. In
// the normal build it is empty. Only tests import it.
package exhaustive
