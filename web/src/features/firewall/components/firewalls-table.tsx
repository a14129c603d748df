import { Link } from '@tanstack/react-router';
import type { Firewall } from '#shared/api/firewall';
import type { OrderColumn } from '#shared/pagination';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { locationLabel } from '../format.ts';

export function FirewallsTable({ projectId, items, sort, onSort }: { projectId: string; items: Firewall[]; sort: OrderColumn; onSort: (column: OrderColumn) => void }) {
  return (
    <Table caption={`Firewalls, sorted by ${sort}`}>
      <THead>
        <tr>
          <SortableTH label="Name" active={sort === 'name'} onSort={() => onSort('name')} />
          <TH>Location</TH>
          <TH>Description</TH>
          <TH className="text-right">Rules</TH>
          <SortableTH label="ID" active={sort === 'id'} onSort={() => onSort('id')} className="hidden xl:table-cell" />
        </tr>
      </THead>
      <TBody>
        {items.map((f) => (
          <TR key={f.id}>
            <TD>
              <Link
                to="/projects/$projectId/networking/firewalls/$location/$firewallName"
                params={{ projectId, location: f.location, firewallName: f.name }}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {f.name}
              </Link>
            </TD>
            <TD>
              <span className="whitespace-nowrap">{locationLabel(f.location)}</span>
              <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{f.location}</span>
            </TD>
            <TD className="max-w-sm">
              {f.description ? <span className="line-clamp-2">{f.description}</span> : <span className="text-slate-600 dark:text-slate-400">—</span>}
            </TD>
            <TD className="text-right tabular-nums">{f.firewall_rules.length}</TD>
            <TD className="hidden font-mono text-xs text-slate-600 xl:table-cell dark:text-slate-400">{f.id}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
