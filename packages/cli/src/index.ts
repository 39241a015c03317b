export { main } from './main.js';
export { BACKENDS, oracleChooser } from './backends.js';
export { discoverSuites } from './discover.js';
