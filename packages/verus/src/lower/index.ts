export { lowerVerusSpec, lowerVerusFunction } from './spec.js';
export { unsupportedConstructs } from './report.js';
