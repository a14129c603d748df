import { Link } from '@tanstack/react-router';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import type { OrderColumn } from '#shared/pagination';
import { StateBadge } from '../../../components/ui/state-badge.tsx';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { locationLabel } from '../format.ts';

export function SubnetsTable({ projectId, items, sort, onSort }: { projectId: string; items: PrivateSubnet[]; sort: OrderColumn; onSort: (column: OrderColumn) => void }) {
  return (
    <Table caption={`Private subnets, sorted by ${sort}`}>
      <THead>
        <tr>
          <SortableTH label="Name" active={sort === 'name'} onSort={() => onSort('name')} />
          <TH>Location</TH>
          <TH>State</TH>
          <TH>IPv4 range</TH>
          <TH>IPv6 range</TH>
          <TH className="text-right">NICs</TH>
          <SortableTH label="ID" active={sort === 'id'} onSort={() => onSort('id')} className="hidden xl:table-cell" />
        </tr>
      </THead>
      <TBody>
        {items.map((s) => (
          <TR key={s.id}>
            <TD>
              <Link
                to="/projects/$projectId/networking/subnets/$location/$subnetName"
                params={{ projectId, location: s.location, subnetName: s.name }}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {s.name}
              </Link>
            </TD>
            <TD>
              <span className="whitespace-nowrap">{locationLabel(s.location)}</span>
              <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{s.location}</span>
            </TD>
            <TD>
              <StateBadge state={s.state} />
            </TD>
            <TD className="font-mono text-xs whitespace-nowrap">{s.net4}</TD>
            <TD className="font-mono text-xs whitespace-nowrap">{s.net6}</TD>
            <TD className="text-right tabular-nums">{s.nics.length}</TD>
            <TD className="hidden font-mono text-xs text-slate-600 xl:table-cell dark:text-slate-400">{s.id}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
