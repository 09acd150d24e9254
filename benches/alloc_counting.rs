//! The allocation-heavy workloads of `common/allocation.rs` with `onag::CountingAlloc`,
//! the allocator the `onag` binary installs: compared with `alloc_system`, the overhead of
//! counting every allocation.

use criterion::{criterion_group, criterion_main, Criterion};

#[global_allocator]
static ALLOC: onag::CountingAlloc = onag::CountingAlloc;

#[path = "common/allocation.rs"]
mod allocation;

fn bench(c: &mut Criterion) {
    allocation::run(c, "counting allocator");
    // The counter was live throughout.
    assert!(onag::CountingAlloc::peak().is_some_and(|p| p > 0));
}

criterion_group!(benches, bench);
criterion_main!(benches);
