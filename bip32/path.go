package bip32

import (
	"fmt"
	"strconv"
	"strings"
)

// Path is a derivation path relative to a key: the child indices in order,
// HardenedOffset added to the hardened ones.
type Path []uint32

// ParsePath parses a derivation path in BIP-32 notation: "m", or "m"
// followed by "/i" components such as "m/86'/0'/0'/0/0"; the leading "m/"
// may be left out for a path relative to some key ("0/5"). An index is a
// decimal number below 2^31 without sign, spaces or leading zeros,
// followed by ', h or H for a hardened index (HardenedOffset is added).
// At most 255 components are accepted, the depth a key can have.
//
// Everything else returns an error wrapping ErrInvalidPath that says what
// is wrong where: the empty string, empty components ("m//0", "m/0/", a
// leading "/"), "M", whitespace, signs, leading zeros, an index of 2^31 or
// more (with or without the hardened mark), other characters.
func ParsePath(s string) (Path, error) {
	var idx [maxDepth]uint32
	n, _, err := parsePath(&idx, s)
	if err != nil {
		return nil, err
	}
	return append(Path{}, idx[:n]...), nil
}

// String returns p in BIP-32 notation with ' for hardened indices:
// "m/86'/0'/0'/0/0", and "m" for an empty path.
func (p Path) String() string {
	var b strings.Builder
	b.WriteByte('m')
	for _, i := range p {
		b.WriteByte('/')
		b.WriteString(strconv.FormatUint(uint64(i&^HardenedOffset), 10))
		if i >= HardenedOffset {
			b.WriteByte('\'')
		}
	}
	return b.String()
}

// parsePath parses s into idx and returns the number of indices and
// whether s starts with "m". It does not allocate unless it fails.
func parsePath(idx *[maxDepth]uint32, s string) (n int, absolute bool, err error) {
	rest := s
	switch {
	case s == "":
		return 0, false, fmt.Errorf("%w: empty path (the master key itself is \"m\")", ErrInvalidPath)
	case s == "m":
		return 0, true, nil
	case strings.HasPrefix(s, "m/"):
		absolute = true
		rest = s[2:]
	}
	for pos := len(s) - len(rest); ; {
		end := strings.IndexByte(rest, '/')
		comp := rest
		if end >= 0 {
			comp = rest[:end]
		}
		if n == maxDepth {
			return 0, false, fmt.Errorf("%w: %q has more than %d components", ErrInvalidPath, s, maxDepth)
		}
		i, err := parseIndex(comp)
		if err != nil {
			return 0, false, fmt.Errorf("%w: %q, component %d at offset %d: %s", ErrInvalidPath, s, n+1, pos, err)
		}
		idx[n] = i
		n++
		if end < 0 {
			return n, absolute, nil
		}
		rest = rest[end+1:]
		pos += end + 1
	}
}

// pathError is a parse error of one path component; parsePath adds where.
type pathError string

func (e pathError) Error() string { return string(e) }

// parseIndex parses one path component.
func parseIndex(c string) (uint32, error) {
	var hardened uint32
	if c != "" {
		if last := c[len(c)-1]; last == '\'' || last == 'h' || last == 'H' {
			hardened = HardenedOffset
			c = c[:len(c)-1]
		}
	}
	if c == "" {
		return 0, pathError("empty index")
	}
	for j := 0; j < len(c); j++ {
		if d := c[j]; d < '0' || d > '9' {
			return 0, pathError(fmt.Sprintf("%q is not a digit or a final ', h or H", d))
		}
	}
	if len(c) > 1 && c[0] == '0' {
		return 0, pathError(fmt.Sprintf("leading zero in %q", c))
	}
	var v uint64
	for j := 0; j < len(c); j++ {
		v = v*10 + uint64(c[j]-'0')
		if v >= uint64(HardenedOffset) {
			return 0, pathError(fmt.Sprintf("index %s is 2^31 or more (write hardened indices as i' with i < 2^31)", c))
		}
	}
	return uint32(v) | hardened, nil
}
