// A resource's page (a VM, a subnet, a firewall…), configured by its route: the "← list" link,
// the heading with the state badge, the lines under it and the actions, and the tabs (each its
// own address, `?tab=`) with the open tab's panel.
import { Link, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { backLinkClass } from './back-link.ts';
import { StateBadge } from './state-badge.tsx';
import { TabList, TabPanel, type TabDef } from './tabs.tsx';

export function DetailPage<T extends string>({
  back,
  title,
  state,
  meta,
  actions,
  notice,
  idPrefix,
  tabsLabel,
  tabs,
  tab,
  panels,
}: {
  /** The list: "← Subnets". */
  back: { link: LinkOptions; label: string };
  title: string;
  /** The state badge after the heading (its test id is `<idPrefix>-state`). */
  state?: string;
  /** What stands under the heading (location, description…). */
  meta?: ReactNode;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
  /** Under the heading, full width: why the resource failed, with Retry (FailureNotice). */
  notice?: ReactNode;
  /** Prefixes the tabs' and panels' ids ("vm-tab-settings"). */
  idPrefix: string;
  /** "VM sections". */
  tabsLabel: string;
  /** The first tab is the page without `?tab=`. */
  tabs: readonly [TabDef<T>, ...TabDef<T>[]];
  tab: T;
  panels: Record<T, ReactNode>;
}) {
  return (
    <div className="space-y-6">
      <div>
        <Link {...back.link} className={backLinkClass}>
          ← {back.label}
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
              {state ? (
                // Named for tests and assistive technology alike; not a live region, as the
                // console's live announcer already speaks state changes.
                <span
                  role="status"
                  aria-live="off"
                  aria-label={`State: ${state}`}
                  data-testid={`${idPrefix}-state`}
                >
                  <StateBadge state={state} />
                </span>
              ) : null}
            </div>
            {meta}
          </div>
          {actions}
        </div>
        {notice}
      </div>

      <div>
        <TabList<T>
          tabs={tabs}
          active={tab}
          defaultTab={tabs[0].id}
          label={tabsLabel}
          idPrefix={idPrefix}
        />
        <TabPanel idPrefix={idPrefix} tab={tab}>
          {panels[tab]}
        </TabPanel>
      </div>
    </div>
  );
}
