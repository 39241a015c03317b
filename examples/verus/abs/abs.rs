// |x| on i32: the result is x or -x and not negative. i32::MIN has no absolute value in i32.
use vstd::prelude::*;

verus! {

fn abs(x: i32) -> (r: i32)
    requires
        x > i32::MIN,
    ensures
        r >= 0,
        r == x || r == -x,
{
    if x < 0 { -x } else { x }
}

} // verus!

fn main() {}
