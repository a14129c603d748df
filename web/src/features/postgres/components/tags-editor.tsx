// Tags of a database: key/value rows, added and removed as you go; checked with the server's rules.
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { plusIcon } from '#web/components/ui/icons.tsx';

export interface TagRow {
  key: string;
  value: string;
}

export function TagsEditor({
  tags,
  onChange,
  error,
}: {
  tags: readonly TagRow[];
  onChange: (tags: TagRow[]) => void;
  error?: string;
}) {
  const set = (i: number, part: Partial<TagRow>) =>
    onChange(tags.map((t, j) => (j === i ? { ...t, ...part } : t)));
  return (
    <fieldset aria-describedby={error ? 'pg-tags-error' : 'pg-tags-hint'} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Tags (optional)
      </legend>
      <p id="pg-tags-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Labels of your own, such as <span className="font-mono">team = billing</span>. Keys are
        unique; up to 50 tags.
      </p>
      <ul className="mt-2 space-y-2">
        {tags.map((t, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <Input
              aria-label={`Tag ${i + 1} key`}
              className="max-w-48"
              maxLength={128}
              value={t.key}
              invalid={!!error && !t.key}
              onChange={(e) => set(i, { key: e.target.value })}
            />
            <span aria-hidden="true">=</span>
            <Input
              aria-label={`Tag ${i + 1} value`}
              className="max-w-64"
              maxLength={256}
              value={t.value}
              onChange={(e) => set(i, { value: e.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove tag ${i + 1}`}
              onClick={() => onChange(tags.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        onClick={() => onChange([...tags, { key: '', value: '' }])}
        disabled={tags.length >= 50}
      >
        {plusIcon}
        Add tag
      </Button>
      {error ? (
        <p id="pg-tags-error" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
