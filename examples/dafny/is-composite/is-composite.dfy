// An existential over a range of integers: n has a divisor strictly between 1 and n. For 91 the
// verifier needs the witness 7, which it does not find by itself; specmut's evaluator finds it and
// the harness hands it to Dafny as a hint (Dafny still proves everything).

method IsComposite(n: int) returns (composite: bool)
  requires n >= 2
  ensures composite <==> exists k :: 2 <= k < n && n % k == 0
