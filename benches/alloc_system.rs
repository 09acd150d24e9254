//! The allocation-heavy workloads of `common/allocation.rs` with the system allocator: the
//! baseline for `alloc_counting`.

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "common/allocation.rs"]
mod allocation;

fn bench(c: &mut Criterion) {
    allocation::run(c, "system allocator");
}

criterion_group!(benches, bench);
criterion_main!(benches);
