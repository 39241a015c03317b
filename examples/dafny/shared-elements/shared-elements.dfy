// The running example of Lahiri 2024: the elements two arrays have in common.
// This postcondition only says that whatever is returned is shared and free of repeats,
// so an answer that leaves a shared element out still satisfies it.

predicate Contains(a: array<int>, x: int)
  reads a
{
  exists k :: 0 <= k < a.Length && a[k] == x
}

method SharedElements(a: array<int>, b: array<int>) returns (result: seq<int>)
  ensures forall x :: x in result ==> Contains(a, x) && Contains(b, x)
  ensures forall i, j :: 0 <= i < j < |result| ==> result[i] != result[j]
