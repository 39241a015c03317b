import type { Type } from '@specmut/core';
import type { Declaration } from '../syntax/declarations.js';
import type { SubsetInfo } from './types.js';

/**
 * A Dafny name in scope. `ir` is the IR variable it stands for: usually the same name, but a subset
 * type's constraint is lowered with its own variable mapped onto the bound variable it constrains.
 */
export interface Binding {
  name: string;
  ir: string;
  type?: Type | undefined;
  subset?: SubsetInfo | undefined;
  /** Bound by a let to a value typed only by integer literals (see `Lowered.soft`). */
  soft?: boolean | undefined;
  /**
   * An untyped bound variable whose type Dafny would infer: the first use that pins it (`x in s`,
   * `x == e`, `s[x]`) records it here; `asked` notes that some construct needed it before it was known.
   */
  inference?: { asked: boolean } | undefined;
}

/**
 * What a whole clause or function body shares: the declaration it belongs to (for name resolution in
 * modules), and for a function's own postconditions, the call that stands for its result.
 */
export interface Frame {
  /** Enclosing modules/classes/datatypes of the declaration being lowered, outermost first. */
  path: string[];
  /** In a function's own ensures: `F(p1, ..., pn)` with exactly its parameters is the result variable. */
  selfCall?: { name: string; params: string[]; result: string } | undefined;
  /** In a datatype member: the datatype whose value `this` is. */
  thisDatatype?: Declaration | undefined;
  /**
   * In a function body: `assert`s there are proof obligations of the function, which Dafny checks when
   * it verifies the function, not at its calls (a call sees only the defining equation).
   */
  functionBody?: boolean | undefined;
  /**
   * In the spec under test: its parameters, which exist before the call (`fresh(p)` is false), its
   * results, and the parameters it changes in place (inside `old(..)` they denote their pre-state).
   */
  signature?: { params: ReadonlySet<string>; results: ReadonlySet<string>; modified?: ReadonlySet<string> } | undefined;
}

/** Lexical scope: immutable chain of binding maps, looked up innermost first (Dafny shadowing). */
export class Scope {
  private constructor(
    readonly frame: Frame,
    private readonly vars: ReadonlyMap<string, Binding>,
    private readonly parent: Scope | undefined,
  ) {}

  static root(frame: Frame, bindings: Binding[] = []): Scope {
    return new Scope(frame, new Map(bindings.map((b) => [b.name, b])), undefined);
  }

  lookup(name: string): Binding | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const b = s.vars.get(name);
      if (b) return b;
    }
    return undefined;
  }

  /** The binding of `name` in the outermost map: a function's own parameter, not a local shadowing it. */
  isRootBinding(name: string): boolean {
    let s: Scope = this;
    while (s.parent) {
      if (s.vars.has(name)) return false;
      s = s.parent;
    }
    return s.vars.has(name);
  }

  with(bindings: Binding[]): Scope {
    if (bindings.length === 0) return this;
    return new Scope(this.frame, new Map(bindings.map((b) => [b.name, b])), this);
  }
}

export function binding(name: string, type?: Type, subset?: SubsetInfo): Binding {
  return { name, ir: name, type, subset };
}
