// A count specified as the cardinality of a set comprehension. Dafny does not work out the size of
// such a set by itself; specmut's evaluator computes the set ({0, 2, 3} for "HeLLo") and the harness
// asks Dafny to prove it equal to that literal, which it can, element by element.

predicate IsUpper(c: char)
{
  'A' <= c <= 'Z'
}

method CountUpper(s: string) returns (n: nat)
  ensures n == |set i | 0 <= i < |s| && IsUpper(s[i])|
