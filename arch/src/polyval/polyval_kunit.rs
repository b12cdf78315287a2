//! `polyval`'s tests (suite `arch_polyval`): against the shared vectors (`vectors/polyval`)
//! and across implementations. The vector readers above the suite are shared with
//! `lanes_kunit.rs`.

pub(super) fn vectors(name: &str) -> String {
    let path = format!("{}/../vectors/polyval/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every `"field": "hex"` value in `json`, in file order (the files are flat enough).
pub(super) fn hex_fields(json: &str, field: &str) -> Vec<Vec<u8>> {
    let pat = format!("\"{field}\": \"");
    json.match_indices(&pat)
        .map(|(i, _)| {
            let s = &json[i + pat.len()..];
            unhex(&s[..s.find('"').expect("closing quote")])
        })
        .collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// One field's values across a vector file.
type Column = Vec<Vec<u8>>;

/// The kernel's testmgr vectors: (keys, messages, digests).
pub(super) fn testmgr_vectors() -> (Column, Column, Column) {
    let j = vectors("kernel_testmgr_polyval_tv_template.json");
    (
        hex_fields(&j, "key"),
        hex_fields(&j, "message"),
        hex_fields(&j, "digest"),
    )
}

/// Every `"data_len": N` of a vector file, in order.
pub(super) fn data_lens(json: &str) -> Vec<usize> {
    json.match_indices("\"data_len\": ")
        .map(|(i, p)| {
            let s = &json[i + p.len()..];
            s[..s.find(|c: char| !c.is_ascii_digit()).expect("digits end")]
                .parse()
                .expect("length")
        })
        .collect()
}

fn arr16(v: &[u8]) -> [u8; 16] {
    v.try_into().expect("16 bytes")
}

/// The kernel test LCG (`test-utils.h`): rand_bytes_seeded_from_len.
pub(super) fn rand_bytes_seeded_from_len(len: usize) -> Vec<u8> {
    let mut seed = len as u64;
    (0..len)
        .map(|_| {
            seed = (seed.wrapping_mul(25214903917).wrapping_add(11)) & ((1 << 48) - 1);
            (seed >> 16) as u8
        })
        .collect()
}

#[kunit::kunit_tests(arch_polyval)]
mod tests {
    use super::*;
    use crate::polyval::*;

    fn digest(key: &PolyvalKey, data: &[u8]) -> [u8; 16] {
        let mut out = [0u8; 16];
        polyval(key, data, &mut out);
        out
    }

    fn keys(raw: &[u8; 16]) -> Vec<PolyvalKey> {
        Implementation::supported()
            .map(|i| PolyvalKey::with_implementation(raw, i).expect("supported"))
            .collect()
    }

    /// Bit-serial dot(a, b) straight from the definition: a * b mod P, then * x^-128
    /// (128 halvings, each adding P when the constant term is set).
    fn dot_bitserial(a: u128, b: u128) -> u128 {
        const P_LOW: u128 = (1 << 127) | (1 << 126) | (1 << 121) | 1;
        let mut r: u128 = 0;
        for i in (0..128).rev() {
            let carry = r >> 127;
            r <<= 1;
            if carry == 1 {
                r ^= P_LOW;
            }
            if (b >> i) & 1 == 1 {
                r ^= a;
            }
        }
        for _ in 0..128 {
            // r * x^-1: if r(0) = 1 add P (then divisible by x) and shift.
            let odd = r & 1;
            r >>= 1;
            if odd == 1 {
                r ^= P_LOW >> 1 | 1 << 127;
            }
        }
        r
    }

    fn as_u128(e: PolyvalElem) -> u128 {
        u128::from(e.lo) | u128::from(e.hi) << 64
    }

    fn from_u128(v: u128) -> PolyvalElem {
        PolyvalElem {
            lo: v as u64,
            hi: (v >> 64) as u64,
        }
    }

    #[test]
    fn rfc8452_field_example_dot() {
        let j = vectors("rfc8452.json");
        let a = PolyvalElem::from_bytes(&arr16(&hex_fields(&j, "a")[0]));
        let b = PolyvalElem::from_bytes(&arr16(&hex_fields(&j, "b")[0]));
        let want = arr16(&hex_fields(&j, "dot_a_b")[0]);
        assert_eq!(generic::dot(a, b).to_bytes(), want);
        assert_eq!(
            from_u128(dot_bitserial(as_u128(a), as_u128(b))).to_bytes(),
            want
        );
        #[cfg(target_arch = "x86_64")]
        if Implementation::Pclmul.is_supported() {
            // SAFETY: pclmulqdq and avx were detected just above.
            assert_eq!(unsafe { x86_pclmul::dot_elem(a, b) }.to_bytes(), want);
        }
    }

    #[test]
    fn generic_dot_matches_bitserial_model() {
        let mut s = 0x0123_4567_89ab_cdef_u128 * 0x1_0000_0001;
        for _ in 0..300 {
            s = s
                .wrapping_mul(0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15)
                .wrapping_add(1);
            let (a, b) = (s, s.rotate_left(61) ^ (u128::MAX / 3));
            assert_eq!(
                as_u128(generic::dot(from_u128(a), from_u128(b))),
                dot_bitserial(a, b)
            );
        }
        let ones = u128::MAX;
        assert_eq!(
            as_u128(generic::dot(from_u128(ones), from_u128(ones))),
            dot_bitserial(ones, ones)
        );
    }

    #[test]
    fn rfc8452_appendix_a_every_implementation() {
        let j = vectors("rfc8452.json");
        let h = arr16(&hex_fields(&j, "H")[0]);
        let msg = [
            hex_fields(&j, "X_1")[0].clone(),
            hex_fields(&j, "X_2")[0].clone(),
        ]
        .concat();
        let want = arr16(&hex_fields(&j, "POLYVAL_H_X1_X2")[0]);
        for key in keys(&h) {
            assert_eq!(digest(&key, &msg), want, "{:?}", key.implementation());
        }
    }

    #[test]
    fn testmgr_vectors_every_implementation() {
        let (ks, ms, ds) = testmgr_vectors();
        assert_eq!(ks.len(), 9);
        assert_eq!((ms.len(), ds.len()), (9, 9));
        for ((k, m), d) in ks.iter().zip(&ms).zip(&ds) {
            for key in keys(&arr16(k)) {
                assert_eq!(
                    digest(&key, m).to_vec(),
                    *d,
                    "{:?} len {}",
                    key.implementation(),
                    m.len()
                );
            }
        }
    }

    #[test]
    fn kernel_kunit_vectors_every_implementation() {
        let j = vectors("kernel_kunit_polyval_testvecs.json");
        let raw = arr16(&hex_fields(&j, "raw_key")[0]);
        assert_eq!(raw.to_vec(), rand_bytes_seeded_from_len(16));
        let lens = data_lens(&j);
        let digests = hex_fields(&j, "digest");
        assert_eq!(lens.len(), 24);
        for key in keys(&raw) {
            for (len, want) in lens.iter().zip(&digests) {
                let got = digest(&key, &rand_bytes_seeded_from_len(*len));
                assert_eq!(got.to_vec(), *want, "{:?} len {len}", key.implementation());
            }
        }
    }

    #[test]
    fn hash_of_hashes_vectors_every_implementation() {
        let j = vectors("kernel_kunit_polyval_testvecs.json");
        let raw = arr16(&hex_fields(&j, "raw_key")[0]);
        let consolidated = hex_fields(&j, "value")[0].clone();
        let allones = hex_fields(&j, "value")[1].clone();
        let data = rand_bytes_seeded_from_len(4096);
        for key in keys(&raw) {
            let mut ctx = PolyvalCtx::new(&key);
            for len in 0..=4096 {
                polyval_update(&mut ctx, &digest(&key, &data[..len]));
            }
            let mut out = [0u8; 16];
            polyval_final(&mut ctx, &mut out);
            assert_eq!(out.to_vec(), consolidated, "{:?}", key.implementation());
        }
        let ones = [0xffu8; 4096];
        for key in keys(&[0xff; 16]) {
            let mut ctx = PolyvalCtx::new(&key);
            for len in (0..=4096).step_by(16) {
                polyval_update(&mut ctx, &digest(&key, &ones[..len]));
            }
            let mut out = [0u8; 16];
            polyval_final(&mut ctx, &mut out);
            assert_eq!(out.to_vec(), allones, "{:?}", key.implementation());
        }
    }

    #[test]
    fn key_powers_match_derived_vector_and_fallback() {
        let j = vectors("kernel_kunit_polyval_testvecs.json");
        let raw = arr16(&hex_fields(&j, "raw_key")[0]);
        let derived: Vec<Vec<u8>> = {
            let s = &j[j.find("\"h_powers\"").expect("h_powers")..];
            let s = &s[..s.find(']').expect("end")];
            s.split('"').skip(3).step_by(2).map(unhex).collect()
        };
        assert_eq!(derived.len(), 8);
        let simd = PolyvalKey::new(&raw);
        // Inside an FPU section SIMD is not usable: the generic code prepares the key.
        let fallback = {
            let _fpu = run_in_irq::kernel_fpu_begin();
            assert!(!run_in_irq::may_use_simd());
            PolyvalKey::new(&raw)
        };
        assert_eq!(simd.as_bytes(), fallback.as_bytes());
        if simd.implementation() != Implementation::Generic {
            for (p, want) in simd.h_powers()[NUM_POWERS - 8..].iter().zip(&derived) {
                assert_eq!(p.to_bytes().to_vec(), *want);
            }
            // H^16 .. H^9 continue the chain: H^(k+1) = dot(H^k, H).
            for i in 0..NUM_POWERS - 1 {
                let next = generic::dot(simd.h_powers()[i + 1], simd.h_powers()[NUM_POWERS - 1]);
                assert_eq!(simd.h_powers()[i], next, "power {}", NUM_POWERS - i);
            }
        }
        let g = PolyvalKey::with_implementation(&raw, Implementation::Generic).expect("generic");
        assert_eq!(g.h_powers()[NUM_POWERS - 1].to_bytes(), raw);
        assert!(g.h_powers()[..NUM_POWERS - 1]
            .iter()
            .all(|p| *p == PolyvalElem::ZERO));
    }

    #[test]
    fn implementations_agree_on_random_lengths_and_splits() {
        let raw: [u8; 16] = core::array::from_fn(|i| (i as u8).wrapping_mul(0x3b) ^ 0xa5);
        let keys = keys(&raw);
        let data = rand_bytes_seeded_from_len(20000);
        let lens = (0..300).chain([511, 512, 4095, 4096, 4097, 8192 + 48, 20000]);
        for len in lens {
            let want = digest(&keys[0], &data[..len]);
            for key in &keys[1..] {
                assert_eq!(
                    digest(key, &data[..len]),
                    want,
                    "{:?} len {len}",
                    key.implementation()
                );
            }
            // Same digest from SIMD keys while SIMD is not usable (generic fallback).
            let _fpu = run_in_irq::kernel_fpu_begin();
            for key in &keys[1..] {
                assert_eq!(
                    digest(key, &data[..len]),
                    want,
                    "fallback {:?} len {len}",
                    key.implementation()
                );
            }
        }
        for key in &keys {
            let want = digest(key, &data[..5000]);
            for split in [1, 7, 15, 16, 17, 255, 256, 257, 4095, 4097] {
                let mut ctx = PolyvalCtx::new(key);
                for part in data[..5000].chunks(split) {
                    polyval_update(&mut ctx, part);
                }
                let mut out = [0u8; 16];
                polyval_final(&mut ctx, &mut out);
                assert_eq!(out, want, "{:?} split {split}", key.implementation());
            }
        }
    }

    #[test]
    fn final_zeroes_context_and_raw_api_allows_overlap() {
        let key = PolyvalKey::new(&[7; 16]);
        let mut ctx = PolyvalCtx::new(&key);
        polyval_update(&mut ctx, &[1; 37]);
        assert!(ctx.as_bytes().iter().any(|&b| b != 0));
        let mut out = [0u8; 16];
        polyval_final(&mut ctx, &mut out);
        assert!(ctx.as_bytes().iter().all(|&b| b == 0));
        assert_eq!(ctx.as_bytes().len(), 32);

        let mut buf = rand_bytes_seeded_from_len(100);
        let want = digest(&key, &buf[10..90]);
        // SAFETY: both ranges lie inside `buf`, which nothing else accesses.
        unsafe { polyval_raw(&key, buf.as_ptr().add(10), 80, buf.as_mut_ptr().add(80)) };
        assert_eq!(buf[80..96], want);
    }

    #[test]
    fn unsupported_implementation_is_an_error() {
        for imp in Implementation::ALL {
            let r = PolyvalKey::with_implementation(&[1; 16], imp);
            assert_eq!(r.is_ok(), imp.is_supported());
        }
        assert!(Implementation::best().is_supported());
    }

    #[test]
    fn detection_agrees_with_proc_cpuinfo_and_names_what_is_missing(test: &mut kunit::Kunit) {
        let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") else {
            return kunit::kunit_skip!(test, "no /proc/cpuinfo");
        };
        let flags: Vec<&str> = cpuinfo
            .lines()
            .find_map(|l| l.strip_prefix("flags"))
            .and_then(|l| l.split_once(':'))
            .map(|(_, f)| f.split_whitespace().collect())
            .expect("a flags line");
        assert_eq!(
            Implementation::Vpclmul512.required_cpu_features(),
            ["pclmulqdq", "avx", "avx2", "avx512f", "vpclmulqdq"]
        );
        for imp in Implementation::ALL {
            let missing = imp.missing_cpu_features();
            let want: Vec<&str> = imp
                .required_cpu_features()
                .iter()
                .copied()
                .filter(|f| !flags.contains(f))
                .collect();
            assert_eq!(missing, want, "{imp:?}");
            assert_eq!(missing.is_empty(), imp.is_supported(), "{imp:?}");
        }
        assert!(Implementation::Generic.missing_cpu_features().is_empty());
    }
}
