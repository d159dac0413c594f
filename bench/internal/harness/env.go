package harness

import (
	"bufio"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// Env records where and how the numbers were taken.
type Env struct {
	Time     string `json:"time"`
	Hostname string `json:"hostname,omitempty"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
	Kernel   string `json:"kernel,omitempty"`
	// LoadAvg is /proc/loadavg when the run started: other work on the
	// machine widens the spread of the numbers.
	LoadAvg    string            `json:"loadavg,omitempty"`
	CPUModel   string            `json:"cpu_model"`
	CPUFlags   []string          `json:"cpu_flags,omitempty"`
	NumCPU     int               `json:"num_cpu"`
	GOMAXPROCS int               `json:"gomaxprocs"`
	GoVersion  string            `json:"go_version"`
	GOAMD64    string            `json:"goamd64,omitempty"`
	GOARM64    string            `json:"goarm64,omitempty"`
	CGO        string            `json:"cgo_enabled,omitempty"`
	BuildTags  string            `json:"build_tags,omitempty"`
	Modules    map[string]string `json:"modules,omitempty"`
	// P256k1Mode says whether p256k1 runs its assembly or its purego path.
	P256k1Mode string `json:"p256k1_mode,omitempty"`
	// P256k1Revision is the git revision of the library checkout, when the
	// tool runs inside one.
	P256k1Revision  string  `json:"p256k1_revision,omitempty"`
	PinnedCore      int     `json:"pinned_core"` // -1: not pinned
	LockedOSThread  bool    `json:"locked_os_thread"`
	TimerOverheadNs float64 `json:"timer_overhead_ns"`
}

// CollectEnv gathers the environment description.
func CollectEnv() Env {
	e := Env{
		Time:       time.Now().UTC().Format(time.RFC3339),
		OS:         runtime.GOOS,
		Arch:       runtime.GOARCH,
		NumCPU:     runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		GoVersion:  runtime.Version(),
		Modules:    map[string]string{},
		PinnedCore: -1,
	}
	e.Hostname, _ = os.Hostname()
	e.CPUModel, e.CPUFlags = cpuInfo()
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			e.LoadAvg = strings.Join(f[:3], " ")
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		e.Kernel = strings.TrimSpace(string(b))
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "GOAMD64":
				e.GOAMD64 = s.Value
			case "GOARM64":
				e.GOARM64 = s.Value
			case "CGO_ENABLED":
				e.CGO = s.Value
			case "-tags":
				e.BuildTags = s.Value
			}
		}
		for _, d := range bi.Deps {
			e.Modules[d.Path] = ModuleVersion(d)
		}
		if bi.Main.Path != "" {
			e.Modules[bi.Main.Path] = bi.Main.Version
		}
	}
	if runtime.GOARCH == "amd64" && e.GOAMD64 == "" {
		e.GOAMD64 = "v1"
	}
	e.P256k1Revision = revision()
	return e
}

// revision returns the git revision of the checkout the library was built
// from. The bench module lives in the library's repository, so the VCS
// stamp of this binary (go build) names the library's commit too; without a
// stamp (go run, -buildvcs=false) it asks git for HEAD, which go run has
// just built.
func revision() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, mod string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				mod = s.Value
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if mod == "true" {
				rev += "-dirty"
			}
			return rev
		}
	}
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(strings.TrimSpace(string(st))) > 0 {
		rev += "-dirty"
	}
	return rev
}

// ModuleVersion renders a module's version, following replacements.
func ModuleVersion(m *debug.Module) string {
	if m == nil {
		return ""
	}
	v := m.Version
	if m.Replace != nil {
		if m.Replace.Version != "" {
			v = m.Replace.Version
		} else {
			v = "=> " + m.Replace.Path
		}
	}
	if v == "" {
		v = "(devel)"
	}
	return v
}

// DepVersion returns the version of the named module dependency of this
// binary, or "" when it is not linked in.
func DepVersion(path string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, d := range bi.Deps {
		if d.Path == path {
			return ModuleVersion(d)
		}
	}
	return ""
}

// interestingFlags are the CPU features that matter to secp256k1 code; the
// full list from /proc/cpuinfo goes to JSON, this subset to the README.
var interestingFlags = []string{"bmi2", "adx", "avx2", "avx512f", "avx512ifma", "sha_ni", "asimd", "sha2"}

// KeyFlags returns the secp256k1-relevant subset of flags.
func KeyFlags(flags []string) []string {
	have := map[string]bool{}
	for _, f := range flags {
		have[f] = true
	}
	var out []string
	for _, f := range interestingFlags {
		if have[f] {
			out = append(out, f)
		}
	}
	return out
}

func cpuInfo() (model string, flags []string) {
	model = runtime.GOARCH
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return model, nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	var family, cpuModel string
	defer func() {
		if family != "" && cpuModel != "" {
			model += " (family " + family + ", model " + cpuModel + ")"
		}
	}()
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "model name", "Model", "cpu model":
			if model == runtime.GOARCH && v != "" {
				model = v
			}
		case "cpu family":
			if family == "" {
				family = v
			}
		case "model":
			if cpuModel == "" {
				cpuModel = v
			}
		case "flags", "Features":
			if flags == nil {
				flags = strings.Fields(v)
			}
		}
	}
	return model, flags
}
