// The filter menus above a list: the location filter, and any other "All …" menu (a VM's state).
import { LOCATIONS, type LocationName } from '#shared/catalog';

const selectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** A labelled menu whose first option ("All …", value '') means no filter. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <select
      aria-label={label}
      className={selectClass}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const LOCATION_OPTIONS = LOCATIONS.map((l) => ({
  value: l.name,
  label: `${l.displayName} (${l.name})`,
}));

/** "Location": All locations, or one ("Germany (eu-central-h1)"). */
export function LocationSelect({
  value,
  onChange,
}: {
  value: LocationName | undefined;
  onChange: (location: LocationName | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Location"
      allLabel="All locations"
      options={LOCATION_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}
