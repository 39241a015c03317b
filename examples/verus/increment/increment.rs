// Adds one to every element of a vector in place: the test's output is the vector's final state,
// and old(v) in ensures is its state before the call.
use vstd::prelude::*;

verus! {

fn increment_all(v: &mut Vec<u32>)
    requires
        forall|i: int| 0 <= i < old(v).len() ==> old(v)[i] < u32::MAX,
    ensures
        v.len() == old(v).len(),
        forall|i: int| 0 <= i < v.len() ==> v[i] == old(v)[i] + 1,
{
    let mut k: usize = 0;
    while k < v.len()
        invariant
            v.len() == old(v).len(),
            0 <= k <= v.len(),
            forall|i: int| 0 <= i < k ==> v[i] == old(v)[i] + 1,
            forall|i: int| k <= i < v.len() ==> v[i] == old(v)[i],
            forall|i: int| 0 <= i < old(v).len() ==> old(v)[i] < u32::MAX,
        decreases v.len() - k,
    {
        let x = v[k];
        v.set(k, x + 1);
        k += 1;
    }
}

} // verus!

fn main() {}
