// Weak: every element grows, but by any amount.
use vstd::prelude::*;

verus! {

fn increment_all(v: &mut Vec<u32>)
    requires
        forall|i: int| 0 <= i < old(v).len() ==> old(v)[i] < u32::MAX,
    ensures
        v.len() == old(v).len(),
        forall|i: int| 0 <= i < v.len() ==> v[i] > old(v)[i],
{
    assume(false);
}

} // verus!

fn main() {}
