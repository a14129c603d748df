// The VM list's own cells: the size with its spec, the public addresses with copy buttons.
import type { VmListItem } from '#shared/api/vm';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { sizeSpec } from '../format.ts';

function Address({ value, label }: { value: string | null; label: string }) {
  if (!value) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-0.5">
      <code title={value} className="truncate font-mono text-xs text-slate-700 dark:text-slate-300">
        {value}
      </code>
      <CopyButton value={value} label={label} className="-my-1 shrink-0 p-1" />
    </span>
  );
}

export function VmSize({ size }: { size: string }) {
  return (
    <>
      <span className="block">{size}</span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{sizeSpec(size)}</span>
    </>
  );
}

export function VmPublicAddresses({ vm }: { vm: VmListItem }) {
  return (
    <>
      <span className="flex items-center gap-1.5">
        <span className="w-8 shrink-0 text-xs text-slate-600 dark:text-slate-400">IPv4</span>
        <Address value={vm.ip4} label={`Copy public IPv4 of ${vm.name}`} />
      </span>
      <span className="flex items-center gap-1.5">
        <span className="w-8 shrink-0 text-xs text-slate-600 dark:text-slate-400">IPv6</span>
        <Address value={vm.ip6} label={`Copy public IPv6 of ${vm.name}`} />
      </span>
    </>
  );
}
