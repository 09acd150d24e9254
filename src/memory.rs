//! Memory: a count of the bytes really allocated, the process's memory limit, and a last-resort
//! cap (issue 14, point 5).
//!
//! A game written out can be exponentially larger than the DAG the kernel holds (Σ_{k=1..30}
//! {k|−k} has 2^30 leaves), so an estimate of a few tables is not enough to keep a run from
//! being killed by the operating system. The `onag` binary installs [`CountingAlloc`] as its
//! global allocator: every allocation and free goes through one atomic counter, and
//!
//! - the places that can stop cleanly ask [`check`] against their limit and return an error
//!   value: the kernel's [`crate::kernel::Budget`] on each unit of work, the engine's limit
//!   checks (within rounds and while the input is added), the proof composer between parts, the
//!   checker between steps and the parser between options. Their limits (`Budget::max_memory`,
//!   `engine::Limits::max_memory`) default to the process-wide [`limit`], which the binary sets
//!   from `--max-memory`;
//! - a path with no check (printing a huge tree, say) is stopped by the allocator itself: an
//!   allocation that would take the count past the [`set_hard_cap`] cap, set above the limit,
//!   writes a message to standard error without allocating and ends the process with status 3.
//!
//! A program that does not install the allocator (a library user, most tests) gets
//! [`in_use`] = `None`; the engine then falls back to its estimate of its own tables and the
//! kernel to its count of games.
//!
//! The count is of live heap bytes as requested from the allocator (the sum of the layouts'
//! sizes), for the whole process and every thread; the resident size is a little more (the
//! allocator's own slack, the stacks, the binary).

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering::Relaxed};

/// The default memory limit: 4 GiB, well under a workstation's memory.
pub const DEFAULT_LIMIT: usize = 4 << 30;

/// Whether a [`CountingAlloc`] has served an allocation (so the counter means something).
static INSTALLED: AtomicBool = AtomicBool::new(false);
/// Live bytes allocated through [`CountingAlloc`], as settled by the threads (see [`BATCH`]);
/// signed, because one thread may settle a free before another settles the allocation.
static IN_USE: AtomicIsize = AtomicIsize::new(0);
/// The most [`IN_USE`] has been.
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The process-wide limit that the library's limits default to.
static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_LIMIT);
/// The count past which [`CountingAlloc`] ends the process; `usize::MAX` for none.
static HARD_CAP: AtomicUsize = AtomicUsize::new(usize::MAX);

/// A global allocator that counts the bytes it hands out (around mimalloc) and
/// ends the process with status 3 rather than go past the `set_hard_cap` cap.
///
/// Its associated functions are the memory limit's controls: the count ([`CountingAlloc::in_use`],
/// [`CountingAlloc::peak`]), the process-wide limit every computation checks
/// ([`CountingAlloc::set_limit`]) and the check itself ([`CountingAlloc::check`]).
///
/// ```
/// use onag::CountingAlloc;
///
/// #[global_allocator]
/// static ALLOC: CountingAlloc = CountingAlloc;
///
/// fn main() {
///     let before = CountingAlloc::in_use().unwrap_or(0);
///     let v = vec![7u8; 1 << 20];
///     // The megabyte is counted (to within a thread's unsettled batch).
///     let now = CountingAlloc::in_use().expect("installed");
///     assert!(now + CountingAlloc::BATCH >= before + (1 << 20));
///     assert!(CountingAlloc::check(now + (64 << 20)).is_ok());
///     let e = CountingAlloc::check(now / 2).unwrap_err();
///     assert_eq!(e.limit, now / 2);
///     assert!(CountingAlloc::peak().unwrap() >= now);
///     drop(v);
/// }
/// ```
#[derive(Debug)]
pub struct CountingAlloc;

/// The memory limit's controls, public through [`CountingAlloc`] (the free functions of this
/// module are the crate's own names for them).
impl CountingAlloc {
    /// The default memory limit: 4 GiB.
    pub const DEFAULT_LIMIT: usize = DEFAULT_LIMIT;
    /// How far each thread's count may lag the truth (see `BATCH`).
    pub const BATCH: usize = BATCH;
    /// How every error message about the memory limit begins.
    pub const LIMIT_REACHED: &'static str = LIMIT_REACHED;

    /// The bytes allocated and not yet freed; `None` when this allocator is not installed.
    pub fn in_use() -> Option<usize> {
        in_use()
    }

    /// The most bytes in use at once so far; `None` when this allocator is not installed.
    pub fn peak() -> Option<usize> {
        peak()
    }

    /// The process-wide memory limit in bytes, which [`crate::Limits`] and [`crate::Budget`]
    /// default to and the checker and the parser check against.
    pub fn limit() -> usize {
        limit()
    }

    /// Sets the process-wide memory limit; limits already built keep the value they were given.
    pub fn set_limit(bytes: usize) {
        set_limit(bytes)
    }

    /// The count past which this allocator ends the process; `usize::MAX` for none.
    pub fn hard_cap() -> usize {
        hard_cap()
    }

    /// Sets the count past which this allocator ends the process with status 3 (a last resort
    /// above the limit, for a path with no check of its own).
    pub fn set_hard_cap(bytes: usize) {
        set_hard_cap(bytes)
    }

    /// `Err` when this allocator is installed and more than `limit` bytes are in use.
    pub fn check(limit: usize) -> Result<(), MemoryLimit> {
        check(limit)
    }

    /// Whether an error's message says the memory limit stopped it.
    pub fn is_limit_message(message: &str) -> bool {
        is_limit_message(message)
    }

    /// Asks the kernel to back this process with ordinary pages from now on, even where a
    /// block was advised to transparent huge pages (`prctl(PR_SET_THP_DISABLE)`; Linux only,
    /// advice only: an error changes nothing).
    ///
    /// Proofs allocate and free millions of small terms. On huge pages each fault zeroes 2 MiB
    /// and may wait for the kernel to compact memory: the same `simplify` of S(16) took
    /// 0.05–0.6 s of system time from run to run, and 15% more resident memory. The kernel's
    /// large memo tables (Domineering) are the opposite case, so the CLI asks this only for
    /// the proof commands.
    pub fn prefer_small_pages() {
        #[cfg(target_os = "linux")]
        // SAFETY: PR_SET_THP_DISABLE takes one integer flag and changes only how the kernel
        // backs this process's future page faults, never memory contents or mappings.
        unsafe {
            libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
        }
    }
}

thread_local! {
    /// Bytes this thread allocated (positive) or freed (negative) and has not yet added to
    /// [`IN_USE`]: a shared atomic updated on every allocation cost the `onag` binary a third
    /// of its time on allocation-heavy work (printing a big tree), so each thread settles up
    /// once its balance passes [`BATCH`]. Constant-initialised and without a destructor, so
    /// reading it never allocates.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

/// How far a thread's unsettled balance may go either way: the count lags the truth by at
/// most this much per thread.
pub const BATCH: usize = 64 << 10;

impl CountingAlloc {
    /// Adds `delta` bytes to the count, first making sure growth stays under the hard cap.
    #[inline]
    fn count(delta: isize) {
        // From the first allocation on, `in_use` answers (a read of a flag written once).
        if !INSTALLED.load(Relaxed) {
            INSTALLED.store(true, Relaxed);
        }
        let settled = PENDING.try_with(|p| {
            let v = p.get() + delta;
            if v.unsigned_abs() < BATCH {
                p.set(v);
                None
            } else {
                p.set(0);
                Some(v)
            }
        });
        // A thread being torn down settles each change at once.
        if let Some(v) = settled.unwrap_or(Some(delta)) {
            Self::settle(v);
        }
    }

    #[cold]
    fn settle(v: isize) {
        let now = IN_USE.fetch_add(v, Relaxed).saturating_add(v);
        if v > 0 {
            if now > HARD_CAP.load(Relaxed).min(isize::MAX as usize) as isize {
                over_hard_cap();
            }
            PEAK.fetch_max(now.max(0) as usize, Relaxed);
        }
    }

    #[inline]
    fn grow(size: usize) {
        Self::count(size.min(isize::MAX as usize) as isize);
    }

    #[inline]
    fn shrink(size: usize) {
        Self::count(-(size.min(isize::MAX as usize) as isize));
    }
}

/// mimalloc, asked for plain blocks whenever the alignment needed is one every block has.
///
/// The `mimalloc` crate passes every request to `mi_malloc_aligned`. In mimalloc 3 that takes
/// its fast path only while the current page has a free block; otherwise a size that is not a
/// power of two (a `Term` is 104 bytes) goes to over-allocation: about 130 instructions more
/// per block, 15% of all the instructions of a large proof, and the slack as memory. Every
/// mimalloc block is a multiple of 8 bytes from an 8-aligned start, so an alignment up to 8
/// needs nothing more than `mi_malloc`; larger ones still go through the aligned calls.
struct Inner;

/// The alignment every mimalloc block has.
const PLAIN_ALIGN: usize = 8;

impl Inner {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            libmimalloc_sys::mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            libmimalloc_sys::mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        libmimalloc_sys::mi_free(ptr.cast());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}

// SAFETY: every call is passed on to mimalloc unchanged; the counter is only bookkeeping, and
// nothing here allocates (the message on the hard cap is written from a static buffer).
unsafe impl GlobalAlloc for CountingAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::grow(layout.size());
        let p = Inner.alloc(layout);
        if p.is_null() {
            Self::shrink(layout.size());
        } else {
            advise_huge_pages(p, layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::grow(layout.size());
        let p = Inner.alloc_zeroed(layout);
        if p.is_null() {
            Self::shrink(layout.size());
        } else {
            advise_huge_pages(p, layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        Inner.dealloc(ptr, layout);
        Self::shrink(layout.size());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old {
            Self::grow(new_size - old);
        }
        let p = Inner.realloc(ptr, layout, new_size);
        if p.is_null() {
            if new_size > old {
                Self::shrink(new_size - old);
            }
        } else if new_size < old {
            Self::shrink(old - new_size);
        } else {
            advise_huge_pages(p, new_size);
        }
        p
    }
}

/// Allocations from this size up are tables that are read at random (the kernel's memos, the
/// searches' transposition tables, the arena's per-game arrays).
const HUGE_FROM: usize = 8 << 20;
/// The size of a transparent huge page on x86-64 and most arm64 kernels.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the whole 2 MiB pages inside a large block with transparent huge
/// pages (`madvise(MADV_HUGEPAGE)`; systems whose setting is `madvise` give them only when
/// asked). A random read in a table of a gigabyte misses the TLB on nearly every access with
/// 4 KiB pages; with 2 MiB pages the page walk mostly hits the cache. Advice only: an error
/// (no THP support) changes nothing, and no memory is touched or counted.
#[inline]
fn advise_huge_pages(p: *mut u8, size: usize) {
    #[cfg(target_os = "linux")]
    if size >= HUGE_FROM {
        let start = (p as usize).next_multiple_of(HUGE_PAGE);
        let end = (p as usize).saturating_add(size) / HUGE_PAGE * HUGE_PAGE;
        if end > start {
            // SAFETY: the range lies inside the block just allocated to us; MADV_HUGEPAGE only
            // changes how the kernel backs it, never its contents or its mapping.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (p, size);
}

/// The bytes allocated and not yet freed, when a [`CountingAlloc`] is installed (to within
/// [`BATCH`] per thread: each thread settles its small changes in batches); `None` when the
/// program uses another allocator (then nothing is counted).
pub fn in_use() -> Option<usize> {
    INSTALLED
        .load(Relaxed)
        .then(|| IN_USE.load(Relaxed).max(0) as usize)
}

/// The most bytes in use at once so far, when a [`CountingAlloc`] is installed (as settled:
/// within [`BATCH`] per thread of the truth).
pub fn peak() -> Option<usize> {
    INSTALLED.load(Relaxed).then(|| PEAK.load(Relaxed))
}

/// The process-wide memory limit in bytes: what `engine::Limits::max_memory` and
/// `kernel::Budget::max_memory` default to, and what the checker and the parser check against.
pub fn limit() -> usize {
    LIMIT.load(Relaxed)
}

/// Sets the process-wide memory limit (the binary does, from `--max-memory`). Limits already
/// built keep the value they were given.
pub fn set_limit(bytes: usize) {
    LIMIT.store(bytes, Relaxed);
}

/// The count past which an installed [`CountingAlloc`] ends the process with status 3;
/// `usize::MAX` for none (the default).
pub fn hard_cap() -> usize {
    HARD_CAP.load(Relaxed)
}

/// Sets the hard cap. It should sit above [`limit`] by enough for a clean error to be built and
/// printed once a check has found the limit passed: `hard_cap_for` (with the command line) gives such a value.
pub fn set_hard_cap(bytes: usize) {
    HARD_CAP.store(bytes, Relaxed);
}

/// The hard cap the binary uses for a limit: half as much again, and at least 64 MiB more, so
/// that a check that stops at the limit has room to unwind and report.
#[cfg(any(test, feature = "cli"))]
pub fn hard_cap_for(limit: usize) -> usize {
    limit.saturating_add((limit / 2).max(64 << 20))
}

/// The memory limit was passed: the limit and the bytes in use when it was seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The limit, in bytes.
    pub limit: usize,
    /// The bytes in use, as counted by the allocator.
    pub in_use: usize,
}

impl fmt::Display for MemoryLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of memory ({} allocated, counted by the allocator)",
            show_bytes(self.limit),
            show_bytes(self.in_use)
        )
    }
}

impl std::error::Error for MemoryLimit {}

/// How every error message about the memory limit begins, where the error type has no other
/// way to say it (a parse error): see [`is_limit_message`].
pub const LIMIT_REACHED: &str = "memory limit reached";

/// Whether an error's message says the memory limit stopped it (the parser's and the lexer's
/// messages begin with [`LIMIT_REACHED`]; a caller may have prefixed its own words). No input
/// can put these words in a parse error: the messages quote single tokens, never spaces.
pub fn is_limit_message(message: &str) -> bool {
    message.contains(LIMIT_REACHED)
}

/// `Err` when a [`CountingAlloc`] is installed and more than `limit` bytes are in use. Two
/// atomic loads: cheap enough for every unit of the kernel's work.
#[inline]
pub fn check(limit: usize) -> Result<(), MemoryLimit> {
    match in_use() {
        Some(in_use) if in_use > limit => Err(MemoryLimit { limit, in_use }),
        _ => Ok(()),
    }
}

/// `Err` when `extra` more bytes would take the count past `limit`: for a loop that fills one
/// large vector, whose next doubling is a single allocation of gigabytes — past the limit, the
/// hard cap and even the address space before any check after it could see it.
#[inline]
pub fn check_room(limit: usize, extra: usize) -> Result<(), MemoryLimit> {
    match in_use() {
        Some(in_use) if in_use.saturating_add(extra) > limit => Err(MemoryLimit { limit, in_use }),
        _ => Ok(()),
    }
}

/// [`check_room`] against the process-wide [`limit`] for one more push onto `v`: when `v` is
/// full, the push allocates a buffer of twice its capacity.
#[inline]
pub fn check_push<T>(v: &Vec<T>) -> Result<(), MemoryLimit> {
    if v.len() < v.capacity() {
        return Ok(());
    }
    let grown = v.capacity().max(4).saturating_mul(2);
    check_room(limit(), grown.saturating_mul(std::mem::size_of::<T>()))
}

/// [`check`] against the process-wide [`limit`].
#[inline]
pub fn check_process() -> Result<(), MemoryLimit> {
    check(limit())
}

/// A size as people read it: bytes below 1 KiB, else KiB, MiB, GiB or TiB exactly when whole,
/// or to one decimal place.
pub fn show_bytes(n: usize) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut unit = 0;
    let mut scale: u128 = 1024;
    while unit + 1 < UNITS.len() && n as u128 >= scale * 1024 {
        scale *= 1024;
        unit += 1;
    }
    let n = n as u128;
    if n.is_multiple_of(scale) {
        format!("{} {}", n / scale, UNITS[unit])
    } else {
        // Tenths, rounded half up, in integers.
        let tenths = (n * 10 + scale / 2) / scale;
        format!("{}.{} {}", tenths / 10, tenths % 10, UNITS[unit])
    }
}

/// Reads a size such as `4G`, `512M`, `64MiB`, `100000` (bytes) or `1.5G`: a number, then
/// optionally K, M, G or T (powers of 1024; `KB`, `KiB` and lower case also accepted).
#[cfg(any(test, feature = "cli"))]
pub fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let digits_end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, suffix) = t.split_at(digits_end);
    let shift = match suffix.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        other => {
            return Err(format!(
                "`{s}`: unknown unit `{other}` (use K, M, G or T, e.g. 4G)"
            ))
        }
    };
    let (whole, frac) = num.split_once('.').unwrap_or((num, ""));
    if whole.is_empty() && frac.is_empty() || frac.contains('.') {
        return Err(format!("`{s}` is not a size (e.g. 4G, 512M, 100000)"));
    }
    let too_large = || format!("`{s}` is too large a size");
    let whole_v: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| too_large())?
    };
    // The fraction exactly: frac / 10^len, times the unit, truncated to whole bytes.
    if whole_v > (u128::MAX >> 41) {
        return Err(too_large());
    }
    let mut bytes = whole_v << shift;
    if !frac.is_empty() {
        if frac.len() > 18 {
            return Err(format!("`{s}`: too many decimal places"));
        }
        let f: u128 = frac.parse().map_err(|_| too_large())?;
        bytes += (f << shift) / 10u128.pow(frac.len() as u32);
    }
    let bytes = usize::try_from(bytes).map_err(|_| too_large())?;
    if bytes == 0 {
        return Err(format!("`{s}`: a memory limit must be more than 0 bytes"));
    }
    Ok(bytes)
}

/// Called by the allocator when the count would pass the hard cap: writes the message with no
/// allocation (digits into a stack buffer) and ends the process at once with status 3.
#[cold]
#[inline(never)]
fn over_hard_cap() -> ! {
    let mut buf = [0u8; 512];
    let mut len = 0;
    let mut put = |bytes: &[u8]| {
        for &b in bytes {
            if len < buf.len() {
                buf[len] = b;
                len += 1;
            }
        }
    };
    put(b"error: memory limit reached: ");
    put_mib(&mut put, LIMIT.load(Relaxed));
    put(
        b" of memory (--max-memory); a step with no check of its own went on allocating, so \
          onag stopped it at ",
    );
    put_mib(&mut put, HARD_CAP.load(Relaxed));
    put(b" allocated\n");
    write_stderr(&buf[..len]);
    end_process(3)
}

/// Writes `n` bytes as whole GiB when it is, else whole MiB (rounded down), or bytes below
/// 1 MiB, with no allocation.
fn put_mib(put: &mut impl FnMut(&[u8]), n: usize) {
    let (v, unit): (usize, &[u8]) = if n >= 1 << 30 && n.is_multiple_of(1 << 30) {
        (n >> 30, b" GiB")
    } else if n >= 1 << 20 {
        (n >> 20, b" MiB")
    } else {
        (n, b" bytes")
    };
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut v = v;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    put(&digits[i..]);
    put(unit);
}

#[cfg(unix)]
fn write_stderr(mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: a plain write(2) of a valid buffer to file descriptor 2.
        let n = unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

#[cfg(not(unix))]
fn write_stderr(bytes: &[u8]) {
    use std::io::Write;
    // Unbuffered; the best available without libc.
    let _ = std::io::stderr().write_all(bytes);
}

#[cfg(unix)]
fn end_process(status: i32) -> ! {
    // SAFETY: _exit ends the process without running anything that might allocate.
    unsafe { libc::_exit(status) }
}

#[cfg(not(unix))]
fn end_process(status: i32) -> ! {
    std::process::exit(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The huge-page advice on blocks of every alignment and size around the thresholds
    /// changes no byte of them (it may only change how the pages are backed).
    #[test]
    fn huge_page_advice_keeps_contents() {
        for size in [HUGE_FROM - 1, HUGE_FROM, HUGE_FROM + 12_345, 3 * HUGE_FROM] {
            let mut v: Vec<u8> = (0..size + 64).map(|i| (i * 7 % 251) as u8).collect();
            for offset in [0, 1, 63] {
                let p = v.as_mut_ptr().wrapping_add(offset);
                advise_huge_pages(p, size);
                assert!(v.iter().enumerate().all(|(i, &b)| b == (i * 7 % 251) as u8));
            }
        }
    }

    /// Blocks from the plain path and the aligned one have the alignment asked for, hold what
    /// is written to them, and keep it through growing and shrinking.
    #[test]
    fn every_block_has_its_alignment_and_keeps_its_contents() {
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 7, 8, 24, 104, 112, 1000, 4097, 100_000] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero layout; every block is freed with the layout it has.
                unsafe {
                    for zeroed in [false, true] {
                        let p = if zeroed {
                            CountingAlloc.alloc_zeroed(layout)
                        } else {
                            CountingAlloc.alloc(layout)
                        };
                        assert!(!p.is_null());
                        assert_eq!(p as usize % align, 0, "size {size}, align {align}");
                        if zeroed {
                            assert!((0..size).all(|i| *p.add(i) == 0));
                        }
                        for i in 0..size {
                            *p.add(i) = (i % 251) as u8;
                        }
                        // Grown to three times, then shrunk to half of the first size.
                        let big = Layout::from_size_align(size * 3, align).unwrap();
                        let q = CountingAlloc.realloc(p, layout, size * 3);
                        assert!(!q.is_null());
                        assert_eq!(q as usize % align, 0);
                        assert!((0..size).all(|i| *q.add(i) == (i % 251) as u8));
                        let half = size.div_ceil(2);
                        let r = CountingAlloc.realloc(q, big, half);
                        assert!(!r.is_null());
                        assert_eq!(r as usize % align, 0);
                        assert!((0..half).all(|i| *r.add(i) == (i % 251) as u8));
                        CountingAlloc.dealloc(r, Layout::from_size_align(half, align).unwrap());
                    }
                }
            }
        }
    }

    #[test]
    fn sizes_read_with_units() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("64MiB"), Ok(64 << 20));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert_eq!(parse_size("100000"), Ok(100_000));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("0.5K"), Ok(512));
        assert_eq!(parse_size("2T"), Ok(2 << 40));
        for bad in [
            "",
            "G",
            "4X",
            "1.2.3G",
            "-4G",
            "0",
            "99999999999999999999999999999999T",
        ] {
            assert!(parse_size(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn sizes_shown() {
        assert_eq!(show_bytes(1000), "1000 bytes");
        assert_eq!(show_bytes(64 << 20), "64 MiB");
        assert_eq!(show_bytes(4 << 30), "4 GiB");
        assert_eq!(show_bytes((3 << 29) + 1), "1.5 GiB");
        assert_eq!(show_bytes(1536), "1.5 KiB");
        assert_eq!(show_bytes(usize::MAX), "16777216.0 TiB");
    }

    #[test]
    fn hard_cap_sits_above_the_limit() {
        assert_eq!(hard_cap_for(64 << 20), 128 << 20);
        assert_eq!(hard_cap_for(4 << 30), 6 << 30);
        assert_eq!(hard_cap_for(usize::MAX), usize::MAX);
    }
}
