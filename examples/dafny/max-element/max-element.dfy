// A spec with an existential: the maximum must be one of the elements. Proving it for a concrete
// array needs a witness index, which the harness's element facts provide.

method MaxElement(a: array<int>) returns (m: int)
  requires a.Length > 0
  ensures forall i :: 0 <= i < a.Length ==> a[i] <= m
  ensures exists i :: 0 <= i < a.Length && a[i] == m
