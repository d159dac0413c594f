package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// knownEntry is one line of a -known file: a package and a mutant key.
type knownEntry struct {
	pkg, key string
	line     int
}

// readKnown parses a -known file: one "importpath key" per line, with
// blank lines and lines starting with # ignored.
func readKnown(name string) ([]knownEntry, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var es []knownEntry
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		pkg, key, ok := strings.Cut(l, " ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"importpath key\"", name, n)
		}
		es = append(es, knownEntry{pkg: pkg, key: strings.TrimSpace(key), line: n})
	}
	return es, sc.Err()
}

// runKnown runs the mutants named in the file, failing unless every one is
// found and killed. A name that no longer matches a mutant means the code
// changed under it: pick another mutant of the same kind with -list.
func runKnown(name string) error {
	es, err := readKnown(name)
	if err != nil {
		return err
	}
	var order []string
	byPkg := map[string][]knownEntry{}
	for _, e := range es {
		if _, ok := byPkg[e.pkg]; !ok {
			order = append(order, e.pkg)
		}
		byPkg[e.pkg] = append(byPkg[e.pkg], e)
	}
	var bad []string
	for _, p := range order {
		pkg, err := goList(p)
		if err != nil {
			return err
		}
		all, srcs, err := pkgMutants(pkg)
		if err != nil {
			return err
		}
		byKey := map[string]*Mutant{}
		for _, m := range all {
			byKey[m.Key()] = m
		}
		var ms []*Mutant
		for _, e := range byPkg[p] {
			m, ok := byKey[e.key]
			if !ok {
				bad = append(bad, fmt.Sprintf("%s:%d: %s %s: no such mutant (the code changed; choose another with go run ./internal/cmd/mutate -list %s)", name, e.line, e.pkg, e.key, e.pkg))
				continue
			}
			ms = append(ms, m)
		}
		res, err := runMutants(pkg, srcs, ms)
		if err != nil {
			return err
		}
		for _, r := range res {
			if r.Status != killed && r.Status != timedOut {
				bad = append(bad, fmt.Sprintf("%s %s (%s): %s", r.Pkg, r.Pos, r.Key, r.Status))
			}
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d known mutants not killed:\n  %s", len(bad), len(es), strings.Join(bad, "\n  "))
	}
	fmt.Printf("all %d known mutants killed\n", len(es))
	return nil
}
