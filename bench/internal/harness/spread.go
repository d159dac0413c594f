package harness

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// ReadReport reads a --json report.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &r, nil
}

// WriteSpread writes, for every case and provider measured in all the given
// reports, the median of each run, their range and the spread
// (max-min)/median-of-medians: the run-to-run variation on one machine.
func WriteSpread(w io.Writer, reps []*Report) error {
	type key struct {
		c Case
		p string
	}
	medians := map[key][]float64{}
	var order []key
	for _, r := range reps {
		for _, rec := range r.Records {
			if rec.Stats == nil || rec.Status != StatusOK {
				continue
			}
			k := key{rec.Case, rec.Provider}
			if _, ok := medians[k]; !ok {
				order = append(order, k)
			}
			medians[k] = append(medians[k], rec.Stats.MedianNs)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Run-to-run spread of the median over %d runs", len(reps))
	var loads []string
	for _, r := range reps {
		if r.Env.LoadAvg != "" {
			loads = append(loads, r.Env.LoadAvg)
		}
	}
	if len(loads) > 0 {
		fmt.Fprintf(&b, " (load average at start: %s)", strings.Join(loads, "; "))
	}
	b.WriteString("\n\n| case | provider | medians ns | spread |\n|---|---|---|--:|\n")
	var spreads []float64
	for _, k := range order {
		m := medians[k]
		if len(m) != len(reps) {
			continue
		}
		s := slices.Clone(m)
		slices.Sort(s)
		mid := s[len(s)/2]
		if len(s)%2 == 0 {
			mid = (s[len(s)/2-1] + s[len(s)/2]) / 2
		}
		sp := (s[len(s)-1] - s[0]) / mid
		spreads = append(spreads, sp)
		var ms []string
		for _, v := range m {
			ms = append(ms, fmt.Sprintf("%.0f", v))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.1f%% |\n", k.c, k.p, strings.Join(ms, " / "), 100*sp)
	}
	if len(spreads) > 0 {
		slices.Sort(spreads)
		fmt.Fprintf(&b, "\nSpread over all %d case×provider pairs: median %.1f%%, max %.1f%%.\n",
			len(spreads), 100*spreads[len(spreads)/2], 100*spreads[len(spreads)-1])
	}
	_, err := io.WriteString(w, b.String())
	return err
}
