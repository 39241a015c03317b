export { mutantStatus } from './status.js';
export { mutantLocation } from './location.js';
export { toMutationTestingReport, unreadable, type SourceTexts } from './mutation-testing.js';
export { renderHtml } from './html.js';
export { readElementsBundle, readSources, writeHtmlReport } from './write.js';
