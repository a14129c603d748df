import { Link } from '@tanstack/react-router';
import type { VmListItem } from '#shared/api/vm';
import type { OrderColumn } from '#shared/pagination';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { StateBadge } from '../../../components/ui/state-badge.tsx';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { locationDisplayName, sizeSpec } from '../format.ts';

function Address({ value, label }: { value: string | null; label: string }) {
  if (!value) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-0.5">
      <code title={value} className="truncate font-mono text-xs text-slate-700 dark:text-slate-300">{value}</code>
      <CopyButton value={value} label={label} className="-my-1 shrink-0 p-1" />
    </span>
  );
}

export function VmsTable({ projectId, items, sort, onSort }: { projectId: string; items: VmListItem[]; sort: OrderColumn; onSort: (column: OrderColumn) => void }) {
  return (
    <Table caption={`Virtual machines, sorted by ${sort}`}>
      <THead>
        <tr>
          <SortableTH label="Name" active={sort === 'name'} onSort={() => onSort('name')} />
          <TH>State</TH>
          <TH>Location</TH>
          <TH>Size</TH>
          <TH>Public addresses</TH>
          <SortableTH label="ID" active={sort === 'id'} onSort={() => onSort('id')} />
        </tr>
      </THead>
      <TBody>
        {items.map((vm) => (
          <TR key={vm.id}>
            <TD>
              <Link
                to="/projects/$projectId/compute/$location/$vmName"
                params={{ projectId, location: vm.location, vmName: vm.name }}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {vm.name}
              </Link>
            </TD>
            <TD>
              <StateBadge state={vm.state} />
            </TD>
            <TD>
              <span className="block">{locationDisplayName(vm.location)}</span>
              <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{vm.location}</span>
            </TD>
            <TD>
              <span className="block">{vm.size}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{sizeSpec(vm.size)}</span>
            </TD>
            <TD className="max-w-72 pr-6">
              <span className="flex items-center gap-1.5">
                <span className="w-8 shrink-0 text-xs text-slate-600 dark:text-slate-400">IPv4</span>
                <Address value={vm.ip4} label={`Copy public IPv4 of ${vm.name}`} />
              </span>
              <span className="flex items-center gap-1.5">
                <span className="w-8 shrink-0 text-xs text-slate-600 dark:text-slate-400">IPv6</span>
                <Address value={vm.ip6} label={`Copy public IPv6 of ${vm.name}`} />
              </span>
            </TD>
            <TD>
              <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{vm.id}</code>
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
