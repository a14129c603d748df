import { Link } from '@tanstack/react-router';
import type { Project } from '#shared/api/project';
import type { OrderColumn } from '#shared/pagination';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { SortableTH, Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { formatCredit, formatDiscount } from '../format.ts';

export function ProjectsTable({ items, sort, onSort }: { items: Project[]; sort: OrderColumn; onSort: (column: OrderColumn) => void }) {
  return (
    <Table caption={`Projects, sorted by ${sort}`}>
      <THead>
        <tr>
          <SortableTH label="Name" active={sort === 'name'} onSort={() => onSort('name')} className="w-1/3" />
          <SortableTH label="ID" active={sort === 'id'} onSort={() => onSort('id')} />
          <TH className="text-right">Credit</TH>
          <TH className="text-right">Discount</TH>
        </tr>
      </THead>
      <TBody>
        {items.map((p) => (
          <TR key={p.id}>
            <TD>
              <Link
                to="/projects/$projectId"
                params={{ projectId: p.id }}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {p.name}
              </Link>
            </TD>
            <TD>
              <span className="inline-flex items-center gap-1">
                <code className="font-mono text-xs text-slate-700 dark:text-slate-300">{p.id}</code>
                <CopyButton value={p.id} label={`Copy ID of ${p.name}`} />
              </span>
            </TD>
            <TD className="text-right tabular-nums">{formatCredit(p.credit)}</TD>
            <TD className="text-right tabular-nums">{formatDiscount(p.discount)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
