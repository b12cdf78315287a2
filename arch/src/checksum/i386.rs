//! A register- and flag-level model of the i386 checksum code for 486/Pentium ("non-PPro",
//! `arch/x86/lib/checksum_32.S` without `CONFIG_X86_USE_PPRO_CHECKSUM`), plus the inline-asm
//! `ip_fast_csum`, `csum_fold` and `csum_ipv6_magic` of `asm/checksum_32.h`.
//!
//! Each instruction is one call on `Cpu`, which updates CF/ZF/SF/OF the way the hardware
//! does, and each assembler label is one arm of a jump table, so the branches and the
//! 2-/4-byte alignment jumps are the original ones. `%esi` holds the low 32 bits of the real
//! buffer address, so alignment decisions follow where the caller's bytes really are.
//!
//! The seed bug ("x86: checksum: Fix unaligned checksums on < i686"): on an odd address the
//! first byte is added with `adcl %ebx,%eax`, and its carry-out was lost because `roll $8`
//! overwrites CF and the next `testl` clears it. The fix adds `adcl $0,%eax` in between.
//! With feature `seed-bugs` [`csum_partial`] runs without that instruction.

use super::types::{Sum16, Wsum};

/// Whether [`csum_partial`] has the fix (the `adcl $0, %eax` after the odd byte).
const CARRY_FIX: bool = !cfg!(feature = "seed-bugs");

/// The registers and arithmetic flags the code uses, plus the bytes it may read.
struct Cpu<'a> {
    mem: &'a [u8],
    /// Address of `mem[0]` (low 32 bits).
    base: u32,
    eax: u32,
    ebx: u32,
    ecx: u32,
    edx: u32,
    esi: u32,
    cf: bool,
    zf: bool,
    sf: bool,
    of: bool,
}

impl<'a> Cpu<'a> {
    fn new(mem: &'a [u8]) -> Self {
        Cpu {
            mem,
            base: mem.as_ptr() as usize as u32,
            eax: 0,
            ebx: 0,
            ecx: 0,
            edx: 0,
            esi: 0,
            cf: false,
            zf: false,
            sf: false,
            of: false,
        }
    }

    fn byte(&self, addr: u32) -> u8 {
        self.mem[addr.wrapping_sub(self.base) as usize]
    }

    fn read8(&self, addr: u32) -> u32 {
        self.byte(addr) as u32
    }

    fn read16(&self, addr: u32) -> u32 {
        u16::from_le_bytes([self.byte(addr), self.byte(addr.wrapping_add(1))]) as u32
    }

    fn read32(&self, addr: u32) -> u32 {
        u32::from_le_bytes([0, 1, 2, 3].map(|i| self.byte(addr.wrapping_add(i))))
    }

    fn set_zs(&mut self, r: u32) {
        self.zf = r == 0;
        self.sf = r >> 31 != 0;
    }

    fn add_with(&mut self, a: u32, b: u32, carry_in: bool) -> u32 {
        let wide = a as u64 + b as u64 + carry_in as u64;
        let r = wide as u32;
        self.cf = wide >> 32 != 0;
        self.of = ((a ^ r) & (b ^ r)) >> 31 != 0;
        self.set_zs(r);
        r
    }

    /// `addl b, a`.
    fn addl(&mut self, a: u32, b: u32) -> u32 {
        self.add_with(a, b, false)
    }

    /// `adcl b, a`.
    fn adcl(&mut self, a: u32, b: u32) -> u32 {
        self.add_with(a, b, self.cf)
    }

    /// `subl b, a` (also `cmpl` when the result is dropped).
    fn subl(&mut self, a: u32, b: u32) -> u32 {
        let r = a.wrapping_sub(b);
        self.cf = a < b;
        self.of = ((a ^ b) & (a ^ r)) >> 31 != 0;
        self.set_zs(r);
        r
    }

    /// `addw b, a` on the low 16 bits of `a`; the high half is kept.
    fn addw(&mut self, a: u32, b: u32) -> u32 {
        let (a16, b16) = (a & 0xffff, b & 0xffff);
        let wide = a16 + b16;
        let r16 = wide & 0xffff;
        self.cf = wide >> 16 != 0;
        self.of = ((a16 ^ r16) & (b16 ^ r16)) >> 15 & 1 != 0;
        self.zf = r16 == 0;
        self.sf = r16 >> 15 != 0;
        (a & 0xffff_0000) | r16
    }

    /// `decl a`: CF is not touched.
    fn decl(&mut self, a: u32) -> u32 {
        let r = a.wrapping_sub(1);
        self.of = a == 0x8000_0000;
        self.set_zs(r);
        r
    }

    /// `incl a`: CF is not touched.
    fn incl(&mut self, a: u32) -> u32 {
        let r = a.wrapping_add(1);
        self.of = a == 0x7fff_ffff;
        self.set_zs(r);
        r
    }

    /// `andl` / `testl` (drop the result for `test`): CF and OF cleared.
    fn andl(&mut self, a: u32, b: u32) -> u32 {
        let r = a & b;
        self.cf = false;
        self.of = false;
        self.set_zs(r);
        r
    }

    /// `shrl $n, a` (1 <= n < 32): CF is the last bit shifted out.
    fn shrl(&mut self, a: u32, n: u32) -> u32 {
        let r = a >> n;
        self.cf = (a >> (n - 1)) & 1 != 0;
        self.set_zs(r);
        r
    }

    /// `shll $n, a` (1 <= n < 32): CF is the last bit shifted out.
    fn shll(&mut self, a: u32, n: u32) -> u32 {
        let r = a << n;
        self.cf = (a >> (32 - n)) & 1 != 0;
        self.set_zs(r);
        r
    }

    /// `roll $n, a`: CF becomes bit 0 of the result; ZF and SF are kept.
    fn roll(&mut self, a: u32, n: u32) -> u32 {
        let r = a.rotate_left(n);
        self.cf = r & 1 != 0;
        r
    }
}

/// The labels of `csum_partial` in `checksum_32.S` (non-PPro), in source order.
#[derive(Clone, Copy)]
enum Label {
    Entry,
    /// `10:` the address is 2- but not 4-aligned.
    TwoAligned,
    /// `1:` add one 16-bit word.
    Word,
    /// `2:` the address is 4-aligned.
    FourAligned,
    /// `1:` the 32-byte block loop.
    Block,
    /// `2:` the leftover dwords.
    Dwords,
    /// `3:` the dword loop.
    DwordLoop,
    /// `4:` the 1-3 byte tail.
    Tail,
    /// `5:` the single byte.
    Byte,
    /// `6:` add the tail.
    AddTail,
    /// `7:` rotate back if the buffer started odd.
    Unrotate,
    /// `8:` return.
    Done,
}

/// `csum_partial(buff, len, sum)` as the non-PPro i386 assembly computes it.
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    Wsum::from_raw(csum_partial_model(buf, sum.raw(), CARRY_FIX))
}

/// The model itself; `carry_fix` selects the fixed or the original odd-address path.
pub(crate) fn csum_partial_model(buf: &[u8], sum: u32, carry_fix: bool) -> u32 {
    let mut c = Cpu::new(buf);
    let buff = c.base;
    c.eax = sum;
    c.ecx = buf.len() as u32;
    c.esi = buff;
    let mut at = Label::Entry;
    loop {
        at = match at {
            Label::Entry => 'b: {
                c.andl(c.esi, 3); //                testl $3, %esi
                if c.zf {
                    break 'b Label::FourAligned; // jz 2f
                }
                c.andl(c.esi, 1); //                testl $1, %esi
                if c.zf {
                    break 'b Label::TwoAligned; //  jz 10f
                }
                c.ecx = c.decl(c.ecx); //           dec %ecx
                if c.sf != c.of {
                    break 'b Label::Done; //        jl 8f
                }
                c.ebx = c.read8(c.esi); //          movzbl (%esi), %ebx
                c.eax = c.adcl(c.eax, c.ebx); //    adcl %ebx, %eax
                if carry_fix {
                    c.eax = c.adcl(c.eax, 0); //    adcl $0, %eax   (the fix)
                }
                c.eax = c.roll(c.eax, 8); //        roll $8, %eax
                c.esi = c.incl(c.esi); //           inc %esi
                c.andl(c.esi, 2); //                testl $2, %esi
                if c.zf {
                    break 'b Label::FourAligned; // jz 2f
                }
                Label::TwoAligned
            }
            Label::TwoAligned => {
                c.ecx = c.subl(c.ecx, 2); //        subl $2, %ecx
                if !c.cf {
                    Label::Word //                  jae 1f
                } else {
                    c.ecx = c.addl(c.ecx, 2); //    addl $2, %ecx
                    Label::Tail //                  jmp 4f
                }
            }
            Label::Word => {
                c.ebx = (c.ebx & 0xffff_0000) | c.read16(c.esi); // movw (%esi), %bx
                c.esi = c.addl(c.esi, 2); //        addl $2, %esi
                c.eax = c.addw(c.eax, c.ebx); //    addw %bx, %ax
                c.eax = c.adcl(c.eax, 0); //        adcl $0, %eax
                Label::FourAligned
            }
            Label::FourAligned => {
                c.edx = c.ecx; //                   movl %ecx, %edx
                c.ecx = c.shrl(c.ecx, 5); //        shrl $5, %ecx
                if c.zf {
                    Label::Dwords //                jz 2f
                } else {
                    c.andl(c.esi, c.esi); //        testl %esi, %esi
                    Label::Block
                }
            }
            Label::Block => {
                for off in (0..32).step_by(4) {
                    c.ebx = c.read32(c.esi.wrapping_add(off)); // movl off(%esi), %ebx
                    c.eax = c.adcl(c.eax, c.ebx); //             adcl %ebx, %eax
                }
                c.esi = c.esi.wrapping_add(32); //  lea 32(%esi), %esi
                c.ecx = c.decl(c.ecx); //           dec %ecx
                if !c.zf {
                    Label::Block //                 jne 1b
                } else {
                    c.eax = c.adcl(c.eax, 0); //    adcl $0, %eax
                    Label::Dwords
                }
            }
            Label::Dwords => {
                c.ecx = c.edx; //                   movl %edx, %ecx
                c.edx = c.andl(c.edx, 0x1c); //     andl $0x1c, %edx
                if c.zf {
                    Label::Tail //                  je 4f
                } else {
                    c.edx = c.shrl(c.edx, 2); //    shrl $2, %edx   (clears CF)
                    Label::DwordLoop
                }
            }
            Label::DwordLoop => {
                let w = c.read32(c.esi);
                c.eax = c.adcl(c.eax, w); //        adcl (%esi), %eax
                c.esi = c.esi.wrapping_add(4); //   lea 4(%esi), %esi
                c.edx = c.decl(c.edx); //           dec %edx
                if !c.zf {
                    Label::DwordLoop //             jne 3b
                } else {
                    c.eax = c.adcl(c.eax, 0); //    adcl $0, %eax
                    Label::Tail
                }
            }
            Label::Tail => 'b: {
                c.ecx = c.andl(c.ecx, 3); //        andl $3, %ecx
                if c.zf {
                    break 'b Label::Unrotate; //    jz 7f
                }
                c.subl(c.ecx, 2); //                cmpl $2, %ecx
                if c.cf {
                    break 'b Label::Byte; //        jb 5f
                }
                c.ecx = (c.ecx & 0xffff_0000) | c.read16(c.esi); // movw (%esi), %cx
                c.esi = c.esi.wrapping_add(2); //   leal 2(%esi), %esi
                if c.zf {
                    break 'b Label::AddTail; //     je 6f
                }
                c.ecx = c.shll(c.ecx, 16); //       shll $16, %ecx
                Label::Byte
            }
            Label::Byte => {
                c.ecx = (c.ecx & !0xff) | c.read8(c.esi); // movb (%esi), %cl
                Label::AddTail
            }
            Label::AddTail => {
                c.eax = c.addl(c.eax, c.ecx); //    addl %ecx, %eax
                c.eax = c.adcl(c.eax, 0); //        adcl $0, %eax
                Label::Unrotate
            }
            Label::Unrotate => {
                c.andl(buff & 0xff, 1); //          testb $1, 12(%esp)
                if !c.zf {
                    c.eax = c.roll(c.eax, 8); //    roll $8, %eax
                }
                Label::Done
            }
            Label::Done => return c.eax,
        };
    }
}

/// `csum_fold`: `addl sum<<16, sum&0xffff0000; adcl $0xffff; ~sum >> 16`.
pub fn csum_fold(sum: Wsum) -> Sum16 {
    let mut c = Cpu::new(&[]);
    let s = c.addl(sum.raw() & 0xffff_0000, sum.raw() << 16);
    let s = c.adcl(s, 0xffff);
    Sum16::from_raw((!s >> 16) as u16)
}

/// `ip_fast_csum(iph, ihl)`: the `adcl` loop of `asm/checksum_32.h`. Like the asm it needs
/// `ihl >= 5`; for shorter lengths it returns the first word unfolded, as the asm does.
///
/// # Panics
/// If `iph` is shorter than `max(ihl, 1) * 4` bytes.
pub fn ip_fast_csum(iph: &[u8], ihl: u32) -> Sum16 {
    let mut c = Cpu::new(&iph[..ihl.max(1) as usize * 4]);
    c.esi = c.base;
    c.ecx = ihl;
    c.eax = c.read32(c.esi); //                     movl (%esi), %eax
    c.ecx = c.subl(c.ecx, 4); //                    subl $4, %ecx
    if c.cf || c.zf {
        return Sum16::from_raw(c.eax as u16); //    jbe 2f
    }
    for off in [4, 8, 12] {
        let w = c.read32(c.esi.wrapping_add(off));
        c.eax = if off == 4 {
            c.addl(c.eax, w)
        } else {
            c.adcl(c.eax, w)
        };
    }
    loop {
        let w = c.read32(c.esi.wrapping_add(16));
        c.eax = c.adcl(c.eax, w); //                1: adcl 16(%esi), %eax
        c.esi = c.esi.wrapping_add(4); //           lea 4(%esi), %esi
        c.ecx = c.decl(c.ecx); //                   decl %ecx
        if c.zf {
            break; //                               jne 1b
        }
    }
    c.eax = c.adcl(c.eax, 0); //                    adcl $0, %eax
    c.ecx = c.eax; //                               movl %eax, %ecx
    c.eax = c.shrl(c.eax, 16); //                   shrl $16, %eax
    c.eax = c.addw(c.eax, c.ecx); //                addw %cx, %ax
    c.eax = c.adcl(c.eax, 0); //                    adcl $0, %eax
    Sum16::from_raw(!c.eax as u16) //               notl %eax
}

/// `csum_ipv6_magic`: one `adcl` chain over both addresses, `htonl(len)` and `htonl(proto)`.
pub fn csum_ipv6_magic(
    saddr: &[u8; 16],
    daddr: &[u8; 16],
    len: u32,
    proto: u8,
    sum: Wsum,
) -> Sum16 {
    let mut c = Cpu::new(&[]);
    let words = saddr.chunks_exact(4).chain(daddr.chunks_exact(4));
    let mut s = sum.raw();
    for (i, w) in words.enumerate() {
        let w = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        s = if i == 0 { c.addl(s, w) } else { c.adcl(s, w) };
    }
    s = c.adcl(s, len.to_be());
    s = c.adcl(s, (proto as u32).to_be());
    s = c.adcl(s, 0);
    csum_fold(Wsum::from_raw(s))
}
