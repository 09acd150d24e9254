//! Walls (the piecewise linear sides of a thermograph) through the public API: their
//! maximum and minimum against the two lines point by point, and where two walls meet.

use onag::{Dyadic, Wall};

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn max_of_crossing_lines() {
    // -t and t - 1 cross at t = 1/2.
    let a = Wall::line(d("1"), -1);
    let b = Wall::line(d("-2"), 1);
    let m = a.max(&b);
    assert_eq!(m.points(), vec![(d("-1"), d("1")), (d("1/2"), d("-1/2"))]);
    assert_eq!(m.slope_at(&d("3")), 1);
    let n = a.min(&b);
    assert_eq!(n.points(), vec![(d("-1"), d("-2")), (d("1/2"), d("-1/2"))]);
    for k in -8..40 {
        let t = Dyadic::new(k.into(), 3);
        assert_eq!(m.at(&t), std::cmp::max(a.at(&t), b.at(&t)));
        assert_eq!(n.at(&t), std::cmp::min(a.at(&t), b.at(&t)));
    }
}

#[test]
fn meeting_point() {
    let a = Wall::line(d("3"), -1);
    let b = Wall::line(d("-2"), 1);
    assert_eq!(a.first_not_above(&b), Some(d("3/2")));
    let w = a.until(&d("3/2"), d("1/2"));
    assert_eq!(w.at(&d("100")), d("1/2"));
    assert_eq!(w.at(&d("0")), d("2"));
}
