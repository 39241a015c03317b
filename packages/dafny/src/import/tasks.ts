import { SpecmutError } from '@specmut/core';

/** One row of an MBPP-DFY `tasks.jsonl`: the fields the importer uses (others are ignored). */
export interface TaskRow {
  task_id: string;
  description?: string | undefined;
  /** STRONG_SPEC, WEAK_SPEC or WRONG_SPEC; absent (null) for the human-written specs. */
  label?: string | undefined;
  spec_source?: string | undefined;
  note?: string | undefined;
  /** Paths relative to the corpus directory, when the row gives them. */
  spec_file?: string | undefined;
  test_file?: string | undefined;
}

function optionalString(row: Record<string, unknown>, key: string): string | undefined {
  const v = row[key];
  return typeof v === 'string' ? v : undefined;
}

/** Parses the JSON-lines index; a bad line is an error naming its line, not a skipped task. */
export function parseTasksJsonl(text: string, file: string): TaskRow[] {
  const rows: TaskRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new SpecmutError('parse-error', `not a JSON object: ${(e as Error).message}`, { file, line: i + 1 });
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new SpecmutError('parse-error', 'expected a JSON object per line', { file, line: i + 1 });
    const row = json as Record<string, unknown>;
    const id = row.task_id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new SpecmutError('parse-error', 'expected a "task_id" (a string or a number)', { file, line: i + 1 });
    rows.push({
      task_id: String(id),
      description: optionalString(row, 'description'),
      label: optionalString(row, 'label'),
      spec_source: optionalString(row, 'spec_source'),
      note: optionalString(row, 'note'),
      spec_file: optionalString(row, 'spec_file'),
      test_file: optionalString(row, 'test_file'),
    });
  });
  return rows;
}

/** `task_id_2`: the corpus's file stem for a task, used for the suite's id and file names. */
export function taskStem(taskId: string): string {
  return `task_id_${taskId}`;
}
