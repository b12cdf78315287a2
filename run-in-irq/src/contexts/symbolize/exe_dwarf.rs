//! The running executable's DWARF and load bias, for [`addr2line`].
//!
//! The stack scan only keeps addresses inside the main executable's code, so its own file
//! (`/proc/self/exe`) holds all the debug info needed: its section headers are read here
//! directly (64-bit little-endian ELF, the x86_64 the scan supports) rather than through
//! the `object` crate, and the load bias comes from `dl_iterate_phdr`. Compressed debug
//! sections (`SHF_COMPRESSED`, not what rustc or the default linkers write) read as
//! absent: addresses then resolve to no source line.

use std::ffi::{c_int, c_void};

/// `gimli`'s view of the executable's bytes (read once, kept for the process).
pub(super) type Reader = gimli::EndianSlice<'static, gimli::LittleEndian>;

/// The executable's debug info and where it was loaded.
pub(super) struct ExeDwarf {
    /// The sections addr2line reads, by name.
    pub dwarf: gimli::Dwarf<Reader>,
    /// Runtime address minus the address the executable was linked at.
    pub bias: usize,
}

/// Reads `/proc/self/exe`; None if it is not a 64-bit little-endian ELF file.
pub(super) fn load() -> Option<ExeDwarf> {
    let bytes: &'static [u8] = Box::leak(std::fs::read("/proc/self/exe").ok()?.into_boxed_slice());
    let sections = Sections::parse(bytes)?;
    let dwarf = gimli::Dwarf::load(|id| {
        let data = sections.find(id.name()).unwrap_or(&[]);
        Ok::<_, ()>(gimli::EndianSlice::new(data, gimli::LittleEndian))
    })
    .ok()?;
    Some(ExeDwarf {
        dwarf,
        bias: main_program_bias()?,
    })
}

const SHT_NOBITS: u32 = 8;
const SHF_COMPRESSED: u64 = 0x800;
/// `e_shstrndx` when the real index sits in section 0's `sh_link`.
const SHN_XINDEX: u16 = 0xffff;

/// An ELF file's section header table.
struct Sections<'a> {
    file: &'a [u8],
    /// Offset of the table, and number of entries of `entry_size` bytes.
    table: usize,
    count: usize,
    entry_size: usize,
    /// The section holding the section names.
    names: &'a [u8],
}

impl<'a> Sections<'a> {
    fn parse(file: &'a [u8]) -> Option<Self> {
        // ELFMAG, ELFCLASS64, ELFDATA2LSB.
        if file.get(..6)? != b"\x7fELF\x02\x01" {
            return None;
        }
        let mut s = Sections {
            file,
            table: usize::try_from(read_u64(file, 0x28)?).ok()?,
            count: usize::from(read_u16(file, 0x3c)?),
            entry_size: usize::from(read_u16(file, 0x3a)?),
            names: &[],
        };
        if s.entry_size < 64 {
            return None;
        }
        // More than 0xff00 sections: the count and the names' index move to entry 0.
        if s.count == 0 {
            s.count = usize::try_from(s.field_u64(0, 32)?).ok()?;
        }
        let names_index = match read_u16(file, 0x3e)? {
            SHN_XINDEX => usize::try_from(s.field_u32(0, 40)?).ok()?,
            index => usize::from(index),
        };
        s.names = s.data(names_index)?;
        Some(s)
    }

    /// Where entry `index` starts.
    fn entry(&self, index: usize) -> Option<usize> {
        self.table.checked_add(index.checked_mul(self.entry_size)?)
    }

    /// Field of entry `index` at byte `at`, as u32 / u64.
    fn field_u32(&self, index: usize, at: usize) -> Option<u32> {
        read_u32(self.file, self.entry(index)?.checked_add(at)?)
    }
    fn field_u64(&self, index: usize, at: usize) -> Option<u64> {
        read_u64(self.file, self.entry(index)?.checked_add(at)?)
    }

    /// The bytes of section `index`; None for a section without file contents or with
    /// compressed ones.
    fn data(&self, index: usize) -> Option<&'a [u8]> {
        if index >= self.count
            || self.field_u32(index, 4)? == SHT_NOBITS
            || self.field_u64(index, 8)? & SHF_COMPRESSED != 0
        {
            return None;
        }
        let offset = usize::try_from(self.field_u64(index, 24)?).ok()?;
        let size = usize::try_from(self.field_u64(index, 32)?).ok()?;
        self.file.get(offset..offset.checked_add(size)?)
    }

    /// The contents of the first section called `name`.
    fn find(&self, name: &str) -> Option<&'a [u8]> {
        (0..self.count).find_map(|index| {
            let at = usize::try_from(self.field_u32(index, 0)?).ok()?;
            let tail = self.names.get(at..)?;
            let this = &tail[..tail.iter().position(|&b| b == 0)?];
            if this == name.as_bytes() {
                self.data(index)
            } else {
                None
            }
        })
    }
}

fn read_u16(file: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        file.get(at..at.checked_add(2)?)?.try_into().ok()?,
    ))
}
fn read_u32(file: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        file.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}
fn read_u64(file: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        file.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// The main program's load bias: `dl_iterate_phdr` visits it first.
fn main_program_bias() -> Option<usize> {
    unsafe extern "C" fn first(info: *mut libc::dl_phdr_info, _: usize, out: *mut c_void) -> c_int {
        // SAFETY: `info` is valid for the call (dl_iterate_phdr's contract); `out` is the
        // `Option<usize>` that `main_program_bias` passed in and still owns.
        unsafe { *out.cast::<Option<usize>>() = Some((*info).dlpi_addr as usize) };
        1 // stop after the first object
    }
    let mut bias: Option<usize> = None;
    // SAFETY: `first` only writes through the pointer to `bias`, which outlives the call.
    unsafe { libc::dl_iterate_phdr(Some(first), (&raw mut bias).cast()) };
    bias
}
