import { E, NotLowered, namedChildren, type LowerContext, type Scope, type Typed } from './context.js';
import { lowerExpr } from './expressions.js';
import type { Node } from '../syntax/parser.js';

const DIRECT = new Set(['integer_literal', 'boolean_literal', 'char_literal', 'string_literal', 'identifier', 'self']);

/**
 * The comma-separated arguments of a macro's token tree (`k => v` pairs for `map!`), each lowered as an
 * expression: single tokens directly, longer pieces by parsing their text as an expression (the
 * grammar keeps macro bodies as token trees).
 */
export function lowerMacroArguments(ctx: LowerContext, scope: Scope, tree: Node, pairs: boolean): Typed[][] {
  const tokens = tree.children.filter((c): c is Node => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').slice(1, -1);
  const pieces: Node[][] = [[]];
  for (const t of tokens) {
    if (t.type === ',') pieces.push([]);
    else pieces[pieces.length - 1]!.push(t);
  }
  if (pieces[pieces.length - 1]!.length === 0) pieces.pop();
  return pieces.map((piece) => {
    if (!pairs) return [lowerPiece(ctx, scope, piece, tree)];
    const arrow = piece.findIndex((t) => t.type === '=>');
    if (arrow < 0) throw new NotLowered('map! entry without =>', tree);
    return [lowerPiece(ctx, scope, piece.slice(0, arrow), tree), lowerPiece(ctx, scope, piece.slice(arrow + 1), tree)];
  });
}

/** `matches!(e, P)` / `matches!(e, P if c)`: read as `match e { P => true, _ => false }`. */
export function lowerMatchesMacro(ctx: LowerContext, scope: Scope, tree: Node): Typed {
  const tokens = tree.children.filter((c): c is Node => c !== null).slice(1, -1);
  const comma = tokens.findIndex((t) => t.type === ',');
  if (comma <= 0 || comma === tokens.length - 1) throw new NotLowered('matches! without a value and a pattern', tree);
  const text = (from: Node, to: Node) => tree.text.slice(from.startIndex - tree.startIndex, to.endIndex - tree.startIndex);
  const value = text(tokens[0]!, tokens[comma - 1]!);
  const last = tokens[tokens.length - 1]!.type === ',' ? tokens.length - 2 : tokens.length - 1;
  const pattern = text(tokens[comma + 1]!, tokens[last]!);
  return reparsed(ctx, scope, `match (${value}) { ${pattern} => true, _ => false }`, tree);
}

/** Parses `source` as one expression and lowers it; errors are reported at `at` (the macro in the file). */
function reparsed(ctx: LowerContext, scope: Scope, source: string, at: Node): Typed {
  if (!ctx.parser) throw new NotLowered('macro argument (the parser is not loaded)', at);
  const parsed = ctx.parser.parse(`verus! { spec fn macro_argument() { ${source} } }`);
  try {
    const fn = parsed.rootNode.descendantsOfType('function_item')[0];
    const body = fn?.childForFieldName('body');
    const expr = body ? namedChildren(body)[0] : undefined;
    if (!expr || parsed.rootNode.hasError || namedChildren(body!).length !== 1) throw new NotLowered(`macro argument ${source}`, at);
    try {
      return lowerExpr(ctx, scope, expr);
    } catch (e) {
      // Locations inside the re-parsed text mean nothing in the file: report at the macro.
      if (e instanceof NotLowered) throw new NotLowered(e.what, at);
      throw e;
    }
  } finally {
    parsed.delete();
  }
}

function lowerPiece(ctx: LowerContext, scope: Scope, piece: Node[], tree: Node): Typed {
  if (piece.length === 0) throw new NotLowered('empty macro argument', tree);
  if (piece.length === 1 && DIRECT.has(piece[0]!.type)) return lowerExpr(ctx, scope, piece[0]!);
  if (piece.length === 2 && piece[0]!.type === '-' && piece[1]!.type === 'integer_literal') {
    const v = lowerExpr(ctx, scope, piece[1]!);
    return { e: E.neg(v.e), t: v.t };
  }
  const source = tree.text.slice(piece[0]!.startIndex - tree.startIndex, piece[piece.length - 1]!.endIndex - tree.startIndex);
  return reparsed(ctx, scope, source, tree);
}
