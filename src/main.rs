/// Every allocation is counted, so that the memory limit (`--max-memory`) is checked against
/// what the process really holds and a run past it ends with status 3, never an OOM kill.
#[global_allocator]
static ALLOC: onag::CountingAlloc = onag::CountingAlloc;

fn main() {
    let code = onag::run_cli();
    // Standard output flushed, the process ends without the C library's exit handlers: there
    // mimalloc gave every page back to the kernel one `madvise` at a time (Σ_{k≤12} {k|−k}'s
    // `simplify --format json`: some 300 calls after its output was written), which the
    // kernel does anyway, at once, when the process ends. Nothing else of onag's runs there.
    let _ = std::io::Write::flush(&mut std::io::stdout());
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; nothing is read or written after it.
    unsafe {
        libc::_exit(code)
    }
    #[cfg(not(unix))]
    std::process::exit(code);
}
