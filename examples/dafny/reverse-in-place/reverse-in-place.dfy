// A method that changes its argument: the test gives the array's final state as the output, and
// the postcondition relates it to the state before the call with old().

method Reverse(a: array<int>)
  modifies a
  ensures forall i :: 0 <= i < a.Length ==> a[i] == old(a[a.Length - 1 - i])
