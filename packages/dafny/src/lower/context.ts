import { builders, DAFNY, locOf, NotLowered, type Constructor, type DatatypeDecl, type FunctionDef, type IrLoc, type LoweredSyntax, type Type, type Typed } from '@specmut/core';
import type { DafnyNative } from '../spec-module.js';
import type { Declaration } from '../syntax/declarations.js';
import { fields, named, type Node } from '../syntax/parser.js';
import type { Binding, Scope } from './scope.js';
import { resolveType, type ResolvedType, type SubsetInfo } from './types.js';

/** An IR expression with the static type the lowering could tell (undefined when it could not). */
export interface Lowered extends Typed {
  /** Set when the expression is a variable: lets a use pin the type of an untyped bound variable. */
  binding?: Binding | undefined;
  /**
   * The type comes from integer literals only (`0x10`, `n + 1` with n a literal-bound variable): Dafny
   * gives such literals the type their context wants, which matters for bit-vectors.
   */
  soft?: boolean | undefined;
  /** A value of a newtype: Dafny checks its constraint on every arithmetic result. */
  newtype?: SubsetInfo | undefined;
}

/** `expected`: the type the context wants (a function's result, a parameter, the other operand), if known. */
export type ExprLowerer = (cx: LowerContext, node: Node, scope: Scope, expected?: Type) => Lowered;

export interface CtorField {
  name?: string | undefined;
  typeNode: Node;
  defaultValue?: Node | undefined;
}

export interface CtorInfo {
  name: string;
  datatype: Declaration;
  fields: CtorField[];
}

/**
 * Everything one lowering run shares: the parsed file, the IR builders with Dafny's semantics, the
 * functions lowered so far (so recursion and shared callees are lowered once), and name resolution.
 */
export class LowerContext {
  readonly E = builders(DAFNY);
  /** Functions, predicates and constants reached so far, by IR name. */
  readonly functions = new Map<string, FunctionDef>();
  readonly irNames = new Map<Declaration, string>();
  private readonly ctors = new Map<string, CtorInfo[]>();
  private readonly datatypeTypes = new Map<Declaration, Type>();
  private counter = 0;

  constructor(
    readonly file: string,
    readonly native: DafnyNative,
    private readonly lowerExpr: ExprLowerer,
  ) {
    for (const d of native.declarations) {
      if (d.kind !== 'datatype') continue;
      for (const c of fields(d.node, 'constructor')) {
        const name = c.childForFieldName('name')!.text;
        const params = c.childForFieldName('parameters');
        const info: CtorInfo = {
          name,
          datatype: d,
          fields: (params ? named(params) : [])
            .filter((p) => p.type === 'formal_parameter')
            .map((p) => ({ name: p.childForFieldName('name')?.text, typeNode: p.childForFieldName('type')!, defaultValue: p.childForFieldName('default') ?? undefined })),
        };
        this.ctors.set(name, [...(this.ctors.get(name) ?? []), info]);
      }
    }
  }

  /** Lowers an expression and gives it the node's location unless a more precise one was set inside. */
  expr(node: Node, scope: Scope, expected?: Type): Lowered {
    let out: Lowered;
    try {
      out = this.lowerExpr(this, node, scope, expected);
    } catch (err) {
      if (!(err instanceof NotLowered)) throw err;
      out = this.unsupported(err.what, err.node);
    }
    out.e.loc ??= this.loc(node);
    return out;
  }

  /** A name no Dafny identifier can take, for temporaries the lowering introduces. */
  fresh(hint: string): string {
    return `${hint}#${++this.counter}`;
  }

  loc(node: LoweredSyntax): IrLoc {
    return locOf(this, node);
  }

  where(node: Node): string {
    return `${this.file}:${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
  }

  /** A construct with no IR translation: unknown when evaluated, so the rest of a clause may still decide. */
  unsupported(construct: string, node: LoweredSyntax): Lowered {
    return { e: this.E.unsupported(construct, this.loc(node)) };
  }

  type(node: Node): ResolvedType {
    return resolveType(this.native.types, this.native.declarations, node);
  }

  /**
   * The declaration a name refers to from inside `path`: the one in the innermost enclosing module or
   * class first, then any other (Dafny's `import opened` makes those visible too).
   */
  declaration(name: string, path: readonly string[], accept: (d: Declaration) => boolean): Declaration | undefined {
    const candidates = this.native.declarations.filter((d) => d.name === name && accept(d));
    if (candidates.length <= 1) return candidates[0];
    const shared = (d: Declaration) => {
      let i = 0;
      while (i < d.path.length && i < path.length && d.path[i] === path[i]) i++;
      return i === d.path.length ? 1000 + i : i; // fully enclosing paths win
    };
    return [...candidates].sort((a, b) => shared(b) - shared(a))[0];
  }

  /** A declaration inside the module, class or datatype named `container` (`M.F`, `List.Cons`). */
  member(container: string, name: string, accept: (d: Declaration) => boolean): Declaration | undefined {
    return this.native.declarations.find((d) => d.name === name && d.path[d.path.length - 1] === container && accept(d));
  }

  isContainer(name: string): boolean {
    return this.native.declarations.some((d) => d.name === name && (d.kind === 'module' || d.kind === 'class' || d.kind === 'trait' || d.kind === 'datatype'));
  }

  /** The constructor named `name`, in `datatype` when given (a qualified `List.Cons` or a known type). */
  ctor(name: string, datatype?: string): CtorInfo | undefined {
    const all = this.ctors.get(name) ?? [];
    return datatype ? all.find((c) => c.datatype.name === datatype) : all[0];
  }

  /** Constructors of all datatypes having a destructor named `field`. */
  ctorsWithField(field: string): CtorInfo[] {
    return [...this.ctors.values()].flat().filter((c) => c.fields.some((f) => f.name === field));
  }

  ctorsOf(datatype: Declaration): CtorInfo[] {
    return [...this.ctors.values()].flat().filter((c) => c.datatype === datatype);
  }

  /** The model type of a datatype without type arguments (its constructors' field types resolved). */
  datatypeType(decl: Declaration): Type {
    let t = this.datatypeTypes.get(decl);
    if (!t) {
      t = { kind: 'datatype', name: decl.name, args: [], ctors: this.datatypes().find((d) => d.name === decl.name)?.ctors ?? [] };
      this.datatypeTypes.set(decl, t);
    }
    return t;
  }

  /** Every datatype of the file, with destructor names, for `x.field` and patterns. */
  datatypes(): DatatypeDecl[] {
    return this.native.declarations
      .filter((d) => d.kind === 'datatype')
      .map((d) => ({
        name: d.name,
        ctors: this.ctorsOf(d).map((c): Constructor => ({ name: c.name, fields: c.fields.map((f) => ({ name: f.name, type: this.native.types.resolve(f.typeNode) })) })),
      }));
  }
}
