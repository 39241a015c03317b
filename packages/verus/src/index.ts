export { parseVerus, verusParser } from './syntax/parser.js';
