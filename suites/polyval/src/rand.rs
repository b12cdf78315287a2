//! The kernel crypto tests' pseudo-random data (`lib/crypto/tests/test-utils.h`): a 48-bit
//! LCG whose state carries over from case to case, as the kernel's file-global
//! `random_seed` does. Deterministic, so failures reproduce.

/// The generator state (the kernel's `random_seed`).
#[derive(Clone, Debug, Default)]
pub struct TestRng {
    pub seed: u64,
}

impl TestRng {
    pub fn rand32(&mut self) -> u32 {
        self.seed = self.seed.wrapping_mul(25214903917).wrapping_add(11) & ((1 << 48) - 1);
        (self.seed >> 16) as u32
    }

    pub fn rand_bytes(&mut self, out: &mut [u8]) {
        for b in out {
            *b = self.rand32() as u8;
        }
    }

    /// Reseeds with `out.len()` and fills `out`: the data of a test vector of that length.
    pub fn rand_bytes_seeded_from_len(&mut self, out: &mut [u8]) {
        self.seed = out.len() as u64;
        self.rand_bytes(out);
    }

    pub fn rand_bool(&mut self) -> bool {
        !self.rand32().is_multiple_of(2)
    }

    /// A length in 0..=max, biased towards short ones.
    pub fn rand_length(&mut self, max: usize) -> usize {
        let len = match self.rand32() % 3 {
            0 => self.rand32() % 128,
            1 => self.rand32() % 3072,
            _ => self.rand32(),
        } as usize;
        len % (max + 1)
    }

    /// An offset in 0..=min(127, max).
    pub fn rand_offset(&mut self, max: usize) -> usize {
        (self.rand32() % 128).min(max as u32) as usize
    }
}
