export * from './context.js';
export * from './escapes.js';
