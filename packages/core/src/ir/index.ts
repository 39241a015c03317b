export * from './nodes.js';
export * from './semantics.js';
export * from './build.js';
export * from './defaults.js';
export * from './print.js';
export * from './vars.js';
