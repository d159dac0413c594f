package main

import "strings"

// A check is the part of the harness that covers one package beyond the
// core key, signature and curve checks of main.go. Each package's file
// registers its check from init, so that adding a package does not touch
// main.go; main runs them in the order of registration (file order) and
// names them in its summary line.
type check struct {
	what string // "package: the functions checked"
	run  func()
}

var checks []check

// register adds a check; call it from init.
func register(what string, run func()) {
	checks = append(checks, check{what: what, run: run})
}

// checkNames lists the registered checks for the summary line.
func checkNames() string {
	names := make([]string, len(checks))
	for i, c := range checks {
		names[i] = c.what
	}
	return strings.Join(names, "; ")
}
