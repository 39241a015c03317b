import type { Binder, Expr, FunctionDef } from '../ir/nodes.js';
import type { Value } from '../model/values.js';

/** A function value: a lambda closed over its scope, or a defined function used as a value. */
export interface FnVal {
  kind: 'fn';
  params: Binder[];
  body: Expr | undefined;
  env: Env | undefined;
  def?: FunctionDef | undefined;
  name: string;
}

/** What an expression evaluates to: a model value or a function. */
export type RVal = Value | FnVal;

/** An immutable scope chain: binding a variable never copies the outer scope. */
export class Env {
  constructor(
    readonly name: string,
    readonly value: RVal,
    readonly next: Env | undefined,
  ) {}

  static of(bindings: Record<string, RVal>): Env | undefined {
    let env: Env | undefined;
    for (const [k, v] of Object.entries(bindings)) env = new Env(k, v, env);
    return env;
  }
}

export function lookup(env: Env | undefined, name: string): RVal | undefined {
  for (let e = env; e; e = e.next) if (e.name === name) return e.value;
  return undefined;
}
