export { main } from './main.js';
export { BACKENDS } from './backends.js';
export { discoverSuites } from './discover.js';
