// The larger of two u64: at least both, and one of them.
use vstd::prelude::*;

verus! {

fn max(a: u64, b: u64) -> (m: u64)
    ensures
        m >= a && m >= b,
        m == a || m == b,
{
    if a >= b { a } else { b }
}

} // verus!

fn main() {}
