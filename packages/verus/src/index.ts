export { parseVerus, verusParser } from './syntax/parser.js';
export { checkVerusSyntax, verusSyntaxProblems, assertVerusParsed } from './syntax/syntax-errors.js';
export { indexItems, VerusItems, type VerusFn, type VerusConst, type VerusDatatype, type VerusItem, type VerusParam, type FnMode } from './syntax/items.js';
export { VerusTypes, optionType, isModelled, firstOpaque } from './syntax/types.js';
export { loadVerusModule, verusNative, verusShape, dependencyClosure, rangeOf, type VerusNative, type VerusMethodShape } from './spec-module.js';
export { renderVerus, renderVerusType, renderVerusChar, renderVerusString, checkMachine, outOfRange, constructorPath } from './render.js';
export { readVerusValue } from './values.js';
export { emitVerusHarness, obligationSymbol, withoutOld, oldName, HARNESS_FILE, HARNESS_MODULE } from './harness/emit.js';
export { fixConditions, needsView } from './harness/fix.js';
