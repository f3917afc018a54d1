/**
 * AST of a rules file as produced by rules.peggy. Every node carries the 1-based line/column of
 * its first character (what production reports in "line [L], column [C]"). Expression nodes get a
 * numeric `id` after parsing (see loader.ts) for coverage and for evaluation bookkeeping.
 */

export interface Loc {
  line: number;
  column: number;
  offset: number;
}

/** The end of a node's source span (exclusive offset) for coverage and error excerpts. */
export interface Span {
  loc: Loc;
  end: number;
}

export type LiteralValue = null | boolean | bigint | number | string | { bytes: Uint8Array };

interface ExprBase extends Span {
  /** Assigned by the loader: unique per ruleset, dense from 0. */
  id: number;
}

export type PathPart = { kind: 'text'; text: string } | { kind: 'interp'; expr: Expr };

export type Expr =
  | (ExprBase & { kind: 'Literal'; value: LiteralValue })
  | (ExprBase & { kind: 'List'; items: Expr[] })
  | (ExprBase & { kind: 'Map'; entries: { key: Expr; value: Expr }[] })
  /** A path literal; each segment is a concatenation of parts. */
  | (ExprBase & { kind: 'Path'; segments: PathPart[][] })
  | (ExprBase & { kind: 'Ident'; name: string })
  | (ExprBase & { kind: 'Member'; object: Expr; name: string; nameLoc: Loc })
  | (ExprBase & { kind: 'Index'; object: Expr; index: Expr })
  | (ExprBase & { kind: 'Slice'; object: Expr; start: Expr | null; stop: Expr | null })
  | (ExprBase & { kind: 'Call'; callee: Expr; args: Expr[] })
  | (ExprBase & { kind: 'Unary'; op: '!' | '-'; arg: Expr })
  | (ExprBase & { kind: 'Binary'; op: BinaryOp; left: Expr; right: Expr; opLoc: Loc })
  | (ExprBase & { kind: 'Is'; expr: Expr; typeName: string; typeLoc: Loc })
  | (ExprBase & { kind: 'Ternary'; test: Expr; consequent: Expr; alternate: Expr });

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type ExprKind = Expr['kind'];
export type ExprOf<K extends ExprKind> = Extract<Expr, { kind: K }>;

export type MatchSegment =
  { kind: 'literal'; text: string } | { kind: 'var'; name: string } | { kind: 'glob'; name: string };

export interface LetDecl {
  name: string;
  expr: Expr;
  loc: Loc;
}

export interface FunctionDecl {
  kind: 'Function';
  name: string;
  params: { name: string; loc: Loc }[];
  lets: LetDecl[];
  body: Expr;
  loc: Loc;
  /** How many `return` statements were written (production requires exactly one). */
  returns: number;
  /** Statements written after the return (an error). */
  trailing: Loc | null;
}

export interface AllowDecl {
  kind: 'Allow';
  methods: { name: string; loc: Loc }[];
  condition: Expr | null;
  loc: Loc;
}

export interface MatchDecl {
  kind: 'Match';
  path: MatchSegment[];
  pathLoc: Loc;
  functions: FunctionDecl[];
  allows: AllowDecl[];
  matches: MatchDecl[];
  loc: Loc;
}

export interface ServiceDecl {
  kind: 'Service';
  name: string;
  nameLoc: Loc;
  functions: FunctionDecl[];
  matches: MatchDecl[];
  /** allow statements written directly in the service block (an error). */
  allows: AllowDecl[];
  loc: Loc;
}

export interface RulesFile {
  kind: 'File';
  /** The string given to rules_version, or null when absent (version 1). */
  version: string | null;
  versionLoc: Loc | null;
  functions: FunctionDecl[];
  services: ServiceDecl[];
}
