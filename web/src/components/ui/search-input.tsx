// The name search above a list: a search box whose text is kept as typed while the list's URL
// keeps `?q=` (blank text clears it).
import { useState } from 'react';
import { Input } from './input.tsx';

/**
 * The box's text and what typing does. `onSearch` gets the new `q` (undefined when blank);
 * `clear` empties the box when a "Clear search" button resets the URL.
 */
export function useSearchBox(query: string | undefined, onSearch: (q: string | undefined) => void) {
  const [text, setText] = useState(query ?? '');
  return {
    value: text,
    onChange: (value: string) => {
      setText(value);
      onSearch(value.trim() ? value : undefined);
    },
    clear: () => setText(''),
  };
}

export function SearchInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative w-full max-w-xs">
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z"
          clipRule="evenodd"
        />
      </svg>
      <Input
        type="search"
        aria-label={label}
        placeholder="Search by name"
        className="pl-8"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
