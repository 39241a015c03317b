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

function lowerPiece(ctx: LowerContext, scope: Scope, piece: Node[], tree: Node): Typed {
  if (piece.length === 0) throw new NotLowered('empty macro argument', tree);
  if (piece.length === 1 && DIRECT.has(piece[0]!.type)) return lowerExpr(ctx, scope, piece[0]!);
  if (piece.length === 2 && piece[0]!.type === '-' && piece[1]!.type === 'integer_literal') {
    const v = lowerExpr(ctx, scope, piece[1]!);
    return { e: E.neg(v.e), t: v.t };
  }
  if (!ctx.parser) throw new NotLowered('macro argument (the parser is not loaded)', tree);
  const source = tree.text.slice(piece[0]!.startIndex - tree.startIndex, piece[piece.length - 1]!.endIndex - tree.startIndex);
  const parsed = ctx.parser.parse(`verus! { spec fn macro_argument() { ${source} } }`);
  try {
    const fn = parsed.rootNode.descendantsOfType('function_item')[0];
    const body = fn?.childForFieldName('body');
    const expr = body ? namedChildren(body)[0] : undefined;
    if (!expr || parsed.rootNode.hasError || namedChildren(body!).length !== 1) throw new NotLowered(`macro argument ${source}`, tree);
    try {
      return lowerExpr(ctx, scope, expr);
    } catch (e) {
      // Locations inside the re-parsed text mean nothing in the file: report at the macro.
      if (e instanceof NotLowered) throw new NotLowered(e.what, tree);
      throw e;
    }
  } finally {
    parsed.delete();
  }
}
