// Decision records keep their Date/Status headers and docs/decisions/README.md lists them all:
// a record added without `npm run decisions` (or without a header) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord, problems, readme, readRecords, renderReadme } from './decisions-index.ts';

describe('decision records', () => {
  it('every record has a title, a date and a status, and a number of its own', () => {
    const records = readRecords();
    expect(records.length).toBeGreaterThan(0);
    expect(problems(records)).toEqual([]);
  });

  it('the index in docs/decisions/README.md is up to date (run `npm run decisions`)', () => {
    const current = readFileSync(readme, 'utf8');
    expect(current).toBe(renderReadme(current, readRecords()));
  });

  it('reads the header fields and reports missing or duplicate ones', () => {
    const text = '# 070 — Something: decided\n\nDate: 2026-12-01\nStatus: superseded by 071\nSupersedes: [003](003-projects.md)\n\n## Context\nDate: not this one\n';
    const record = parseRecord('070-something.md', text);
    expect(record).toEqual({
      file: '070-something.md',
      number: '070',
      title: 'Something: decided',
      date: '2026-12-01',
      status: 'superseded by 071',
      supersedes: '[003](003-projects.md)',
      supersededBy: undefined,
    });
    const bare = parseRecord('070-other.md', '# 070 Other\n\n## Decision\nStatus: accepted\n');
    expect(problems([record, bare])).toEqual([
      '070-other.md: number 070 is used twice',
      '070-other.md: no "Date: YYYY-MM-DD" line under the title',
      '070-other.md: no "Status: proposed | accepted | deprecated | superseded by NNN" line under the title',
    ]);
  });
});
