export * from './operators.js';
export * from './generate.js';
export * from './classify.js';
export * from './run.js';
