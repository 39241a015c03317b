import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every temporary file or directory of a test run (the tests' own, the CLI's and verifiers' they start)
// goes under one private directory, removed when the run ends: nothing is left in the system's /tmp,
// whichever test forgot to clean up or was cut short. Test workers inherit TMPDIR.
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'specmut-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
