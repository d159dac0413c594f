package main

import "regexp"

// A branchRule admits conditional branches of a function whose condition
// is public: a loop over a public count, a CPU-feature flag, a public
// position. It names the function (a regular expression on the short
// name), the source file and the exact source line (white space collapsed)
// that DWARF gives for the branch instruction; inlined code keeps the file
// and line of the function it came from.
type branchRule struct {
	fn     string
	file   string
	line   string
	max    int // branches per function it admits (0: 1)
	reason string
	fnRe   *regexp.Regexp
}

// A callRule admits calls from checked functions to a function that is not
// checked.
type callRule struct {
	fn, callee     string
	reason         string
	fnRe, calleeRe *regexp.Regexp
}

// A publicFunc names functions of the checked packages that handle only
// public data (or run only at initialisation) and are not checked.
type publicFunc struct {
	pattern string
	reason  string
	re      *regexp.Regexp
}

// Reasons shared by several rules.
const (
	dispatch  = "dispatch on a CPU-feature flag (internal/impl), set once at initialisation: public"
	zeroing   = "the compiler's loop that zeroes a fixed-size local array: fixed trip count"
	publicBit = "scalar.Bits (inlined): the tests on the limb index and the shift, which come from the public bit offset of the window"
	infinity  = "the Infinity flag of an Affine, which is public (part of the value's shape, see Projective.SetAffine)"
	published = "whether a k·G blinding was published yet (only the first calls of the process find none): public, the slot's state and not its value"
	seqlock   = "the sequence number of a blinding slot (blindSlots.load, inlined): it counts the writes, so it depends on when refreshes run, not on the blinding"
)

var branchRules = []branchRule{
	// internal/field
	{fn: `^field\.(feMulAsm|feSquareAsm|feSquareNAsm)\.abi0$`, file: "fe_amd64.s", line: "JEQ generic", reason: dispatch + " (useADX: the generic Go code without BMI2 and ADX)"},
	{fn: `^field\.feSquareNAsm\.abi0$`, file: "fe_amd64.s", line: "JNZ loop", reason: "the loop of n squarings: n is a constant of the addition chain"},
	{fn: `^field\.feSquareNGeneric$`, file: "fe_generic.go", line: "for i := 1; i < n; i++ {", reason: "the loop of n squarings: n is a constant of the addition chain"},

	// internal/modinv
	{fn: `^modinv\.\(\*Modulus\)\.Invert$`, file: "modinv.go", line: "for range 10 {", reason: "the fixed 10 batches of 59 divsteps"},
	{fn: `^modinv\.divstepsPacked$`, file: "modinv.go", line: "for range n {", reason: "n divsteps, n = 30 or 29, constants of divsteps59"},
	{fn: `^modinv\.\(\*Modulus\)\.updateDE$`, file: "modinv.go", line: "if m.bal[1] != 0 {", reason: "a limb of the public modulus (the field prime and the group order skip different terms)"},
	{fn: `^modinv\.\(\*Modulus\)\.updateDE$`, file: "modinv.go", line: "if m.bal[2] != 0 {", reason: "a limb of the public modulus"},
	{fn: `^modinv\.\(\*Modulus\)\.updateDE$`, file: "modinv.go", line: "if m.bal[3] != 0 {", reason: "a limb of the public modulus"},

	// internal/field: SetScalarPlusOrder
	{fn: `^field\.\(\*Element\)\.SetScalarPlusOrder$`, file: "order.go", line: "for i := range v.l {", reason: "the masked write of the 4 limbs"},

	// internal/group
	{fn: `^group\.\(\*Jacobian\)\.(Double|AddAffine)$`, file: "jacobian_ct.go", line: "if usePointAsm {", reason: dispatch},
	{fn: `^group\.\(\*Projective\)\.AddAffine$`, file: "projective.go", line: "if usePointAsm && pointAsmCurve {", reason: dispatch},
	{fn: `^group\.\(\*Projective\)\.AddAffineIf$`, file: "projective_cond.go", line: "if usePointAsm && pointAsmCurve {", reason: dispatch},
	{fn: `^group\.\(\*Jacobian\)\.SetAffine$`, file: "jacobian.go", line: "if a.Infinity {", reason: infinity},

	// internal/ecmult: k·G
	{fn: `^ecmult\.baseMultFrom$`, file: "base.go", line: "for i := range len(baseTable) {", reason: "the 43 windows of k·G"},
	{fn: `^ecmult\.baseDigit$`, file: "base.go", line: "if i == 0 {", reason: "the window index: public"},
	{fn: `^ecmult\.baseDigit$`, file: "scalar.go", line: "if limb < 4 {", reason: publicBit},
	{fn: `^ecmult\.(baseDigit|scalarMultTables)$`, file: "scalar.go", line: "if shift != 0 && limb+1 < 4 {", max: 2, reason: publicBit},
	{fn: `^ecmult\.lookupAffine$`, file: "base.go", line: "if useAVX2 {", reason: dispatch},
	{fn: `^ecmult\.lookupAffineNeg$`, file: "lookup.go", line: "if useAVX2 {", reason: dispatch},
	{fn: `^ecmult\.lookupAffine$`, file: "base.go", line: "for j := range row {", reason: "the scan of every entry of the row: its length is public"},
	{fn: `^ecmult\.lookupAffineAVX2\.abi0$`, file: "lookup_amd64.s", line: "JB single", reason: "blocks of 16 entries while the row has 16 more: the row length is public"},
	{fn: `^ecmult\.lookupAffineAVX2\.abi0$`, file: "lookup_amd64.s", line: "JEQ done", reason: "the single entries after the blocks: the row length is public"},

	// internal/ecmult: k·P
	{fn: `^ecmult\.(scalarMultZ|scalarMultSecretPointZ)$`, file: "scalarmult.go", line: "var t1, t2 [16][8]uint64", max: 2, reason: zeroing},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "for i := ctWindows - 1; i >= 0; i-- {", reason: "the 26 windows of k·P"},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "if i != ctWindows-1 {", reason: "no doublings before the first window: the window index is public"},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "for range 5 {", reason: "the 5 doublings per window"},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "for h := range 2 {", reason: "the two GLV halves"},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "if h == 1 {", reason: "which GLV half: public loop index"},
	{fn: `^ecmult\.scalarMultTables$`, file: "scalarmult.go", line: "if i == 0 {", reason: "the last window reads its bits differently: the window index is public"},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "var prefix [16]field.Element", reason: zeroing},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "var aff [16]group.Affine", reason: zeroing},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "for j := 2; j < 16; j++ {", reason: "the 14 additions of the table"},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "for j := 1; j < 16; j++ {", reason: "the prefix products of the batch inversion"},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "for j := 15; j >= 0; j-- {", reason: "the walk back of the batch inversion"},
	{fn: `^ecmult\.multiplesTableConstTime$`, file: "scalarmult.go", line: "if j > 0 {", reason: "the first entry of the walk back: the loop index is public"},
	{fn: `^ecmult\.tablesFromAffine$`, file: "scalarmult.go", line: "for j := range aff {", reason: "the 16 entries of the tables"},
	{fn: `^ecmult\.tablesFromAffine$`, file: "scalarmult.go", line: "copy(t1[j][:4], x[:])", reason: copyCheck},
	{fn: `^ecmult\.tablesFromAffine$`, file: "scalarmult.go", line: "copy(t1[j][4:], y[:])", reason: copyCheck},
	{fn: `^ecmult\.tablesFromAffine$`, file: "scalarmult.go", line: "copy(t2[j][:4], lx[:])", reason: copyCheck},
	{fn: `^ecmult\.tablesFromAffine$`, file: "scalarmult.go", line: "copy(t2[j][4:], y[:])", reason: copyCheck},

	// internal/ecmult: the k·G blinding (blind.go)
	{fn: `^ecmult\.baseBlinding$`, file: "blind.go", line: "if blindRefreshDue() && refreshBaseBlinding(nb, B) {", max: 2,
		reason: "the refresh decision (blindRefreshDue: math/rand, no secret input) and whether this call took the refresh lock (another refresh under way): public"},
	{fn: `^ecmult\.baseBlinding$`, file: "blind.go", line: "if loadBaseBlinding(nb, B) {", reason: published},
	{fn: `^ecmult\.baseBlinding$`, file: "blind.go", line: "if refreshBaseBlinding(nb, B) {",
		reason: "whether the refresh lock was free: it depends on concurrent calls, not on secrets"},
	{fn: `^ecmult\.refreshBaseBlinding$`, file: "blind.go", line: "if !baseBlind.lock() {",
		reason: "whether another refresh holds the lock: it depends on concurrent calls, not on secrets"},
	{fn: `^ecmult\.newBaseBlinding$`, file: "blind.go", line: "if loadBaseBlinding(&kb, B) {", reason: published},
	{fn: `^ecmult\.PublishedBlinding$`, file: "blind.go", line: "if !loadBaseBlinding(&s, &p) {", reason: published},
	{fn: `^ecmult\.(loadBaseBlinding|\(\*blindSlots\)\.load)$`, file: "blind.go", line: "if q == 0 {", reason: seqlock + " (0: never written)"},
	{fn: `^ecmult\.(loadBaseBlinding|\(\*blindSlots\)\.load)$`, file: "blind.go", line: "if q&1 == 1 {", reason: seqlock + " (odd: being written)"},
	{fn: `^ecmult\.(loadBaseBlinding|\(\*blindSlots\)\.load)$`, file: "blind.go", line: "if s.seq.Load() == q {", reason: seqlock + " (changed: overwritten during the copy)"},
	{fn: `^ecmult\.(loadBaseBlinding|\(\*blindSlots\)\.(load|publish))$`, file: "blind.go", line: "for i := range w {",
		reason: "the copy of the 16 words of a blinding slot: fixed trip count"},
}

const copyCheck = "copy skips runtime.memmove when source and destination are the same address: stack addresses, public"

var callRules = []callRule{
	{fn: `^ecmult\.scalarMultZ$`, callee: `^github\.com/p256k1/secp256k1/internal/ecmult\.multiplesTable$`,
		reason: "the table of multiples of ScalarMult's point, which is public (a parsed public key); only k is secret"},
	{fn: `^ecmult\.tablesFromAffine$`, callee: `^runtime\.memmove$`,
		reason: "copies of 32 bytes between stack arrays: memmove's path depends on the length and the addresses, public, not on the bytes"},
	{fn: `^ecmult\.(newBaseBlinding|randomZ)$`, callee: `^crypto/rand\.Read$`,
		reason: "fills a fixed-size stack buffer with fresh randomness (the blinding's b, λ and u): its path depends on the length, public; it writes the secret bytes and reads none"},
	{fn: `^ecmult\.baseBlinding$`, callee: `^github\.com/p256k1/secp256k1/internal/ecmult\.blindRefreshDue$`,
		reason: "the refresh decision, a public function (see publicFuncs)"},
}

var publicFuncs = []publicFunc{
	{pattern: `^(field|scalar|group|ecmult|modinv)\.init(\.\d+)?$`,
		reason: "package initialisation: constants of the public moduli and registration of the CPU-feature flags, once"},
	{pattern: `^modinv\.New$`,
		reason: "precomputes the safegcd constants of a public modulus, once per modulus at initialisation"},
	{pattern: `^ecmult\.\((\*pippScratch|\*windowScratch|\*straussScratch|\*Term)\)\.`,
		reason: "multi-scalar multiplication (MultiScalarMultVarTime: Pippenger and Strauss), public data only"},
	{pattern: `^ecmult\.(recodeSigned|bucketSum|pairDenominator|pairAdd)$`,
		reason: "helpers of the Pippenger multi-scalar multiplication, public data only"},
	{pattern: `^ecmult\.(initGTables|oddMultiplesGlobalZ|digitPoint|addDigit)$`,
		reason: "tables and steps of the Strauss multiplication DoubleMultVarTime (verification), public data only"},
	{pattern: `^ecmult\.multiplesTable$`,
		reason: "the table of multiples of ScalarMult's point, which is public (a parsed public key); documented as variable time"},
	{pattern: `^ecmult\.blindRefreshDue$`,
		reason: "the refresh decision of the k·G blinding: a number from math/rand/v2's runtime generator (an interface call), no secret input; it only decides when a refresh runs"},
}

// required are functions that must be found and checked in at least one of
// the binaries: the check cannot pass on a binary that lacks them.
var required = []string{
	// Field and scalar arithmetic, safegcd.
	"field.feMulAsm.abi0", "field.feSquareAsm.abi0", "field.feSquareNAsm.abi0",
	"field.feMulGeneric", "field.feSquareGeneric", "field.(*Element).Sqrt",
	"scalar.(*Scalar).Multiply", "scalar.mul256", "scalar.(*Scalar).reduce512",
	"modinv.(*Modulus).Invert", "modinv.divsteps59", "modinv.updateFG", "modinv.(*Modulus).updateDE",
	// Point formulas, assembly and Go.
	"group.jacobianDoubleAsm.abi0", "group.jacobianAddAffineAsm.abi0", "group.projectiveAddAffineAsm.abi0",
	"group.(*Jacobian).Double", "group.(*Jacobian).AddAffine", "group.(*Projective).AddAffine",
	"group.(*Projective).Add", "group.(*Projective).Double",
	// k·G, k·P and their table scans.
	"ecmult.BaseMult", "ecmult.baseMultFrom", "ecmult.ScalarMult", "ecmult.ScalarMultSecretPoint", "ecmult.scalarMultTables",
	"ecmult.scalarMultZ", "ecmult.scalarMultSecretPointZ",
	"ecmult.multiplesTableConstTime", "ecmult.lookupAffine", "ecmult.lookupAffineNeg", "ecmult.lookupAffineAVX2.abi0",
	// The k·G blinding: the choice and the refresh, whose k·G runs on the fresh b.
	"ecmult.baseBlinding", "ecmult.newBaseBlinding",
}

func init() {
	for i := range branchRules {
		branchRules[i].fnRe = regexp.MustCompile(branchRules[i].fn)
	}
	for i := range callRules {
		callRules[i].fnRe = regexp.MustCompile(callRules[i].fn)
		callRules[i].calleeRe = regexp.MustCompile(callRules[i].callee)
	}
	for i := range publicFuncs {
		publicFuncs[i].re = regexp.MustCompile(publicFuncs[i].pattern)
	}
}
