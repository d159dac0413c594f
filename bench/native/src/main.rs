//! Native anchor for secp256k1-bench.
//!
//! Runs the benchmark cases of secp256k1-bench on the dataset the Go tool
//! writes, calling libsecp256k1 (vendored by secp256k1-sys) directly, with
//! one context created and randomized once, as libsecp256k1's own bench
//! does. Prints one JSON object on stdout: per case, the timing statistics
//! and the outputs for the first items of the dataset and of its mutated
//! copy, which the Go tool passes through its correctness gate.
//!
//! Usage: secp256k1-bench-native --dataset FILE --mutated FILE
//!        [--cases a,b,...] [--warmup-ms 250] [--measure-ms 2000] [--gate-n 100] [--raw]
//!
//! --raw adds every individual timing (ns, in measurement order) to the
//! output, so that the Go tool can merge rounds run at different times.

use secp256k1_sys as ffi;
use secp256k1_sys::recovery as rec;
use std::ffi::c_void;
use std::fmt::Write as _;
use std::hint::black_box;
use std::os::raw::{c_int, c_uchar};
use std::ptr::{self, NonNull};
use std::time::{Duration, Instant};

/// libsecp256k1 version vendored by the pinned secp256k1-sys.
const LIBSECP_VERSION: &str = "0.8.0";
const SYS_VERSION: &str = "secp256k1-sys 0.14.1";

struct Item {
    sk: [u8; 32],
    hash: [u8; 32],
    aux: [u8; 32],
    pub33: [u8; 33],
    xonly: [u8; 32],
    der: Vec<u8>,
    compact: [u8; 64],
    recid: i32,
    schnorr: [u8; 64],
    peer: usize,
    tweak: [u8; 32],
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("bad hex"))
        .collect()
}

fn arr<const N: usize>(s: &str) -> [u8; N] {
    let v = unhex(s);
    let mut a = [0u8; N];
    assert_eq!(v.len(), N, "field length");
    a.copy_from_slice(&v);
    a
}

fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 2);
    for x in b {
        write!(s, "{:02x}", x).unwrap();
    }
    s
}

fn read_dataset(path: &str) -> Vec<Item> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {}", path, e));
    let mut lines = text.lines();
    let header = lines.next().expect("empty dataset");
    assert!(
        header.starts_with("p256k1-bench-dataset v2 "),
        "bad dataset header (want format v2)"
    );
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 11, "dataset line needs 11 fields");
            Item {
                sk: arr(f[0]),
                hash: arr(f[1]),
                aux: arr(f[2]),
                pub33: arr(f[3]),
                xonly: arr(f[4]),
                der: unhex(f[5]),
                compact: arr(f[6]),
                recid: f[7].parse().unwrap(),
                schnorr: arr(f[8]),
                peer: f[9].parse().unwrap(),
                tweak: arr(f[10]),
            }
        })
        .collect()
}

struct Stats {
    samples: usize,
    median: f64,
    p10: f64,
    p90: f64,
    mean: f64,
    min: f64,
    errors: usize,
    wall_ns: u128,
    raw: Vec<u64>,
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    let n = sorted.len();
    let rank = ((p / 100.0) * n as f64).ceil() as usize;
    sorted[rank.clamp(1, n) - 1] as f64
}

/// Times op(i) individually over the items round-robin, after a warm-up,
/// exactly like the Go harness (harness.Measure).
fn measure<F: FnMut(usize) -> bool>(
    mut op: F,
    n: usize,
    warmup: Duration,
    meas: Duration,
) -> Stats {
    let mut i = 0usize;
    let start = Instant::now();
    let mut warm = 0usize;
    while warm < 2 || start.elapsed() < warmup {
        black_box(op(i));
        warm += 1;
        i += 1;
        if i == n {
            i = 0;
        }
    }
    let rate = warm as f64 / start.elapsed().as_secs_f64();
    let mut samples: Vec<u64> =
        Vec::with_capacity((rate * meas.as_secs_f64() * 1.25) as usize + 1024);
    let mut errors = 0usize;
    let begin = Instant::now();
    let end = begin + meas;
    loop {
        let t0 = Instant::now();
        let ok = op(i);
        let d = t0.elapsed();
        samples.push(d.as_nanos() as u64);
        if !ok {
            errors += 1;
        }
        i += 1;
        if i == n {
            i = 0;
        }
        if samples.len() >= 10 && t0 > end {
            break;
        }
    }
    let wall_ns = begin.elapsed().as_nanos();
    let raw = samples.clone();
    samples.sort_unstable();
    let sum: f64 = samples.iter().map(|&x| x as f64).sum();
    Stats {
        samples: samples.len(),
        median: percentile(&samples, 50.0),
        p10: percentile(&samples, 10.0),
        p90: percentile(&samples, 90.0),
        mean: sum / samples.len() as f64,
        min: samples[0] as f64,
        errors,
        wall_ns,
        raw,
    }
}

unsafe extern "C" fn copy_x(
    out: *mut c_uchar,
    x: *const c_uchar,
    _y: *const c_uchar,
    _d: *mut c_void,
) -> c_int {
    ptr::copy_nonoverlapping(x, out, 32);
    1
}

struct Ctx(NonNull<ffi::Context>);

impl Ctx {
    fn p(&self) -> *const ffi::Context {
        self.0.as_ptr()
    }
}

/// One prepared case over one dataset: `run(i, out)` does the timed work
/// and writes its output (signature, key, shared secret) into out; it
/// returns false on failure (or a failed verification).
struct Prepared<'a> {
    items: &'a [Item],
    ctx: &'a Ctx,
    pubs: Vec<ffi::PublicKey>,
    peers: Vec<ffi::PublicKey>,
    sigs: Vec<ffi::Signature>,
    kps: Vec<ffi::Keypair>,
    xonly: Vec<ffi::XOnlyPublicKey>,
}

const CASES: [&str; 12] = [
    "pubkey_create_from_bytes",
    "ecdsa_sign_from_bytes",
    "ecdsa_sign_preparsed",
    "ecdsa_verify",
    "ecdsa_verify_preparsed",
    "schnorr_sign_preparsed",
    "schnorr_verify",
    "schnorr_verify_preparsed",
    "ecdh",
    "ecdsa_recover",
    "pubkey_tweak_add",
    "xonly_tweak_add",
];

#[derive(Clone, Copy)]
enum Kind {
    PubkeyCreate,
    EcdsaSign,
    EcdsaVerify,
    EcdsaVerifyPreparsed,
    SchnorrSign,
    SchnorrVerify,
    SchnorrVerifyPreparsed,
    Ecdh,
    EcdsaRecover,
    PubkeyTweakAdd,
    XOnlyTweakAdd,
}

fn kind(case: &str) -> Kind {
    match case {
        "pubkey_create_from_bytes" => Kind::PubkeyCreate,
        // libsecp256k1 has no parsed secret-key type: both signing cases
        // call secp256k1_ecdsa_sign on the 32 secret bytes.
        "ecdsa_sign_from_bytes" | "ecdsa_sign_preparsed" => Kind::EcdsaSign,
        "ecdsa_verify" => Kind::EcdsaVerify,
        "ecdsa_verify_preparsed" => Kind::EcdsaVerifyPreparsed,
        "schnorr_sign_preparsed" => Kind::SchnorrSign,
        "schnorr_verify" => Kind::SchnorrVerify,
        "schnorr_verify_preparsed" => Kind::SchnorrVerifyPreparsed,
        "ecdh" => Kind::Ecdh,
        "ecdsa_recover" => Kind::EcdsaRecover,
        "pubkey_tweak_add" => Kind::PubkeyTweakAdd,
        "xonly_tweak_add" => Kind::XOnlyTweakAdd,
        _ => panic!("unknown case {}", case),
    }
}

impl<'a> Prepared<'a> {
    fn new(case: &str, items: &'a [Item], ctx: &'a Ctx) -> Self {
        let mut p = Prepared {
            items,
            ctx,
            pubs: vec![],
            peers: vec![],
            sigs: vec![],
            kps: vec![],
            xonly: vec![],
        };
        unsafe {
            match case {
                "pubkey_tweak_add" => {
                    for it in items {
                        let mut k = ffi::PublicKey::new();
                        assert_eq!(
                            ffi::secp256k1_ec_pubkey_parse(ctx.p(), &mut k, it.pub33.as_ptr(), 33),
                            1
                        );
                        p.pubs.push(k);
                    }
                }
                "ecdsa_verify_preparsed" => {
                    for it in items {
                        let mut s = ffi::Signature::new();
                        assert_eq!(
                            ffi::secp256k1_ecdsa_signature_parse_der(
                                ctx.p(),
                                &mut s,
                                it.der.as_ptr(),
                                it.der.len()
                            ),
                            1
                        );
                        p.sigs.push(s);
                        let mut k = ffi::PublicKey::new();
                        assert_eq!(
                            ffi::secp256k1_ec_pubkey_parse(ctx.p(), &mut k, it.pub33.as_ptr(), 33),
                            1
                        );
                        p.pubs.push(k);
                    }
                }
                "schnorr_sign_preparsed" => {
                    for it in items {
                        let mut kp = ffi::Keypair::new();
                        assert_eq!(
                            ffi::secp256k1_keypair_create(ctx.p(), &mut kp, it.sk.as_ptr()),
                            1
                        );
                        p.kps.push(kp);
                    }
                }
                "schnorr_verify_preparsed" | "xonly_tweak_add" => {
                    for it in items {
                        let mut x = ffi::XOnlyPublicKey::new();
                        assert_eq!(
                            ffi::secp256k1_xonly_pubkey_parse(ctx.p(), &mut x, it.xonly.as_ptr()),
                            1
                        );
                        p.xonly.push(x);
                    }
                }
                "ecdh" => {
                    for it in items {
                        let mut k = ffi::PublicKey::new();
                        let peer = &items[it.peer];
                        assert_eq!(
                            ffi::secp256k1_ec_pubkey_parse(
                                ctx.p(),
                                &mut k,
                                peer.pub33.as_ptr(),
                                33
                            ),
                            1
                        );
                        p.peers.push(k);
                    }
                }
                _ => {}
            }
        }
        p
    }

    #[inline(always)]
    fn run(&self, case: Kind, i: usize, out: &mut [u8; 65]) -> (bool, usize) {
        let it = &self.items[i];
        let cx = self.ctx.p();
        unsafe {
            match case {
                Kind::PubkeyCreate => {
                    let mut k = ffi::PublicKey::new();
                    let mut len = 33usize;
                    let ok = ffi::secp256k1_ec_pubkey_create(cx, &mut k, it.sk.as_ptr()) == 1
                        && ffi::secp256k1_ec_pubkey_serialize(
                            cx,
                            out.as_mut_ptr(),
                            &mut len,
                            &k,
                            ffi::SECP256K1_SER_COMPRESSED,
                        ) == 1;
                    (ok, 33)
                }
                Kind::EcdsaSign => {
                    let mut s = ffi::Signature::new();
                    let ok = ffi::secp256k1_ecdsa_sign(
                        cx,
                        &mut s,
                        it.hash.as_ptr(),
                        it.sk.as_ptr(),
                        None,
                        ptr::null(),
                    ) == 1
                        && ffi::secp256k1_ecdsa_signature_serialize_compact(
                            cx,
                            out.as_mut_ptr(),
                            &s,
                        ) == 1;
                    (ok, 64)
                }
                Kind::EcdsaVerify => {
                    let mut s = ffi::Signature::new();
                    let mut k = ffi::PublicKey::new();
                    let ok = ffi::secp256k1_ecdsa_signature_parse_der(
                        cx,
                        &mut s,
                        it.der.as_ptr(),
                        it.der.len(),
                    ) == 1
                        && ffi::secp256k1_ec_pubkey_parse(cx, &mut k, it.pub33.as_ptr(), 33) == 1
                        && ffi::secp256k1_ecdsa_verify(cx, &s, it.hash.as_ptr(), &k) == 1;
                    (ok, 0)
                }
                Kind::EcdsaVerifyPreparsed => (
                    ffi::secp256k1_ecdsa_verify(cx, &self.sigs[i], it.hash.as_ptr(), &self.pubs[i])
                        == 1,
                    0,
                ),
                Kind::SchnorrSign => {
                    let ok = ffi::secp256k1_schnorrsig_sign32(
                        cx,
                        out.as_mut_ptr(),
                        it.hash.as_ptr(),
                        &self.kps[i],
                        it.aux.as_ptr(),
                    ) == 1;
                    (ok, 64)
                }
                Kind::SchnorrVerify => {
                    let mut x = ffi::XOnlyPublicKey::new();
                    let ok = ffi::secp256k1_xonly_pubkey_parse(cx, &mut x, it.xonly.as_ptr()) == 1
                        && ffi::secp256k1_schnorrsig_verify(
                            cx,
                            it.schnorr.as_ptr(),
                            it.hash.as_ptr(),
                            32,
                            &x,
                        ) == 1;
                    (ok, 0)
                }
                Kind::SchnorrVerifyPreparsed => (
                    ffi::secp256k1_schnorrsig_verify(
                        cx,
                        it.schnorr.as_ptr(),
                        it.hash.as_ptr(),
                        32,
                        &self.xonly[i],
                    ) == 1,
                    0,
                ),
                Kind::Ecdh => {
                    let ok = ffi::secp256k1_ecdh(
                        cx,
                        out.as_mut_ptr(),
                        &self.peers[i],
                        it.sk.as_ptr(),
                        Some(copy_x),
                        ptr::null_mut(),
                    ) == 1;
                    (ok, 32)
                }
                Kind::EcdsaRecover => {
                    let mut s = rec::RecoverableSignature::new();
                    let mut k = ffi::PublicKey::new();
                    let mut len = 33usize;
                    let ok = rec::secp256k1_ecdsa_recoverable_signature_parse_compact(
                        cx,
                        &mut s,
                        it.compact.as_ptr(),
                        it.recid,
                    ) == 1
                        && rec::secp256k1_ecdsa_recover(cx, &mut k, &s, it.hash.as_ptr()) == 1
                        && ffi::secp256k1_ec_pubkey_serialize(
                            cx,
                            out.as_mut_ptr(),
                            &mut len,
                            &k,
                            ffi::SECP256K1_SER_COMPRESSED,
                        ) == 1;
                    (ok, 33)
                }
                Kind::PubkeyTweakAdd => {
                    // The call tweaks in place: work on a copy of the parsed key.
                    let mut k = self.pubs[i];
                    let mut len = 33usize;
                    let ok = ffi::secp256k1_ec_pubkey_tweak_add(cx, &mut k, it.tweak.as_ptr()) == 1
                        && ffi::secp256k1_ec_pubkey_serialize(
                            cx,
                            out.as_mut_ptr(),
                            &mut len,
                            &k,
                            ffi::SECP256K1_SER_COMPRESSED,
                        ) == 1;
                    (ok, 33)
                }
                Kind::XOnlyTweakAdd => {
                    let mut k = ffi::PublicKey::new();
                    let mut len = 33usize;
                    let ok = ffi::secp256k1_xonly_pubkey_tweak_add(
                        cx,
                        &mut k,
                        &self.xonly[i],
                        it.tweak.as_ptr(),
                    ) == 1
                        && ffi::secp256k1_ec_pubkey_serialize(
                            cx,
                            out.as_mut_ptr(),
                            &mut len,
                            &k,
                            ffi::SECP256K1_SER_COMPRESSED,
                        ) == 1;
                    (ok, 33)
                }
            }
        }
    }
}

fn gate_outputs(case: &str, items: &[Item], ctx: &Ctx, m: usize) -> Vec<String> {
    let p = Prepared::new(case, &items[..], ctx);
    let mut out = [0u8; 65];
    (0..m.min(items.len()))
        .map(|i| {
            let (ok, len) = p.run(kind(case), i, &mut out);
            if len == 0 {
                (if ok { "1" } else { "0" }).to_string()
            } else if ok {
                hex(&out[..len])
            } else {
                String::new()
            }
        })
        .collect()
}

/// 32 bytes from /dev/urandom, or from the clock and pid where that is
/// missing (randomization is side-channel hardening; it does not change any
/// output or the cost of an operation).
fn random_seed() -> [u8; 32] {
    use std::io::Read;
    let mut s = [0u8; 32];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        if f.read_exact(&mut s).is_ok() {
            return s;
        }
    }
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let x = t ^ ((std::process::id() as u128) << 64);
    for (k, b) in s.iter_mut().enumerate() {
        *b = (x >> ((k % 16) * 8)) as u8 ^ (k as u8).wrapping_mul(151);
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut dataset = String::new();
    let mut mutated = String::new();
    let mut cases: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    let mut warmup = Duration::from_millis(250);
    let mut meas = Duration::from_millis(2000);
    let mut gate_n = 100usize;
    let mut raw = false;
    let mut i = 1;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--dataset" => dataset = v,
            "--mutated" => mutated = v,
            "--cases" => {
                cases = v
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect()
            }
            "--warmup-ms" => {
                warmup = Duration::from_micros((v.parse::<f64>().unwrap() * 1000.0) as u64)
            }
            "--measure-ms" => {
                meas = Duration::from_micros((v.parse::<f64>().unwrap() * 1000.0) as u64)
            }
            "--gate-n" => gate_n = v.parse().unwrap(),
            "--raw" => {
                raw = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unknown argument {}", other);
                std::process::exit(2);
            }
        }
        i += 2;
    }
    if dataset.is_empty() || mutated.is_empty() {
        eprintln!("usage: secp256k1-bench-native --dataset FILE --mutated FILE [--cases a,b] [--warmup-ms N] [--measure-ms N] [--gate-n N]");
        std::process::exit(2);
    }
    let items = read_dataset(&dataset);
    let bad = read_dataset(&mutated);

    // One context, created once and randomized once (libsecp256k1's bench
    // does the same), used for every call.
    let ctx = unsafe {
        let c =
            ffi::secp256k1_context_create(ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY);
        let seed = random_seed();
        assert_eq!(ffi::secp256k1_context_randomize(c, seed.as_ptr()), 1);
        Ctx(c)
    };

    let mut json = String::new();
    write!(
        json,
        "{{\"library\":\"libsecp256k1 {}\",\"crate\":\"{}\",\"context\":\"one context, SIGN|VERIFY, randomized once\",\"cases\":{{",
        LIBSECP_VERSION, SYS_VERSION
    )
    .unwrap();
    for (ci, case) in cases.iter().enumerate() {
        let case = case.as_str();
        if !CASES.contains(&case) {
            eprintln!("unknown case {}", case);
            std::process::exit(2);
        }
        eprintln!("native: {}", case);
        let good = gate_outputs(case, &items, &ctx, gate_n);
        let badout = gate_outputs(case, &bad, &ctx, gate_n);
        let p = Prepared::new(case, &items, &ctx);
        let mut out = [0u8; 65];
        let k = kind(case);
        let st = measure(
            |i| {
                let (ok, _) = p.run(k, i, &mut out);
                black_box(&out);
                ok
            },
            items.len(),
            warmup,
            meas,
        );
        if ci > 0 {
            json.push(',');
        }
        let list = |v: &[String]| {
            v.iter()
                .map(|s| format!("\"{}\"", s))
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            json,
            "\"{}\":{{\"stats\":{{\"samples\":{},\"median_ns\":{},\"p10_ns\":{},\"p90_ns\":{},\"mean_ns\":{:.1},\"min_ns\":{},\"ops_per_sec\":{:.1},\"errors\":{},\"wall_ns\":{}}},\"gate\":[{}],\"gate_mutated\":[{}],\"raw_ns\":[{}]}}",
            case,
            st.samples,
            st.median,
            st.p10,
            st.p90,
            st.mean,
            st.min,
            if st.median > 0.0 { 1e9 / st.median } else { 0.0 },
            st.errors,
            st.wall_ns,
            list(&good),
            list(&badout),
            if raw { st.raw.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",") } else { String::new() }
        )
        .unwrap();
    }
    json.push_str("}}");
    println!("{}", json);
}
