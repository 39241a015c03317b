// The same method with the first clause strengthened to an equivalence: every shared element
// must now be in the result, so answers that drop one are rejected too.

predicate Contains(a: array<int>, x: int)
  reads a
{
  exists k :: 0 <= k < a.Length && a[k] == x
}

method SharedElements(a: array<int>, b: array<int>) returns (result: seq<int>)
  ensures forall x :: x in result <==> Contains(a, x) && Contains(b, x)
  ensures forall i, j :: 0 <= i < j < |result| ==> result[i] != result[j]
