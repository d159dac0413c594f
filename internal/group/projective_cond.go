package group

// AddAffineIf sets p = q + a if cond is 1 and p = q if cond is 0, and
// returns p, in constant time: AddAffine followed by a Select, done in one
// assembly call where the point assembly is in use (k·G's accumulator skips
// the additions of zero digits this way). a must be finite, as for AddAffine.
func (p *Projective) AddAffineIf(q *Projective, a *Affine, cond int) *Projective {
	if usePointAsm && pointAsmCurve {
		projectiveAddAffine(p, q, a, cond)
		return p
	}
	var s Projective
	s.AddAffine(q, a)
	return p.Select(&s, q, cond)
}
