/// Every allocation is counted, so that the memory limit (`--max-memory`) is checked against
/// what the process really holds and a run past it ends with status 3, never an OOM kill.
#[global_allocator]
static ALLOC: onag::CountingAlloc = onag::CountingAlloc;

fn main() {
    std::process::exit(onag::run_cli());
}
