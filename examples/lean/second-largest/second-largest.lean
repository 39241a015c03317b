-- The second largest distinct value of a list, VERINA-style: a precondition and a postcondition
-- about `result`. The postcondition pins the answer down: it is in the list, some larger value is
-- too, and nothing lies strictly between them.

@[reducible]
def secondLargest_precond (xs : List Int) : Prop :=
  xs.eraseDups.length ≥ 2

@[reducible]
def secondLargest_postcond (xs : List Int) (result : Int) (h_precond : secondLargest_precond (xs)) : Prop :=
  result ∈ xs ∧
  (∃ m ∈ xs, m > result) ∧
  (∀ x ∈ xs, x > result → ∀ y ∈ xs, y > result → x = y)
