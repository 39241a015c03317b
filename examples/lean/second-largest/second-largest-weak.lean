-- A weaker postcondition: the result is in the list and something is larger. It accepts any value
-- but the maximum, so it is correct and rejects only some wrong answers.

@[reducible]
def secondLargest_precond (xs : List Int) : Prop :=
  xs.eraseDups.length ≥ 2

@[reducible]
def secondLargest_postcond (xs : List Int) (result : Int) (h_precond : secondLargest_precond (xs)) : Prop :=
  result ∈ xs ∧ ∃ m ∈ xs, m > result
