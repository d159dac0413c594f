// Package benchmarks exposes the secp256k1-bench cases as standard Go
// benchmarks for benchstat users: the same providers, the same
// deterministic dataset (seed 42) and the same correctness gate as the
// command, timed by the testing package instead of per operation.
//
// From the repository root (the go.work there makes ./bench/... resolve):
//
//	go test -run '^$' -bench . -count 6 ./bench/benchmarks > new.txt
//	benchstat -col /provider new.txt
//
// Benchmarks are named BenchmarkSecp256k1/case=<case>/provider=<name>;
// -bench.n sets the dataset size (default 1000).
package benchmarks
