import { Link } from '@tanstack/react-router';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Spinner } from '#web/components/ui/button.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { useFirewallsById } from '../api/get-firewall.ts';
import { EffectiveRules, OpenFirewallWarning } from './firewall-effect.tsx';
import { portsLabel, presetOf, RULE_COLUMNS, sourceLabel } from '../format.ts';

/** A subnet's firewalls with their rules in words (a subnet's Firewalls tab, a VM's Networking tab). */
export function AttachedFirewalls({
  projectId,
  location,
  firewalls,
  subnet,
  effective,
}: {
  projectId: string;
  location: string;
  firewalls: { id: string; name: string }[];
  /** The subnet they guard: the warning of an allow-all firewall then offers to replace it. */
  subnet?: { id: string; name: string; managed: boolean };
  /** Also show what they let in together (a VM's Networking tab). */
  effective?: boolean;
}) {
  const queries = useFirewallsById(
    projectId,
    location,
    firewalls.map((f) => f.id),
  );
  if (!firewalls.length) {
    return (
      <EmptyState title="No firewall">
        No firewall guards this subnet. Attach one from a firewall&apos;s page under Networking ›
        Firewalls.
      </EmptyState>
    );
  }
  const loaded = queries.every((q) => q.data) ? queries.map((q) => q.data!) : undefined;
  return (
    <div className="space-y-6">
      {loaded ? (
        <OpenFirewallWarning
          projectId={projectId}
          location={location}
          firewalls={loaded}
          subnet={subnet}
        />
      ) : null}
      {loaded && effective ? <EffectiveRules firewalls={loaded} /> : null}
      {firewalls.map((f, i) => {
        const q = queries[i];
        const fw = q?.data;
        const headingId = `attached-fw-${f.id}`;
        return (
          <section
            key={f.id}
            aria-labelledby={headingId}
            className="rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <div>
                <h2 id={headingId} className="text-base font-semibold">
                  <Link
                    to="/projects/$projectId/networking/firewalls/$location/$firewallName"
                    params={{ projectId, location, firewallName: fw?.name ?? f.name }}
                    className="text-blue-700 hover:underline dark:text-blue-400"
                  >
                    {fw?.name ?? f.name}
                  </Link>
                </h2>
                {fw?.description ? (
                  <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                    {fw.description}
                  </p>
                ) : null}
              </div>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {fw
                  ? fw.firewall_rules.length === 1
                    ? '1 rule'
                    : `${fw.firewall_rules.length} rules`
                  : null}
              </span>
            </div>
            <div className="p-3">
              {!fw ? (
                <p className="flex items-center gap-2 px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
                  {q?.isError ? (
                    'Could not load this firewall.'
                  ) : (
                    <>
                      <Spinner /> Loading rules…
                    </>
                  )}
                </p>
              ) : fw.firewall_rules.length ? (
                <Table caption={`Inbound rules of firewall ${fw.name}`}>
                  <THeadRow columns={RULE_COLUMNS} />
                  <TBody>
                    {fw.firewall_rules.map((r) => (
                      <TR key={r.id}>
                        <TD className="font-medium">{presetOf(r)}</TD>
                        <TD>{sourceLabel(r.cidr)}</TD>
                        <TD>{r.protocol.toUpperCase()}</TD>
                        <TD>{portsLabel(r.port_range)}</TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              ) : (
                <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
                  No rules: this firewall lets no traffic in.
                </p>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
