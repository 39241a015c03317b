import { describe, expect, it } from 'vitest';
import { SpecmutError } from '@specmut/core';
import { parseTasksJsonl, taskStem } from '../../src/index.js';

describe('tasks.jsonl', () => {
  it('reads the fields the importer uses, numbers as ids, null labels as absent', () => {
    const rows = parseTasksJsonl('{"task_id": 7, "label": null, "description": "d", "extra": 1}\n\n{"task_id": "8", "label": "WRONG_SPEC"}\n', 't.jsonl');
    expect(rows).toEqual([
      expect.objectContaining({ task_id: '7', label: undefined, description: 'd' }),
      expect.objectContaining({ task_id: '8', label: 'WRONG_SPEC' }),
    ]);
    expect(taskStem('7')).toBe('task_id_7');
  });

  it('names the line of a bad row', () => {
    expect(() => parseTasksJsonl('{"task_id": "1"}\n{oops\n', 't.jsonl')).toThrow(expect.objectContaining({ location: { file: 't.jsonl', line: 2 } }));
    expect(() => parseTasksJsonl('{"id": "1"}\n', 't.jsonl')).toThrow(SpecmutError);
  });
});
