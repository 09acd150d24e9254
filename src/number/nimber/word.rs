//! Nimber arithmetic on machine words (`u64`, `u128`).
//!
//! Everything here rests on one recursion. Below a Fermat 2-power `T = 2^(2s)` write
//! `a = a1·t ⊕ a0` with `t = 2^s` and `h = 2^(s-1)`; since `t⊗t = t ⊕ h`,
//!
//! ```text
//! a⊗b = ((d ⊕ c)·t) ⊕ (c ⊕ e⊗h),   c = a0⊗b0, d = (a0⊕a1)⊗(b0⊕b1), e = a1⊗b1
//! ```
//!
//! which is Karatsuba with three half-size products. We halve 64 → 32 → 16 → 8 bits and finish in
//! a 256×256 product table (64 KiB, fits in L2 and mostly in L1). Multiplying by `h` is
//! GF(2)-linear, so it is a handful of byte-indexed lookups into precomputed linear-map tables;
//! so are squaring, square roots and the even root of `x² + x = a`. All tables are built once, on
//! first use, from the bit-level recursion alone.

use std::sync::OnceLock;

/// The word type of a linear-map table: as narrow as the map's values, so that the tables used
/// inside the product stay in L1.
trait Lane: Copy + Default + std::ops::BitXor<Output = Self> {}
impl Lane for u16 {}
impl Lane for u32 {}
impl Lane for u64 {}

/// A GF(2)-linear map on words of `8·B` bits, stored as one 256-entry table per input byte.
/// Applying it costs `B` lookups; that is why every linear operation here is a few nanoseconds.
struct Linear<W, const B: usize>(Box<[[W; 256]; B]>);

impl<W: Lane, const B: usize> Linear<W, B> {
    /// Tabulates `f`, which must be GF(2)-linear; only its values on single bits are used.
    fn build(f: impl Fn(u64) -> W) -> Self {
        let mut t = Box::new([[W::default(); 256]; B]);
        for (i, row) in t.iter_mut().enumerate() {
            for v in 1..256usize {
                let low = v.trailing_zeros();
                row[v] = row[v & (v - 1)] ^ f(1u64 << (8 * i as u32 + low));
            }
        }
        Linear(t)
    }

    #[inline(always)]
    fn apply(&self, x: u64) -> W {
        let mut r = W::default();
        for (i, row) in self.0.iter().enumerate() {
            r = r ^ row[((x >> (8 * i)) & 0xff) as usize];
        }
        r
    }
}

/// Every precomputed table. Built once per process (a few milliseconds).
struct Tables {
    /// `mul8[a << 8 | b] = a⊗b` for bytes.
    mul8: Box<[u8; 65536]>,
    /// `mul8h[a << 8 | b] = a⊗b⊗2^7`: the Karatsuba "e" term only ever appears times `h`, so one
    /// lookup here replaces a dependent pair.
    mul8h: Box<[u8; 65536]>,
    /// `inv8[a] = 1/a` for bytes (`inv8[0] = 0`, never consulted for a division).
    inv8: [u8; 256],
    /// `x ⊗ 2^7` on bytes.
    h8: [u8; 256],
    /// `x ⊗ 2^15` on 16-bit values.
    h16: Linear<u16, 2>,
    /// `x ⊗ 2^31` on 32-bit values.
    h32: Linear<u32, 4>,
    /// `x ⊗ 2^63` on 64-bit values.
    h64: Linear<u64, 8>,
    /// `x ⊗ x`: the Frobenius map, linear in characteristic 2.
    square: Linear<u64, 8>,
    /// The inverse Frobenius map.
    sqrt: Linear<u64, 8>,
    /// The even root of `x² ⊕ x = a` for `a < 2^63`, which is linear in `a`.
    artin_schreier: Linear<u64, 8>,
    /// The PCLMULQDQ kernel, present only when the CPU has the instruction.
    #[cfg(target_arch = "x86_64")]
    poly: Option<PolyBasis>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline(always)]
fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

/// Bit-level Karatsuba recursion; `a, b < 2^bits`, `bits` a power of two. Slow (microseconds)
/// but needs no tables, so it bootstraps them.
fn mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let s = bits / 2;
    let mask = (1u64 << s) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> s, b & mask, b >> s);
    let c = mul_bits(a0, b0, s);
    let d = mul_bits(a0 ^ a1, b0 ^ b1, s);
    let e = mul_bits(a1, b1, s);
    ((d ^ c) << s) | (c ^ mul_bits(e, 1 << (s - 1), s))
}

impl Tables {
    fn build() -> Tables {
        let mut mul8 = Box::new([0u8; 65536]);
        for a in 0..256u64 {
            for b in a..256u64 {
                let p = mul_bits(a, b, 8) as u8;
                mul8[(a << 8 | b) as usize] = p;
                mul8[(b << 8 | a) as usize] = p;
            }
        }
        let mut inv8 = [0u8; 256];
        let mut h8 = [0u8; 256];
        for a in 0..256usize {
            h8[a] = mul8[a << 8 | 0x80];
            if let Some(b) = (1..256usize).find(|&b| mul8[a << 8 | b] == 1) {
                inv8[a] = b as u8;
            }
        }
        let mut mul8h = Box::new([0u8; 65536]);
        for (dst, &p) in mul8h.iter_mut().zip(mul8.iter()) {
            *dst = h8[usize::from(p)];
        }
        // Each stage only uses the stages before it, so fill the linear maps bottom-up.
        let mut t = Tables {
            mul8,
            mul8h,
            inv8,
            h8,
            h16: Linear::build(|_| 0u16),
            h32: Linear::build(|_| 0u32),
            h64: Linear::build(|_| 0u64),
            square: Linear::build(|_| 0u64),
            sqrt: Linear::build(|_| 0u64),
            artin_schreier: Linear::build(|_| 0u64),
            #[cfg(target_arch = "x86_64")]
            poly: None,
        };
        t.h16 = Linear::build(|x| t.mul16(x as u16, 0x8000));
        t.h32 = Linear::build(|x| t.mul32(x as u32, 1 << 31));
        t.h64 = Linear::build(|x| t.mul64(x, 1 << 63));
        t.square = Linear::build(|x| t.mul64(x, x));
        // √(2^i) = (2^i)^(2^63): squaring is a bijection, so 63 squarings invert one.
        t.sqrt = Linear::build(|x| {
            let mut y = x;
            for _ in 0..63 {
                y = t.square.apply(y);
            }
            y
        });
        // For a single bit below 2^63, solve bit by bit: x ↦ x² ⊕ x is linear with kernel {0,1}
        // and image {a : bit 63 clear}, so Gaussian elimination over the even basis finds it.
        let as_basis = artin_schreier_basis(|x| t.square.apply(x) ^ x);
        t.artin_schreier = Linear::build(|x| {
            if x >> 63 != 0 {
                0
            } else {
                as_basis[x.trailing_zeros() as usize]
            }
        });
        #[cfg(target_arch = "x86_64")]
        {
            t.poly = PolyBasis::build(|a, b| t.mul64(a, b));
        }
        t
    }

    #[inline(always)]
    fn mul8(&self, a: u8, b: u8) -> u8 {
        self.mul8[(usize::from(a) << 8) | usize::from(b)]
    }

    #[inline(always)]
    fn mul16(&self, a: u16, b: u16) -> u16 {
        let (a0, a1, b0, b1) = (a as u8, (a >> 8) as u8, b as u8, (b >> 8) as u8);
        let c = self.mul8(a0, b0);
        let d = self.mul8(a0 ^ a1, b0 ^ b1);
        let eh = self.mul8h[(usize::from(a1) << 8) | usize::from(b1)];
        (u16::from(d ^ c) << 8) | u16::from(c ^ eh)
    }

    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a0, a1, b0, b1) = (a as u16, (a >> 16) as u16, b as u16, (b >> 16) as u16);
        let c = self.mul16(a0, b0);
        let d = self.mul16(a0 ^ a1, b0 ^ b1);
        let e = self.mul16(a1, b1);
        (u32::from(d ^ c) << 16) | u32::from(c ^ self.h16.apply(u64::from(e)))
    }

    #[inline(always)]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a0, a1, b0, b1) = (a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32);
        let c = self.mul32(a0, b0);
        let d = self.mul32(a0 ^ a1, b0 ^ b1);
        let e = self.mul32(a1, b1);
        (u64::from(d ^ c) << 32) | u64::from(c ^ self.h32.apply(u64::from(e)))
    }

    #[inline(always)]
    fn mul128(&self, a: u128, b: u128) -> u128 {
        let (a0, a1, b0, b1) = (a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64);
        let c = self.mul64(a0, b0);
        let d = self.mul64(a0 ^ a1, b0 ^ b1);
        let e = self.mul64(a1, b1);
        (u128::from(d ^ c) << 64) | u128::from(c ^ self.h64.apply(e))
    }

    // Inverses by the norm to the half-size subfield:
    // (a1·t ⊕ a0)⁻¹ = (a1·t ⊕ (a1⊕a0)) ⊗ (a0⊗(a0⊕a1) ⊕ a1²⊗h)⁻¹, the last factor in the subfield.

    fn inv16(&self, a: u16) -> u16 {
        let (a0, a1) = (a as u8, (a >> 8) as u8);
        let norm = self.mul8(a0, a0 ^ a1) ^ self.h8[usize::from(self.mul8(a1, a1))];
        let n = self.inv8[usize::from(norm)];
        (u16::from(self.mul8(a1, n)) << 8) | u16::from(self.mul8(a1 ^ a0, n))
    }

    fn inv32(&self, a: u32) -> u32 {
        let (a0, a1) = (a as u16, (a >> 16) as u16);
        let sq = self.square.apply(u64::from(a1));
        let norm = self.mul16(a0, a0 ^ a1) ^ self.h16.apply(sq);
        let n = self.inv16(norm);
        (u32::from(self.mul16(a1, n)) << 16) | u32::from(self.mul16(a1 ^ a0, n))
    }

    fn inv64(&self, a: u64) -> u64 {
        let (a0, a1) = (a as u32, (a >> 32) as u32);
        let sq = self.square.apply(u64::from(a1));
        let norm = self.mul32(a0, a0 ^ a1) ^ self.h32.apply(sq);
        let n = self.inv32(norm);
        (u64::from(self.mul32(a1, n)) << 32) | u64::from(self.mul32(a1 ^ a0, n))
    }

    fn inv128(&self, a: u128) -> u128 {
        let (a0, a1) = (a as u64, (a >> 64) as u64);
        let norm = self.mul64(a0, a0 ^ a1) ^ self.h64.apply(self.square.apply(a1));
        let n = self.inv64(norm);
        (u128::from(self.mul64(a1, n)) << 64) | u128::from(self.mul64(a1 ^ a0, n))
    }
}

/// A basis of a GF(2) subspace in echelon form: each row is an (image, preimage) pair of some
/// linear map, keyed by the image's leading bit. Used once, to invert linear maps at build time.
struct Echelon([Option<(u64, u64)>; 64]);

impl Echelon {
    fn new() -> Self {
        Echelon([None; 64])
    }

    /// Adds a row; false when its image depends on the rows already present.
    fn insert(&mut self, mut img: u64, mut pre: u64) -> bool {
        while img != 0 {
            let top = 63 - img.leading_zeros() as usize;
            match self.0[top] {
                Some((pi, pp)) => {
                    img ^= pi;
                    pre ^= pp;
                }
                None => {
                    self.0[top] = Some((img, pre));
                    return true;
                }
            }
        }
        false
    }

    /// A preimage of `target`, if it lies in the span.
    fn solve(&self, mut target: u64) -> Option<u64> {
        let mut pre = 0;
        while target != 0 {
            let top = 63 - target.leading_zeros() as usize;
            let (pi, pp) = self.0[top]?;
            target ^= pi;
            pre ^= pp;
        }
        Some(pre)
    }
}

/// Solves `x² ⊕ x = 2^i` for every `i < 63`: `f(x) = x² ⊕ x` is linear with kernel {0, 1} and
/// image {a : bit 63 clear}, so it is injective on even `x` and elimination finds the even roots.
fn artin_schreier_basis(f: impl Fn(u64) -> u64) -> [u64; 63] {
    let mut ech = Echelon::new();
    for j in 1..64 {
        ech.insert(f(1u64 << j), 1u64 << j);
    }
    let mut out = [0u64; 63];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = ech.solve(1u64 << i).unwrap_or(0);
    }
    out
}

/// GF(2^64) in a polynomial basis `GF(2)[x]/P(x)`, where carry-less multiplication (PCLMULQDQ)
/// does the work of the 27 table lookups. `x` stands for the nimber `g = 2^32`, which has degree
/// 64 (it is outside the subfield below 2^32), so `x^i ↦ g^i` is a change of basis; both
/// directions are byte-indexed linear maps. `P(x) = x^64 + c(x)`, and reduction is Barrett with
/// `μ = ⌊x^128 / P⌋ = x^64 + mu` (research notes §1.3, method c3).
#[cfg(target_arch = "x86_64")]
struct PolyBasis {
    to_poly: Linear<u64, 8>,
    from_poly: Linear<u64, 8>,
    c: u64,
    mu: u64,
    /// The nimber `2^63` (the `h` of the 128-bit level) in the polynomial basis.
    h: u64,
}

#[cfg(target_arch = "x86_64")]
impl PolyBasis {
    /// `None` when the CPU lacks PCLMULQDQ: then the table kernel is used everywhere.
    fn build(mul: impl Fn(u64, u64) -> u64) -> Option<PolyBasis> {
        if !std::arch::is_x86_feature_detected!("pclmulqdq") {
            return None;
        }
        let g = 1u64 << 32;
        let mut powers = [1u64; 65];
        for i in 1..65 {
            powers[i] = mul(powers[i - 1], g);
        }
        let mut ech = Echelon::new();
        for (i, &p) in powers.iter().take(64).enumerate() {
            if !ech.insert(p, 1u64 << i) {
                return None;
            }
        }
        let from_poly = Linear::build(|bit| powers[bit.trailing_zeros() as usize]);
        let to_poly = Linear::build(|bit| ech.solve(bit).unwrap_or(0));
        let c = ech.solve(powers[64])?;
        // x^128 = x^64·P + x^64·c, so μ = x^64 + ⌊x^64·c / P⌋; long division for the second term.
        let p = (1u128 << 64) | u128::from(c);
        let mut rem = u128::from(c) << 64;
        let mut mu = 0u64;
        for k in (64..128).rev() {
            if (rem >> k) & 1 == 1 {
                mu |= 1 << (k - 64);
                rem ^= p << (k - 64);
            }
        }
        let h = ech.solve(1 << 63)?;
        Some(PolyBasis {
            to_poly,
            from_poly,
            c,
            mu,
            h,
        })
    }

    /// Carry-less 64×64 → 128-bit product.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    unsafe fn clmul(a: u64, b: u64) -> u128 {
        use std::arch::x86_64::*;
        let r = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
        let lo = _mm_cvtsi128_si64(r) as u64;
        let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64;
        (u128::from(hi) << 64) | u128::from(lo)
    }

    /// Product of two elements already in the polynomial basis.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    unsafe fn poly_mul(&self, a: u64, b: u64) -> u64 {
        let p = Self::clmul(a, b);
        let (lo, hi) = (p as u64, (p >> 64) as u64);
        let q = hi ^ (Self::clmul(hi, self.mu) >> 64) as u64;
        lo ^ Self::clmul(q, self.c) as u64
    }

    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    unsafe fn mul64(&self, a: u64, b: u64) -> u64 {
        let (pa, pb) = (self.to_poly.apply(a), self.to_poly.apply(b));
        self.from_poly.apply(self.poly_mul(pa, pb))
    }

    /// One Karatsuba level over the polynomial basis, converting back only at the end.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ.
    #[target_feature(enable = "pclmulqdq")]
    unsafe fn mul128(&self, a: u128, b: u128) -> u128 {
        let a0 = self.to_poly.apply(a as u64);
        let a1 = self.to_poly.apply((a >> 64) as u64);
        let b0 = self.to_poly.apply(b as u64);
        let b1 = self.to_poly.apply((b >> 64) as u64);
        let c = self.poly_mul(a0, b0);
        let d = self.poly_mul(a0 ^ a1, b0 ^ b1);
        let eh = self.poly_mul(self.poly_mul(a1, b1), self.h);
        (u128::from(self.from_poly.apply(d ^ c)) << 64) | u128::from(self.from_poly.apply(c ^ eh))
    }
}

/// Forces the one-time table construction, so that a benchmark or a latency-sensitive caller
/// does not pay for it inside its first measured operation.
///
/// ```
/// onag::nim_warm_up(); // the tables are built once, here
/// assert_eq!(onag::nim_mul_u64(8, 8), 13); // *8 ⊗ *8 = *13
/// ```
pub fn nim_warm_up() {
    let _ = tables();
}

/// Nim product of two 64-bit nimbers. The nimbers below `2^64` are the field GF(2^64), so the
/// product never overflows.
///
/// ```
/// use onag::nim_mul_u64;
/// assert_eq!(nim_mul_u64(2, 2), 3); // *2 ⊗ *2 = *3: the smallest "surprising" product
/// assert_eq!(nim_mul_u64(16, 16), 24); // a Fermat 2-power squares to 3/2 of itself
/// assert_eq!(nim_mul_u64(4, 16), 64); // distinct Fermat 2-powers multiply ordinarily
/// ```
#[inline]
pub fn nim_mul_u64(a: u64, b: u64) -> u64 {
    let t = tables();
    #[cfg(target_arch = "x86_64")]
    if let Some(p) = &t.poly {
        // SAFETY: `poly` is built only after `is_x86_feature_detected!("pclmulqdq")` succeeded.
        return unsafe { p.mul64(a, b) };
    }
    t.mul64(a, b)
}

/// The portable table kernel behind [`nim_mul_u64`], which it uses when the CPU lacks a
/// carry-less multiply; public so that the two can be compared and benchmarked.
///
/// ```
/// use onag::{nim_mul_u64, nim_mul_u64_portable};
/// assert_eq!(nim_mul_u64_portable(2, 3), 1); // *2 ⊗ *3 = *1
/// let (a, b) = (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);
/// assert_eq!(nim_mul_u64_portable(a, b), nim_mul_u64(a, b));
/// ```
#[inline]
pub fn nim_mul_u64_portable(a: u64, b: u64) -> u64 {
    tables().mul64(a, b)
}

/// The portable table kernel behind [`nim_mul_u128`].
///
/// ```
/// use onag::{nim_mul_u128, nim_mul_u128_portable};
/// assert_eq!(nim_mul_u128_portable(1 << 64, 1 << 64), 3 << 63);
/// let (a, b) = (u128::MAX / 3, u128::MAX / 5);
/// assert_eq!(nim_mul_u128_portable(a, b), nim_mul_u128(a, b));
/// ```
#[inline]
pub fn nim_mul_u128_portable(a: u128, b: u128) -> u128 {
    tables().mul128(a, b)
}

/// True when [`nim_mul_u64`] and [`nim_mul_u128`] use the PCLMULQDQ kernel on this CPU.
///
/// The products are the same either way.
///
/// ```
/// let fast = onag::nim_mul_uses_clmul();
/// println!("carry-less multiply: {fast}");
/// assert_eq!(onag::nim_mul_u64(2, 2), 3);
/// ```
pub fn nim_mul_uses_clmul() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        tables().poly.is_some()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Nim product of two 128-bit nimbers (the field GF(2^128)); one Karatsuba level over
/// [`nim_mul_u64`].
///
/// ```
/// use onag::nim_mul_u128;
/// assert_eq!(nim_mul_u128(1 << 64, 1 << 64), 3 << 63);
/// ```
#[inline]
pub fn nim_mul_u128(a: u128, b: u128) -> u128 {
    let t = tables();
    #[cfg(target_arch = "x86_64")]
    if let Some(p) = &t.poly {
        // SAFETY: `poly` is built only after `is_x86_feature_detected!("pclmulqdq")` succeeded.
        return unsafe { p.mul128(a, b) };
    }
    t.mul128(a, b)
}

/// `x ⊗ 2^127` for 128-bit `x`, the `h` of the 256-bit level:
/// `(x1·t ⊕ x0)⊗(h·t) = ((x1⊕x0)⊗h)·t ⊕ (x1⊗h)⊗h` with `t = 2^64`, `h = 2^63`.
fn mul_h128(x: u128) -> u128 {
    let t = tables();
    let (x0, x1) = (x as u64, (x >> 64) as u64);
    (u128::from(t.h64.apply(x0 ^ x1)) << 64) | u128::from(t.h64.apply(t.h64.apply(x1)))
}

/// Nim product in GF(2^256), little-endian halves: one Karatsuba level over [`nim_mul_u128`],
/// without the allocations of the general limb recursion.
pub(crate) fn nim_mul_u256(a: [u128; 2], b: [u128; 2]) -> [u128; 2] {
    let c = nim_mul_u128(a[0], b[0]);
    let d = nim_mul_u128(a[0] ^ a[1], b[0] ^ b[1]);
    let e = nim_mul_u128(a[1], b[1]);
    [c ^ mul_h128(e), d ^ c]
}

/// Nim square `a⊗a`; a linear map, hence cheaper than a product.
///
/// ```
/// use onag::{nim_mul_u64, nim_square_u64};
/// assert_eq!(nim_square_u64(2), 3);
/// assert_eq!(nim_square_u64(16), 24);
/// // Linear: (a ⊕ b)² = a² ⊕ b².
/// assert_eq!(nim_square_u64(5 ^ 9), nim_square_u64(5) ^ nim_square_u64(9));
/// assert_eq!(nim_square_u64(77), nim_mul_u64(77, 77));
/// ```
#[inline]
pub fn nim_square_u64(a: u64) -> u64 {
    tables().square.apply(a)
}

/// Nim square of a 128-bit nimber: `(a1·t ⊕ a0)² = a1²·t ⊕ (a1²⊗h ⊕ a0²)`.
///
/// ```
/// assert_eq!(onag::nim_square_u128(1 << 64), 3 << 63);
/// ```
#[inline]
pub fn nim_square_u128(a: u128) -> u128 {
    let t = tables();
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    let s1 = t.square.apply(a1);
    (u128::from(s1) << 64) | u128::from(t.h64.apply(s1) ^ t.square.apply(a0))
}

/// Nim square root. Every nimber has exactly one (squaring is a field automorphism of each
/// GF(2^(2^n))), and it has the same bit length as its argument.
///
/// ```
/// use onag::nim_sqrt_u64;
/// assert_eq!(nim_sqrt_u64(2), 3); // because 3⊗3 = 2
/// ```
#[inline]
pub fn nim_sqrt_u64(a: u64) -> u64 {
    tables().sqrt.apply(a)
}

/// Nim square root of a 128-bit nimber: `√(a1·t ⊕ a0) = √a1·t ⊕ √(a0 ⊕ a1⊗h)`.
///
/// ```
/// use onag::{nim_sqrt_u128, nim_square_u128};
/// assert_eq!(nim_sqrt_u128(3 << 63), 1 << 64);
/// let a = u128::MAX / 7;
/// assert_eq!(nim_square_u128(nim_sqrt_u128(a)), a);
/// ```
#[inline]
pub fn nim_sqrt_u128(a: u128) -> u128 {
    let t = tables();
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    (u128::from(t.sqrt.apply(a1)) << 64) | u128::from(t.sqrt.apply(a0 ^ t.h64.apply(a1)))
}

/// Nim inverse: `None` for `*0`, which has none.
///
/// ```
/// use onag::nim_inv_u64;
/// assert_eq!(nim_inv_u64(2), Some(3)); // 1/*2 = *3, since *2 ⊗ *3 = *1
/// assert_eq!(nim_inv_u64(0), None);
/// ```
#[inline]
pub fn nim_inv_u64(a: u64) -> Option<u64> {
    (a != 0).then(|| tables().inv64(a))
}

/// Nim inverse of a 128-bit nimber: `None` for `*0`.
///
/// ```
/// use onag::{nim_inv_u128, nim_mul_u128};
/// assert_eq!(nim_inv_u128(2), Some(3));
/// assert_eq!(nim_inv_u128(0), None);
/// let a = 1u128 << 100;
/// assert_eq!(nim_mul_u128(a, nim_inv_u128(a).unwrap()), 1);
/// ```
#[inline]
pub fn nim_inv_u128(a: u128) -> Option<u128> {
    (a != 0).then(|| tables().inv128(a))
}

/// The even root of `x² ⊕ x = a` (the other root is it ⊕ 1).
///
/// The equation is solvable in GF(2^64) exactly when bit 63 of `a` (its trace) is clear; when it
/// is set the roots lie in GF(2^128), which is why the result is a `u128`.
///
/// ```
/// use onag::{nim_mul_u128, nim_solve_artin_schreier_u64};
/// assert_eq!(nim_solve_artin_schreier_u64(1), 2); // 2⊗2 ⊕ 2 = 3 ⊕ 2 = 1
/// let x = nim_solve_artin_schreier_u64(1 << 63); // needs the next field up
/// assert_eq!(x, 1 << 64);
/// assert_eq!(nim_mul_u128(x, x) ^ x, 1 << 63);
/// ```
#[inline]
pub fn nim_solve_artin_schreier_u64(a: u64) -> u128 {
    let t = tables();
    if a >> 63 == 0 {
        u128::from(t.artin_schreier.apply(a))
    } else {
        // x = 2^64 ⊕ x0: the high half contributes (2^64)² ⊕ 2^64 = 2^63, leaving x0² ⊕ x0 = a ⊕ 2^63.
        (1u128 << 64) | u128::from(t.artin_schreier.apply(a ^ (1 << 63)))
    }
}

/// The even root of `x² ⊕ x = a` for a 128-bit `a`, or `None` when bit 127 is set: then the
/// roots need 256 bits, and [`crate::number::Nimber::solve_artin_schreier`] provides them.
pub fn nim_solve_artin_schreier_u128(a: u128) -> Option<u128> {
    if a >> 127 != 0 {
        return None;
    }
    let t = tables();
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    // x = x1·t ⊕ x0 gives x² ⊕ x = (x1² ⊕ x1)·t ⊕ (x0² ⊕ x0 ⊕ x1²⊗h).
    let mut x1 = t.artin_schreier.apply(a1);
    let mut rhs = a0 ^ t.h64.apply(t.square.apply(x1));
    if rhs >> 63 != 0 {
        // The other root x1 ⊕ 1 changes x1²⊗h by h = 2^63, making the low equation solvable.
        x1 ^= 1;
        rhs ^= 1 << 63;
    }
    Some((u128::from(x1) << 64) | u128::from(t.artin_schreier.apply(rhs)))
}

/// `x ⊗ 2^63` for 64-bit `x`: the "h" constant of the 128-bit level, needed by the
/// arbitrary-size recursion.
#[inline]
pub(crate) fn nim_mul_h64(x: u64) -> u64 {
    tables().h64.apply(x)
}

#[cfg(test)]
pub(crate) fn nim_mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    mul_bits(a, b, bits)
}
