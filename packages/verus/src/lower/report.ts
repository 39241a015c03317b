import { children, type Expr, type IrLoc, type IrSpec } from '@specmut/core';

/** The `unsupported` nodes of a spec's clauses and of the functions it uses, and body-less helpers. */
export function unsupportedConstructs(spec: IrSpec): { construct: string; loc?: IrLoc | undefined }[] {
  const out: { construct: string; loc?: IrLoc | undefined }[] = [];
  const visit = (e: Expr) => {
    if (e.kind === 'unsupported') out.push({ construct: e.construct, loc: e.loc });
    children(e).forEach(visit);
  };
  for (const c of [...spec.requires, ...spec.ensures]) visit(c.expr);
  for (const f of spec.functions) {
    if (f.body) visit(f.body);
    else out.push({ construct: `${f.name} has no body (uninterpreted: its calls cannot be evaluated)`, loc: f.loc });
  }
  return out;
}
