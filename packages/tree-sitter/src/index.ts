export type { GrammarPackage, ParserBackend, Point, SyntaxCursor, SyntaxNode, SyntaxParser, SyntaxQuery, SyntaxQueryMatch, SyntaxTree } from './syntax.js';
export { loadParser, backendChoice, DEFAULT_BACKEND, PARSER_ENV, type BackendChoice } from './load.js';
export { named, fields, field, descendants } from './walk.js';
export { syntaxQuerier, type SyntaxQuerier, type QueryMatchData, type QueryCaptureData } from './query.js';
export { syntaxProblemsOf, type SyntaxProblemAt } from './problems.js';
