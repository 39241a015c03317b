// A spec through a recursive function: the verifier has to unfold Sum over the concrete array,
// which specmut's harness arranges with fuel sized to the values of each test.

function Sum(s: seq<int>): int
{
  if |s| == 0 then 0 else s[0] + Sum(s[1..])
}

method ArraySum(a: array<int>) returns (total: int)
  ensures total == Sum(a[..])
