package harness

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// providerOrder returns provider names in report order.
func (r *Report) providerOrder() []string {
	var names []string
	for _, p := range r.Providers {
		names = append(names, p.Name)
	}
	return names
}

func fmtNs(v float64) string {
	return fmt.Sprintf("%.0f", v)
}

func fmtOps(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.1f", v)
	}
}

// WriteMarkdown writes the environment summary and the results table.
func (r *Report) WriteMarkdown(w io.Writer) error {
	e := r.Env
	var b strings.Builder
	fmt.Fprintf(&b, "secp256k1-bench: %s, %d CPU, %s %s/%s", e.CPUModel, e.NumCPU, e.GoVersion, e.OS, e.Arch)
	if e.GOAMD64 != "" {
		fmt.Fprintf(&b, " GOAMD64=%s", e.GOAMD64)
	}
	if kf := KeyFlags(e.CPUFlags); len(kf) > 0 {
		fmt.Fprintf(&b, " [%s]", strings.Join(kf, " "))
	}
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "- p256k1: %s", e.P256k1Mode)
	if e.P256k1Revision != "" {
		fmt.Fprintf(&b, ", revision %s", e.P256k1Revision)
	}
	b.WriteString("\n")
	for _, p := range r.Providers {
		if p.Name == "p256k1" {
			continue
		}
		if p.Available {
			fmt.Fprintf(&b, "- %s: %s %s", p.Name, p.Info.Library, p.Info.Version)
			if m := p.Info.Mode; m != "" {
				fmt.Fprintf(&b, " (%s)", m)
			}
			b.WriteString("\n")
		} else {
			fmt.Fprintf(&b, "- %s: unavailable: %s\n", p.Name, p.Reason)
		}
	}
	s := r.Settings
	fmt.Fprintf(&b, "- dataset: seed %d, n %d; gate on the first %d items", s.Seed, s.N, s.GateN)
	if s.GateOnly {
		b.WriteString("; gate only (--check), nothing timed")
	} else {
		fmt.Fprintf(&b, "; warm-up %gms, measure %gms per case and provider in %d interleaved rounds; timer overhead %.0f ns/sample", s.WarmupMs, s.MeasureMs, max(s.Rounds, 1), e.TimerOverheadNs)
	}
	if e.PinnedCore >= 0 {
		fmt.Fprintf(&b, "; pinned to CPU %d", e.PinnedCore)
	}
	if e.LoadAvg != "" {
		fmt.Fprintf(&b, "; load average at start %s", e.LoadAvg)
	}
	b.WriteString("\n\n")

	base := s.Baseline
	ratioHdr := "ratio"
	if base != "" {
		ratioHdr = "× " + base
	}
	fmt.Fprintf(&b, "| case | provider | median ns | p10 ns | p90 ns | ops/s | %s | allocs/op | OK |\n", ratioHdr)
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|---|\n")
	unsupported := map[string][]string{}
	var failures []string
	var batch []Record
	for _, rec := range r.Records {
		if _, ok := rec.Case.Batch(); ok && rec.Status != StatusUnsupported {
			batch = append(batch, rec)
			continue
		}
		switch {
		case rec.Status == StatusUnsupported:
			unsupported[rec.Provider] = append(unsupported[rec.Provider], string(rec.Case))
			continue
		case rec.Stats == nil:
			fmt.Fprintf(&b, "| %s | %s | — | — | — | — | — | — | %s |\n", rec.Case, rec.Provider, rec.Status)
		default:
			st := rec.Stats
			ratio := "—"
			if rec.Ratio > 0 {
				ratio = fmt.Sprintf("%.2f", rec.Ratio)
			}
			status := rec.Status
			if st.Errors > 0 {
				status += fmt.Sprintf(" (%d errors)", st.Errors)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %.1f | %s |\n", rec.Case, rec.Provider,
				fmtNs(st.MedianNs), fmtNs(st.P10Ns), fmtNs(st.P90Ns), fmtOps(st.OpsPerSec), ratio, st.AllocsPerOp, status)
		}
		if rec.Status == StatusFail && rec.Gate != nil {
			for _, f := range rec.Gate.Failures {
				failures = append(failures, fmt.Sprintf("- FAIL %s / %s: %s", rec.Case, rec.Provider, f))
			}
		}
	}
	if len(batch) > 0 {
		r.writeBatchTable(&b, batch)
	}
	if len(failures) > 0 {
		b.WriteString("\n" + strings.Join(failures, "\n") + "\n")
	}
	if len(unsupported) > 0 {
		b.WriteString("\nNot supported by the library (not run):")
		for _, name := range r.providerOrder() {
			if cs := unsupported[name]; len(cs) > 0 {
				fmt.Fprintf(&b, " %s: %s;", name, strings.Join(cs, ", "))
			}
		}
		b.WriteString("\n")
	}
	var notes []string
	for _, p := range r.Providers {
		if !p.Available {
			continue
		}
		var cs []string
		for c := range p.Info.Notes {
			cs = append(cs, string(c))
		}
		sort.Slice(cs, func(i, j int) bool { return caseIndex(Case(cs[i])) < caseIndex(Case(cs[j])) })
		for _, c := range cs {
			if r.hasCase(Case(c)) {
				notes = append(notes, fmt.Sprintf("- %s %s: %s", p.Name, c, p.Info.Notes[Case(c)]))
			}
		}
	}
	if len(notes) > 0 {
		b.WriteString("\nNotes:\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeBatchTable writes the batch cases with their cost per item.
func (r *Report) writeBatchTable(b *strings.Builder, recs []Record) {
	ratioHdr := "× single verify"
	if base := r.Settings.Baseline; base != "" {
		ratioHdr = "× " + base + " single verify"
	}
	b.WriteString("\nBatch cases: one call works on n items; times per item (a signature or a point), and per call.\n\n")
	fmt.Fprintf(b, "| case | provider | n | median ns/item | p10 ns/item | p90 ns/item | items/s | %s | median ms/call | allocs/item | OK |\n", ratioHdr)
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n")
	for _, rec := range recs {
		if rec.Stats == nil || rec.PerItem == nil {
			fmt.Fprintf(b, "| %s | %s | %d | — | — | — | — | — | — | — | %s |\n", rec.Case, rec.Provider, rec.Case.ItemsPerOp(), rec.Status)
			continue
		}
		pi := rec.PerItem
		ratio := "—"
		if rec.Ratio > 0 {
			ratio = fmt.Sprintf("%.3f", rec.Ratio)
		}
		status := rec.Status
		if rec.Stats.Errors > 0 {
			status += fmt.Sprintf(" (%d errors)", rec.Stats.Errors)
		}
		fmt.Fprintf(b, "| %s | %s | %d | %s | %s | %s | %s | %s | %.2f | %.2f | %s |\n", rec.Case, rec.Provider, rec.ItemsPerOp,
			fmtNs(pi.MedianNs), fmtNs(pi.P10Ns), fmtNs(pi.P90Ns), fmtOps(pi.OpsPerSec), ratio, rec.Stats.MedianNs/1e6, pi.AllocsPerOp, status)
	}
}

func (r *Report) hasCase(c Case) bool {
	for _, x := range r.Settings.Cases {
		if x == c {
			return true
		}
	}
	return false
}

func caseIndex(c Case) int {
	for i, x := range AllCases {
		if x == c {
			return i
		}
	}
	return len(AllCases)
}

// palette gives each provider a fixed, distinguishable colour. The system
// libsecp256k1, whose name carries its version (libsecp256k1-0.2), gets
// systemLibsecpColor.
var palette = map[string]string{
	"p256k1":        "#d62728",
	"p256k1-signer": "#e377c2",
	"libsecp256k1":  "#1f77b4",
	"native":        "#17becf",
	"geth":          "#9467bd",
	"decred":        "#2ca02c",
	"btcec":         "#ff7f0e",
}

const systemLibsecpColor = "#8fb9e0"

var fallbackColors = []string{"#8c564b", "#7f7f7f", "#bcbd22", "#aec7e8"}

func xmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

// WriteSVG draws a horizontal bar chart: for every case, one bar per
// provider showing its median relative to the baseline (or the median in
// microseconds when there is no baseline). Hand-written SVG, no
// dependencies.
func (r *Report) WriteSVG(w io.Writer) error {
	type bar struct {
		provider string
		value    float64 // ratio or µs
		median   float64
	}
	type group struct {
		c    Case
		bars []bar
	}
	useRatio := r.Settings.Baseline != ""
	var groups []group
	maxV := 0.0
	for _, c := range r.Settings.Cases {
		if _, ok := c.Batch(); ok {
			continue // per-item costs: the Markdown batch table
		}
		g := group{c: c}
		for _, name := range r.providerOrder() {
			for _, rec := range r.Records {
				if rec.Case != c || rec.Provider != name || rec.Stats == nil || rec.Status != StatusOK {
					continue
				}
				v := rec.Stats.MedianNs / 1000
				if useRatio {
					if rec.Ratio <= 0 {
						continue
					}
					v = rec.Ratio
				}
				g.bars = append(g.bars, bar{name, v, rec.Stats.MedianNs})
				maxV = math.Max(maxV, v)
			}
		}
		if len(g.bars) > 0 {
			groups = append(groups, g)
		}
	}

	const (
		width   = 1000
		left    = 250
		right   = 150
		barH    = 16
		barGap  = 4
		groupGp = 22
	)
	plotW := float64(width - left - right)
	// Axis: 0 .. a round maximum.
	step := 0.5
	if !useRatio {
		step = niceStep(maxV / 8)
	} else if maxV > 6 {
		step = 1
	}
	axisMax := math.Max(step*math.Ceil(maxV/step), step)
	if useRatio && axisMax < 1.5 {
		axisMax = 1.5
	}
	x := func(v float64) float64 { return float64(left) + plotW*v/axisMax }

	// The body is written first; the header needs the height, known once
	// the legend has wrapped.
	var b strings.Builder
	title := "secp256k1: median time per operation"
	if useRatio {
		title = fmt.Sprintf("secp256k1: median time per operation relative to %s (lower is faster)", r.Settings.Baseline)
	} else {
		title += " in µs (lower is faster)"
	}
	fmt.Fprintf(&b, `<text x="20" y="30" font-size="19" font-weight="bold">%s</text>`+"\n", xmlEscape(title))
	sub := fmt.Sprintf("%s · %s · GOAMD64=%s · p256k1 %s · seed %d, n %d · %s", r.Env.CPUModel, r.Env.GoVersion, r.Env.GOAMD64, r.Env.P256k1Mode, r.Settings.Seed, r.Settings.N, r.Env.Time[:10])
	fmt.Fprintf(&b, `<text x="20" y="52" font-size="12.5" fill="#444">%s</text>`+"\n", xmlEscape(sub))
	var vers []string
	for _, p := range r.Providers {
		v := p.Info.Version
		if p.Name == "p256k1" && r.Env.P256k1Revision != "" {
			v = "rev " + r.Env.P256k1Revision
		}
		if p.Available && v != "" {
			vers = append(vers, p.Name+" "+v)
		}
	}
	vy := 70
	for _, line := range wrap(vers, " · ", 150) {
		fmt.Fprintf(&b, `<text x="20" y="%d" font-size="11.5" fill="#444">%s</text>`+"\n", vy, xmlEscape(line))
		vy += 16
	}

	// Legend, wrapped to the chart width.
	lx, ly := 20.0, float64(vy+12)
	colors := map[string]string{}
	fi := 0
	for _, name := range r.providerOrder() {
		c, ok := palette[name]
		if !ok && strings.HasPrefix(name, "libsecp256k1-") {
			c, ok = systemLibsecpColor, true
		}
		if !ok {
			c = fallbackColors[fi%len(fallbackColors)]
			fi++
		}
		colors[name] = c
		used := false
		for _, g := range groups {
			for _, br := range g.bars {
				used = used || br.provider == name
			}
		}
		if !used {
			continue
		}
		label := name
		for _, p := range r.Providers {
			if p.Name == name {
				switch {
				case p.Info.Legend != "":
					label = fmt.Sprintf("%s (%s)", name, p.Info.Legend)
				case p.Info.Mode != "":
					label = fmt.Sprintf("%s (%s)", name, p.Info.Mode)
				}
			}
		}
		w := 19 + 6.9*float64(len([]rune(label))) + 22
		if lx+w > width-10 && lx > 20 {
			lx, ly = 20, ly+20
		}
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="14" height="14" fill="%s"/>`, lx, ly-12, c)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12.5">%s</text>`+"\n", lx+19, ly, xmlEscape(label))
		lx += w
	}
	top := int(ly) + 38
	height := top + 40
	for _, g := range groups {
		height += groupGp + len(g.bars)*(barH+barGap)
	}

	// Grid and axis labels.
	gridTop, gridBottom := top-10, height-36
	for v := 0.0; v <= axisMax+1e-9; v += step {
		stroke, sw := "#dddddd", 1.0
		if useRatio && math.Abs(v-1) < 1e-9 {
			stroke, sw = "#333333", 1.6
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%.1f"/>`+"\n", x(v), gridTop, x(v), gridBottom, stroke, sw)
		label := trimFloat(v)
		if useRatio {
			label += "×"
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="12" text-anchor="middle" fill="#444">%s</text>`+"\n", x(v), gridBottom+16, label)
	}
	if useRatio {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="11.5" text-anchor="middle" fill="#333">= %s</text>`+"\n", x(1), gridTop-4, xmlEscape(r.Settings.Baseline))
	}

	y := top
	for _, g := range groups {
		fmt.Fprintf(&b, `<text x="20" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", y+12, xmlEscape(string(g.c)))
		y += groupGp - 4
		for _, br := range g.bars {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12.5" text-anchor="end">%s</text>`, left-8, y+barH-3, xmlEscape(br.provider))
			wv := x(br.value) - float64(left)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`, left, y, math.Max(wv, 1), barH, colors[br.provider])
			label := fmt.Sprintf("%.1f µs", br.median/1000)
			if useRatio {
				label = fmt.Sprintf("%.2f× · %.1f µs", br.value, br.median/1000)
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="12" stroke="#ffffff" stroke-width="3" paint-order="stroke">%s</text>`+"\n", x(br.value)+5, y+barH-3, label)
			y += barH + barGap
		}
		y += 4
	}
	b.WriteString("</svg>\n")
	head := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`+"\n", width, height, width, height) +
		`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n"
	_, err := io.WriteString(w, head+b.String())
	return err
}

func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// wrap joins parts with sep into lines of at most width runes (a part
// longer than width gets a line of its own).
func wrap(parts []string, sep string, width int) []string {
	var lines []string
	cur := ""
	for _, p := range parts {
		switch {
		case cur == "":
			cur = p
		case len([]rune(cur+sep+p)) <= width:
			cur += sep + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
