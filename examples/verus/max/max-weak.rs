// Weak: an upper bound of both, but not necessarily one of them.
use vstd::prelude::*;

verus! {

fn max(a: u64, b: u64) -> (m: u64)
    ensures
        m >= a && m >= b,
{
    if a >= b { a } else { b }
}

} // verus!

fn main() {}
