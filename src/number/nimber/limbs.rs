//! Nimber arithmetic of any size, on little-endian `u64` limb vectors.
//!
//! A slice of `n` limbs (`n` a power of two) is an element of GF(2^(64n)). The same Karatsuba
//! recursion as on words halves it down to one limb, where the 64-bit kernel takes over. The
//! constant `h` of an `n`-limb level is `2^(32n - 1)`; multiplying by it recurses too, because
//! `h_m = h_{m/2}·t_{m/2}` is a product of distinct Fermat 2-powers.

use super::word;

/// `x ⊗ 2^(64m - 1)` where `m = x.len()`.
pub(crate) fn mul_h(x: &[u64]) -> Vec<u64> {
    let m = x.len();
    if m == 1 {
        return vec![word::nim_mul_h64(x[0])];
    }
    let half = m / 2;
    let (x0, x1) = x.split_at(half);
    // (x1·t ⊕ x0)⊗(h·t) = ((x1⊕x0)⊗h)·t ⊕ (x1⊗h)⊗h, with h, t of the half level.
    let mut out = mul_h(&mul_h(x1));
    out.extend(mul_h(&xor(x0, x1)));
    out
}

fn xor(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

fn xor_in(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

/// `a ⊗ b`; `a.len() == b.len()`, a power of two.
pub(crate) fn mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![word::nim_mul_u64(a[0], b[0])];
    }
    let half = n / 2;
    let (a0, a1) = a.split_at(half);
    let (b0, b1) = b.split_at(half);
    let c = mul(a0, b0);
    let mut d = mul(&xor(a0, a1), &xor(b0, b1));
    let e = mul(a1, b1);
    let mut lo = mul_h(&e);
    xor_in(&mut lo, &c);
    xor_in(&mut d, &c);
    lo.extend(d);
    lo
}

/// `a ⊗ a`: `(a1·t ⊕ a0)² = a1²·t ⊕ (a1²⊗h ⊕ a0²)`.
pub(crate) fn square(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![word::nim_square_u64(a[0])];
    }
    let (a0, a1) = a.split_at(n / 2);
    let s1 = square(a1);
    let mut lo = mul_h(&s1);
    xor_in(&mut lo, &square(a0));
    lo.extend(s1);
    lo
}

/// `√a`: `√(a1·t ⊕ a0) = √a1·t ⊕ √(a0 ⊕ a1⊗h)`.
pub(crate) fn sqrt(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![word::nim_sqrt_u64(a[0])];
    }
    let (a0, a1) = a.split_at(n / 2);
    let mut lo = mul_h(a1);
    xor_in(&mut lo, a0);
    let mut out = sqrt(&lo);
    out.extend(sqrt(a1));
    out
}

/// `1/a` for nonzero `a`, by the norm to the half-size subfield:
/// `(a1·t ⊕ a0)⁻¹ = (a1·t ⊕ (a1⊕a0)) ⊗ (a0⊗(a0⊕a1) ⊕ a1²⊗h)⁻¹`.
/// Returns `None` for zero (the norm of a nonzero element is nonzero, so only the top call can).
pub(crate) fn inv(a: &[u64]) -> Option<Vec<u64>> {
    let n = a.len();
    if n == 1 {
        return word::nim_inv_u64(a[0]).map(|x| vec![x]);
    }
    let (a0, a1) = a.split_at(n / 2);
    let sum = xor(a0, a1);
    let mut norm = mul(a0, &sum);
    xor_in(&mut norm, &mul_h(&square(a1)));
    let ni = inv(&norm)?;
    let mut out = mul(&sum, &ni);
    out.extend(mul(a1, &ni));
    Some(out)
}

/// The even root of `x² ⊕ x = a`, when the top bit of the `n`-limb level is clear (otherwise the
/// caller must move up a level first; `None` then).
pub(crate) fn artin_schreier(a: &[u64]) -> Option<Vec<u64>> {
    let n = a.len();
    let top = a.last().copied().unwrap_or(0) >> 63;
    if top != 0 {
        return None;
    }
    if n == 1 {
        // Bit 63 is clear, so the root is below 2^64.
        return Some(vec![word::nim_solve_artin_schreier_u64(a[0]) as u64]);
    }
    let half = n / 2;
    let (a0, a1) = a.split_at(half);
    // x = x1·t ⊕ x0: x² ⊕ x = (x1² ⊕ x1)·t ⊕ (x0² ⊕ x0 ⊕ x1²⊗h).
    let mut x1 = artin_schreier(a1)?;
    let mut rhs = mul_h(&square(&x1));
    xor_in(&mut rhs, a0);
    if rhs[half - 1] >> 63 != 0 {
        // Taking the other root x1 ⊕ 1 adds h to x1²⊗h, which clears the offending bit.
        x1[0] ^= 1;
        rhs[half - 1] ^= 1 << 63;
    }
    let mut out = artin_schreier(&rhs)?;
    out.extend(x1);
    Some(out)
}
