// `npm run decisions`: rewrites the index table at the end of docs/decisions/README.md from the
// headers of the decision records (NNN-title.md: title line, then Date, Status and optional
// Supersedes / Superseded by lines). Everything above the marker line is kept as written.
// scripts/decisions-index.unit.test.ts fails while the index is stale, or a header is missing
// or says more than the template allows (a Status line is not a changelog).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const dir = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
export const readme = `${dir}README.md`;
export const marker =
  '<!-- Generated below by `npm run decisions` (scripts/decisions-index.ts): do not edit by hand. -->';

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date?: string;
  status?: string;
  supersedes?: string;
  supersededBy?: string;
  /** The heading of docs/performance.md a deprecated speed record was folded into. */
  foldedInto?: string;
  /** Header lines other than the template's `Key: value` lines. */
  otherKeys: string[];
}

/** The header keys of the template in docs/decisions/README.md. */
const KEYS = ['Date', 'Status', 'Supersedes', 'Superseded by'];
const STATUS = /^(proposed|accepted|deprecated|superseded by \d{3})$/;
/** A record folded into the performance page says so first: `Folded into [text](../performance.md#anchor)`. */
const FOLDED = /^Folded into \[[^\]]*\]\(\.\.\/performance\.md#([\w-]+)\)/m;
export const performancePage = fileURLToPath(new URL('../docs/performance.md', import.meta.url));

/** Reads the header of one record: the `# NNN — Title` line and the `Key: value` lines before the first section. */
export function parseRecord(file: string, text: string): DecisionRecord {
  const lines = text.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && line.startsWith('#'));
  const head = lines.slice(1, end < 0 ? undefined : end);
  const field = (key: string) =>
    head
      .find((line) => line.startsWith(`${key}: `))
      ?.slice(key.length + 2)
      .trim();
  return {
    file,
    number: file.slice(0, 3),
    title: (lines[0] ?? '').replace(/^#\s*\d+\s*(?:[—–:.-]\s*)?/, '').trim(),
    date: field('Date'),
    status: field('Status'),
    supersedes: field('Supersedes'),
    supersededBy: field('Superseded by'),
    foldedInto: FOLDED.exec(head.join('\n'))?.[1],
    otherKeys: head.filter(
      (line) =>
        /^[A-Z][A-Za-z]*( [a-z]+)*: /.test(line) &&
        !KEYS.some((key) => line.startsWith(`${key}: `)),
    ),
  };
}

export function readRecords(): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => parseRecord(file, readFileSync(`${dir}${file}`, 'utf8')));
}

/** The anchors GitHub gives the headings of a markdown text. */
export function anchors(markdown: string): Set<string> {
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')));
}

/** What is wrong with the records' headers; empty when all is well. */
export function problems(
  records: DecisionRecord[],
  performance = anchors(readFileSync(performancePage, 'utf8')),
): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    if (seen.has(r.number)) found.push(`${r.file}: number ${r.number} is used twice`);
    seen.add(r.number);
    if (!r.title) found.push(`${r.file}: no title line "# ${r.number} Title"`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date ?? ''))
      found.push(`${r.file}: no "Date: YYYY-MM-DD" line under the title`);
    if (!STATUS.test(r.status ?? '')) {
      found.push(
        `${r.file}: no "Status: proposed | accepted | deprecated | superseded by NNN" line under the title (history goes in the body)`,
      );
    }
    const by = /^superseded by (\d{3})$/.exec(r.status ?? '')?.[1];
    if (by && !r.supersededBy?.includes(`[${by}](${by}-`))
      found.push(
        `${r.file}: "Status: superseded by ${by}" without a "Superseded by: [${by}](${by}-….md)" line`,
      );
    for (const line of r.otherKeys)
      found.push(
        `${r.file}: "${line}" is not a header of the template (Date, Status, Supersedes, Superseded by)`,
      );
    if (r.foldedInto !== undefined && !performance.has(r.foldedInto))
      found.push(
        `${r.file}: folded into docs/performance.md#${r.foldedInto}, which has no such heading`,
      );
    if (r.foldedInto !== undefined && r.status !== 'deprecated')
      found.push(`${r.file}: folded into docs/performance.md but not "Status: deprecated"`);
  }
  return found;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderIndex(records: DecisionRecord[]): string {
  const rows = records.map((r) => {
    const notes = [
      r.supersedes && `Supersedes ${r.supersedes}`,
      r.supersededBy && `Superseded by ${r.supersededBy}`,
      r.foldedInto && `Folded into [performance.md](../performance.md#${r.foldedInto})`,
    ]
      .filter(Boolean)
      .join('; ');
    return `| [${r.number}](${r.file}) | ${cell(r.title)} | ${r.date ?? ''} | ${r.status ?? ''} | ${cell(notes)} |`;
  });
  return [
    '| No. | Decision | Date | Status | Supersedes / superseded by / folded into |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * The README with everything after the marker replaced by the index of `records`. Prettier
 * leaves the table alone, so a new record adds one line and branches merge without conflicts.
 */
export function renderReadme(current: string, records: DecisionRecord[]): string {
  const at = current.indexOf(marker);
  if (at < 0) throw new Error(`${readme} has no marker line: ${marker}`);
  return `${current.slice(0, at + marker.length)}\n\n<!-- prettier-ignore -->\n${renderIndex(records)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const records = readRecords();
  const wrong = problems(records);
  if (wrong.length > 0) {
    console.error(wrong.join('\n'));
    process.exit(1);
  }
  writeFileSync(readme, renderReadme(readFileSync(readme, 'utf8'), records));
  console.log(`wrote ${readme} (${records.length} decisions)`);
}
