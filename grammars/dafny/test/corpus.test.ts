import { fileURLToPath } from 'node:url';
import { parseDafny } from '../../../packages/dafny/src/syntax/parser.js';
import { describeCorpus } from '../../corpus-test.js';

describeCorpus(fileURLToPath(new URL('./corpus/', import.meta.url)), parseDafny);
