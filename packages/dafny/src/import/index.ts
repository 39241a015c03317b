export { importMbppDfy, totalsOf, IMPORT_REPORT_FILE, type ImportMbppDfyOptions, type ImportReport, type ImportTotals, type TaskReport } from './mbpp-dfy.js';
export { readTask, EXPECTED_TESTS, type TaskReading, type TaskSources, type TaskStatus } from './read-task.js';
export { readTestMethods, type TestCall, type Expectation, type MethodReading } from './read-tests.js';
export { readComment, type CommentReading } from './comments.js';
export { findTestMethods, chooseTarget } from './test-methods.js';
export { buildSuite, suiteMeta, formatSuiteJson, type ImportedSuite } from './suite.js';
export { parseTasksJsonl, taskStem, type TaskRow } from './tasks.js';
