import { checkPrecondition, evaluate, V, type IrSpec, type Value } from '@specmut/core';
import { lowerVerusFunction, unsupportedConstructs } from '../src/lower/index.js';
import { verusParser } from '../src/syntax/parser.js';

/** Lowers function `name` of a Verus snippet (wrapped in `verus! { }`). */
export async function lowerSnippet(source: string, name: string): Promise<IrSpec> {
  const parser = await verusParser();
  const tree = parser.parse(`use vstd::prelude::*;\nverus! {\n${source}\n}\n`);
  const fn = tree.rootNode.descendantsOfType(['function_item', 'function_signature_item']).find((n) => n?.childForFieldName('name')?.text === name);
  if (!fn) throw new Error(`no function ${name} in the snippet`);
  return lowerVerusFunction(fn, { file: 'snippet.rs', root: tree.rootNode, parser });
}

export type Outcome = 'holds' | 'fails' | `unknown:${string}`;

function show(r: { status: string; cause?: string | undefined }): Outcome {
  return r.status === 'unknown' ? `unknown:${r.cause}` : (r.status as Outcome);
}

/** The postcondition's verdict on a triple (precondition assumed). */
export async function post(source: string, name: string, bindings: Record<string, Value>): Promise<Outcome> {
  return show(await evaluate(await lowerSnippet(source, name), bindings));
}

export async function pre(source: string, name: string, bindings: Record<string, Value>): Promise<Outcome> {
  return show(await checkPrecondition(await lowerSnippet(source, name), bindings));
}

/** The constructs a snippet's function does not lower. */
export async function unsupported(source: string, name: string): Promise<string[]> {
  return unsupportedConstructs(await lowerSnippet(source, name)).map((u) => u.construct);
}

export const int = (n: number | bigint): Value => V.int(n);
export const ints = (...xs: number[]): Value => V.seq(xs.map((x) => V.int(x)));
export const bool = (b: boolean): Value => V.bool(b);
export const some = (v: Value): Value => V.datatype('Some', [v]);
export const none: Value = V.datatype('None');
