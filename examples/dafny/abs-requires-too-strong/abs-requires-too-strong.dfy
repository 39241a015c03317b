// A precondition that refuses inputs the method must handle: absolute value is defined for every
// integer, but this spec only speaks of positive ones. Its postcondition is right; the precondition
// tests show the fault (precondition correctness 1/3), and the tests at 0 and -3 say nothing about
// the postcondition, since a spec whose precondition is false there promises nothing.

method Abs(x: int) returns (y: int)
  requires x > 0
  ensures y >= 0
  ensures y == x || y == -x
