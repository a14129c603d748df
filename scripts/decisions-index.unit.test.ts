// Decision records keep their Date/Status headers and docs/decisions/README.md lists them all:
// a record added without `npm run decisions` (or without a header) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anchors,
  parseRecord,
  problems,
  readme,
  readRecords,
  renderReadme,
} from './decisions-index.ts';

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
    const text =
      '# 070 — Something: decided\n\nDate: 2026-12-01\nStatus: superseded by 071\nSupersedes: [003](003-projects.md)\n\n## Context\nDate: not this one\n';
    const record = parseRecord('070-something.md', text);
    expect(record).toEqual({
      file: '070-something.md',
      number: '070',
      title: 'Something: decided',
      date: '2026-12-01',
      status: 'superseded by 071',
      supersedes: '[003](003-projects.md)',
      supersededBy: undefined,
      foldedInto: undefined,
      otherKeys: [],
    });
    const bare = parseRecord('070-other.md', '# 070 Other\n\n## Decision\nStatus: accepted\n');
    expect(problems([record, bare], new Set())).toEqual([
      '070-something.md: "Status: superseded by 071" without a "Superseded by: [071](071-….md)" line',
      '070-other.md: number 070 is used twice',
      '070-other.md: no "Date: YYYY-MM-DD" line under the title',
      '070-other.md: no "Status: proposed | accepted | deprecated | superseded by NNN" line under the title (history goes in the body)',
    ]);
  });

  // A Status line is one of the template's values; history, amendments and figures go in the
  // record's body, where the index does not repeat them.
  it('refuses a status that is not a template value, and header lines the template does not have', () => {
    const header = (lines: string) =>
      parseRecord('080-x.md', `# 080 X\n\nDate: 2026-12-01\n${lines}\n\n## Context\n`);
    const wrong = [
      header('Status: accepted; amended by 081, figures in docs/performance.md'),
      header('Status: accepted (extends 040)'),
      header('Status: superseded'),
      header('Status: accepted\nAmends: [008](008-lifecycle-worker.md)'),
    ].map((record) => problems([record], new Set()));
    expect(wrong.map((found) => found.length)).toEqual([1, 1, 1, 1]);
    expect(wrong[3]).toEqual([
      '080-x.md: "Amends: [008](008-lifecycle-worker.md)" is not a header of the template (Date, Status, Supersedes, Superseded by)',
    ]);
    for (const status of ['proposed', 'accepted', 'deprecated'])
      expect(problems([header(`Status: ${status}`)], new Set())).toEqual([]);
    expect(
      problems([header('Status: superseded by 081\nSuperseded by: [081](081-y.md)')], new Set()),
    ).toEqual([]);
  });

  it('a record folded into docs/performance.md is deprecated and names a heading that exists', () => {
    const folded = (status: string) =>
      parseRecord(
        '090-x.md',
        `# 090 X\n\nDate: 2026-12-01\nStatus: ${status}\n\nFolded into [performance.md, Start](../performance.md#start).\n\n## Context\n`,
      );
    expect(folded('deprecated').foldedInto).toBe('start');
    expect(problems([folded('deprecated')], anchors('# Performance\n\n## Start\n'))).toEqual([]);
    expect(problems([folded('deprecated')], anchors('# Performance\n\n## Starting\n'))).toEqual([
      '090-x.md: folded into docs/performance.md#start, which has no such heading',
    ]);
    expect(problems([folded('accepted')], anchors('## Start'))).toEqual([
      '090-x.md: folded into docs/performance.md but not "Status: deprecated"',
    ]);
    expect([
      ...anchors('## SQLite: statements, `limit` and rows (231, 250)\n### Two BFFs on PostgreSQL'),
    ]).toEqual(['sqlite-statements-limit-and-rows-231-250', 'two-bffs-on-postgresql']);
  });
});
