// A precondition that refuses nothing: the integer square root is only defined for n >= 0, yet this
// spec says `requires true`. On a negative n no r satisfies the postcondition, so a caller could
// never meet it; the suite's reject inputs show the missing requires (precondition completeness 0).

method IntegerSqrt(n: int) returns (r: int)
  requires true
  ensures 0 <= r
  ensures r * r <= n < (r + 1) * (r + 1)
