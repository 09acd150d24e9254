//! `onag check`: reads a proof in JSON and checks it again, step by step, against the chosen
//! rules ([`crate::ops::check`]). The file's own `checked` field is never believed.

use super::{emit, Ctx};
use crate::ops::exit::Failure;
use std::io::Read;

pub(super) fn run(ctx: &Ctx, file: &str) -> Result<i32, Failure> {
    // `--time-limit` counts the file's reading too.
    let started = std::time::Instant::now();
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::bad(format!("reading standard input: {e}")))?;
        s
    } else {
        read_file(file).map_err(|e| Failure::bad(format!("cannot read {file}: {e}")))?
    };
    let (out, status) = crate::ops::check::check(ctx, text, started)?;
    emit(&out);
    Ok(status.code())
}

/// Below this a file is read by one thread: starting the others costs more than they save.
const READ_APART_FROM: u64 = 1 << 22;

/// The most parts a file is read in at once.
const PARTS: usize = 4;

/// The file's text, as [`std::fs::read_to_string`] gives it (and by it, with its error, on any
/// trouble). A large file on more than one thread is read in parts at once, one a thread, each
/// part's UTF-8 checked by the thread that read it: the kernel zeroes each page of the text's
/// buffer as it is first written and then copies the file into it, and with the check of its
/// UTF-8 that was 0.15–0.2 s of Σ_{k≤30} {k|−k}'s 147 MB on one thread before any checker
/// could start.
fn read_file(file: &str) -> std::io::Result<String> {
    #[cfg(unix)]
    if let Some(text) = read_in_parts(file, crate::threads::threads()) {
        return Ok(text);
    }
    std::fs::read_to_string(file)
}

/// The whole of `file` read in `threads` parts at once, `None` when it is small, one thread
/// is asked for, it is no regular file, any read fails or falls short, more follows the size
/// it had, or it is not UTF-8: the caller then reads it again as one.
#[cfg(unix)]
fn read_in_parts(file: &str, threads: usize) -> Option<String> {
    use std::mem::MaybeUninit;
    use std::os::unix::fs::FileExt;
    if threads <= 1 {
        return None;
    }
    let f = std::fs::File::open(file).ok()?;
    let meta = f.metadata().ok()?;
    if !meta.is_file() || meta.len() < READ_APART_FROM {
        return None;
    }
    let len = usize::try_from(meta.len()).ok()?;
    // Not zeroed first (the allocator may have to write every byte of a reused block), so
    // each page is first written, and faulted in, by the thread that reads into it.
    let mut buf: Vec<u8> = Vec::with_capacity(len);
    // A part a thread, up to a few: the reads wait on memory, not on the cores.
    let part = len.div_ceil(threads.min(PARTS));
    let inside = std::thread::scope(|scope| {
        let f = &f;
        let mut chunks = buf.spare_capacity_mut()[..len].chunks_mut(part).enumerate();
        let read = move |i: usize, chunk: &mut [MaybeUninit<u8>]| {
            let chunk = read_into(f, chunk, (i * part) as u64)?;
            utf8_inside(chunk, i == 0)
        };
        // The first part is read here, the others on threads of their own.
        let first = chunks.next();
        let others: Vec<_> = chunks
            .map(|(i, chunk)| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || read(i, chunk))
                    .ok()
            })
            .collect();
        let mut inside = vec![first.and_then(|(i, chunk)| read(i, chunk))];
        // A part whose thread did not start: the whole file is read again, as one.
        inside.extend(others.into_iter().map(|h| h?.join().ok()?));
        inside.into_iter().collect::<Option<Vec<_>>>()
    })?;
    // SAFETY: every part of the first `len` bytes of the capacity was read whole
    // (`read_into` answered), so all of them are written.
    unsafe { buf.set_len(len) };
    // Nothing past the size read: a file that grew meanwhile is read again as one.
    let mut past = [0u8; 1];
    if !matches!(f.read_at(&mut past, meta.len()), Ok(0)) {
        return None;
    }
    if !utf8_between(&buf, part, &inside) {
        return None;
    }
    // SAFETY: `buf` is UTF-8. Cut at the bounds of `inside` (each part's first ASCII byte,
    // the first part's start, and its last ASCII byte), it is pieces that are each UTF-8:
    // `inside`'s, checked by `utf8_inside`, and those between them, by `utf8_between`. A
    // string cut before an ASCII byte is UTF-8 exactly when both sides are (no continuation
    // byte is ASCII, so in UTF-8 every ASCII byte begins a character), so the whole is UTF-8.
    // Property-tested against `std::str::from_utf8` below.
    Some(unsafe { String::from_utf8_unchecked(buf) })
}

/// `part` read whole from `f` at `offset`, as bytes; `None` when it cannot be (an error, or
/// the file ends first).
#[cfg(unix)]
fn read_into<'a>(
    f: &std::fs::File,
    part: &'a mut [std::mem::MaybeUninit<u8>],
    offset: u64,
) -> Option<&'a [u8]> {
    use std::os::unix::io::AsRawFd;
    #[cfg(target_os = "linux")]
    prefault(part);
    let mut done = 0;
    while done < part.len() {
        let at = libc::off_t::try_from(offset.checked_add(done as u64)?).ok()?;
        let rest = &mut part[done..];
        // SAFETY: `pread` writes at most `rest.len()` bytes from `rest`'s start, memory held
        // here alone (a `&mut`), and reads none of it; the descriptor is `f`'s, open while
        // `f` is borrowed.
        let n = unsafe { libc::pread(f.as_raw_fd(), rest.as_mut_ptr().cast(), rest.len(), at) };
        match usize::try_from(n) {
            // At most `rest.len()` bytes, now written.
            Ok(n) if n > 0 => done += n,
            // The file ended first.
            Ok(_) => return None,
            Err(_) if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {
            }
            Err(_) => return None,
        }
    }
    // SAFETY: every byte of `part` was written by `pread` above (`done` counts them, and the
    // loop ends at `part.len()`), and `MaybeUninit<u8>` has `u8`'s layout.
    Some(unsafe { std::slice::from_raw_parts(part.as_ptr().cast::<u8>(), part.len()) })
}

/// Maps the pages wholly inside `part` at once, writable, in one call (`MADV_POPULATE_WRITE`,
/// Linux 5.14) rather than a page fault a page as `pread` first writes each: the 36,000 faults
/// of Σ_{k≤30} {k|−k}'s 147 MB were most of its reading (the file read on two threads into
/// a fresh buffer, 205 → 165 ms a run). Where the call fails (an older kernel), the reads
/// fault the pages in as before.
#[cfg(target_os = "linux")]
fn prefault(part: &mut [std::mem::MaybeUninit<u8>]) {
    const PAGE: usize = 4096;
    let start = part.as_mut_ptr() as usize;
    let (Some(from), Some(end)) = (
        start.checked_next_multiple_of(PAGE),
        start.checked_add(part.len()),
    ) else {
        return;
    };
    let to = end / PAGE * PAGE;
    if to > from {
        // SAFETY: `from..to` lies inside `part`, memory held here alone (a `&mut`); mapping
        // its pages changes nothing `part` holds, none of which is initialised yet. A page
        // size other than 4,096 bytes makes the call fail, and nothing else.
        let _ = unsafe {
            libc::madvise(
                from as *mut libc::c_void,
                to - from,
                libc::MADV_POPULATE_WRITE,
            )
        };
    }
}

/// The span of a part that its thread checks, `start..end` within it: from its first ASCII
/// byte (from its start, for the first part) to its last; `None` when it has no ASCII byte
/// or the span is not UTF-8 (the text is then checked as one, by the caller).
#[cfg(unix)]
fn utf8_inside(part: &[u8], first: bool) -> Option<(usize, usize)> {
    let start = if first {
        0
    } else {
        part.iter().position(u8::is_ascii)?
    };
    let end = part.iter().rposition(u8::is_ascii)?.max(start);
    std::str::from_utf8(&part[start..end]).ok()?;
    Some((start, end))
}

/// Whether the text in `buf` between the spans `inside` its parts of `part` bytes (checked
/// by [`utf8_inside`]) is UTF-8: from each span's end to the next one's start, and to the end.
#[cfg(unix)]
fn utf8_between(buf: &[u8], part: usize, inside: &[(usize, usize)]) -> bool {
    let mut from = 0;
    for (i, &(start, end)) in inside.iter().enumerate() {
        let at = i * part;
        if std::str::from_utf8(&buf[from..at + start]).is_err() {
            return false;
        }
        from = at + end;
    }
    std::str::from_utf8(&buf[from..]).is_ok()
}

#[cfg(all(test, unix))]
mod tests {
    use super::{utf8_between, utf8_inside};
    use proptest::prelude::*;

    /// The text checked in parts of `part` bytes, as `read_in_parts` checks it.
    fn in_parts(b: &[u8], part: usize) -> bool {
        let inside: Option<Vec<_>> = b
            .chunks(part)
            .enumerate()
            .map(|(i, c)| utf8_inside(c, i == 0))
            .collect();
        inside.is_some_and(|inside| utf8_between(b, part, &inside))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Text checked in parts, the spans on their own and what lies between them, is UTF-8
        /// exactly when the standard check says it is, cut anywhere (unless a part has no
        /// ASCII byte: then it is checked whole): ASCII, accents, other scripts, emoji, and
        /// bytes that are no UTF-8 (a lone continuation byte, a cut sequence, a surrogate).
        #[test]
        fn utf8_checked_in_parts_is_utf8_checked_whole(
            pieces in proptest::collection::vec(
                prop_oneof![
                    Just(&b"a"[..]), Just(&b"{#1|-2}"[..]), Just("é".as_bytes()),
                    Just("Σ".as_bytes()), Just("↑".as_bytes()), Just("😀".as_bytes()),
                    Just(&b"\x80"[..]), Just(&[0x80u8][..]), Just(&[0xc3u8][..]),
                    Just(&[0xe2u8, 0x86][..]), Just(&[0xffu8][..]), Just(&[0xedu8, 0xa0, 0x80][..]),
                ],
                0..40,
            ),
            part in 1usize..12,
        ) {
            let b: Vec<u8> = pieces.concat();
            // A part with no ASCII byte is no part to cut at: the text is then checked whole.
            let whole = std::str::from_utf8(&b).is_ok();
            prop_assert_eq!(in_parts(&b, part), whole && every_part_has_ascii(&b, part));
            prop_assert!(!in_parts(&b, part) || whole);
        }
    }

    /// Whether every part has an ASCII byte (else `in_parts` says no, and the caller checks
    /// the text whole).
    fn every_part_has_ascii(b: &[u8], part: usize) -> bool {
        b.chunks(part).all(|c| c.iter().any(u8::is_ascii))
    }
}
