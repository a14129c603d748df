// The project's members: searched by e-mail, sorted and paged like every list (the URL holds
// its state). An admin changes roles with a menu (a demotion asks first) and removes members;
// everyone else sees the roles only.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Member } from '#shared/api/member';
import { ROLE_DESCRIPTION, ROLES, type Role } from '#shared/roles';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { DataTable, idColumn, type Column } from '#web/components/ui/data-table.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { EmptyPage, ListStatus, matchText, Pager } from '#web/components/ui/pager.tsx';
import { SearchInput, useSearchBox } from '#web/components/ui/search-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import {
  FIRST_PAGE,
  filteredList,
  rangeText,
  type ListSearch,
  type PagingSearch,
} from '#web/lib/list-search.ts';
import { membersQuery, useChangeRole, useMembers, useRemoveMember } from '../api/members.ts';
import { formatDay, isDemotion, ROLE_LABEL } from '../format.ts';

/** A member as the list helpers see it: its name is its e-mail address. */
type Row = Member & { name: string };

export function MembersCard({
  projectId,
  search,
  isAdmin,
}: {
  projectId: string;
  search: ListSearch;
  isAdmin: boolean;
}) {
  const navigate = useNavigate();
  const change = (next: object, replace = false) =>
    void navigate({
      to: '.',
      search: ((prev: ListSearch) => ({ ...prev, ...next })) as never,
      replace,
    });
  const searchBox = useSearchBox(search.q, (q) => change({ q, ...FIRST_PAGE }, true));
  const { data, isFetching } = useMembers(projectId, membersQuery(search));
  const rows = data && {
    count: data.count,
    items: data.items.map((m): Row => ({ ...m, name: m.email })),
  };
  const { items, count, filtering, shown, page } = filteredList(search, rows);
  const [pendingRole, setPendingRole] = useState<{ member: Member; role: Role } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const changeRole = useChangeRole(projectId);

  const apply = (member: Member, role: Role) =>
    changeRole.mutate(
      { accountId: member.id, role },
      {
        onSuccess: () => {
          setPendingRole(null);
          toast.success(
            'Role changed',
            `${member.email} is now ${ROLE_LABEL[role].toLowerCase()}.`,
          );
        },
        onError: (err) => {
          if (!pendingRole) toast.error('Could not change the role', err);
        },
      },
    );
  const choose = (member: Member, role: Role) => {
    if (role === member.role) return;
    changeRole.reset();
    if (isDemotion(member.role, role)) setPendingRole({ member, role });
    else apply(member, role);
  };

  const columns: Column<Row>[] = [
    {
      header: 'E-mail',
      sort: 'name',
      cell: (m) => (
        <span className="font-medium">
          {m.email}
          {m.is_you ? (
            <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">
              (you)
            </span>
          ) : null}
        </span>
      ),
    },
    {
      header: 'Role',
      cell: (m) =>
        isAdmin ? (
          <select
            aria-label={`Role of ${m.email}`}
            value={m.role}
            disabled={changeRole.isPending}
            onChange={(e) => choose(m, e.target.value as Role)}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        ) : (
          <Badge tone={m.role === 'admin' ? 'blue' : 'grey'}>{ROLE_LABEL[m.role]}</Badge>
        ),
    },
    {
      header: 'Joined',
      className: 'hidden sm:table-cell whitespace-nowrap',
      cell: (m) => formatDay(m.created_at),
    },
    idColumn('hidden xl:table-cell'),
    ...(isAdmin
      ? [
          {
            header: 'Actions',
            className: 'text-right',
            cell: (m: Row) =>
              m.is_you ? null : (
                <Button
                  access="admin"
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${m.email}`}
                  onClick={() => setRemoving(m)}
                >
                  Remove
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card labelledBy="members-title">
      <CardHeader
        id="members-title"
        title="Members"
        description={
          isAdmin
            ? 'Admins manage members, tokens and the project itself; members change resources; viewers only read.'
            : 'Only admins can invite, re-role or remove members.'
        }
      />
      <div className="space-y-3 px-5 py-4">
        <div role="search" aria-label="Filter members">
          <SearchInput label="Search members by e-mail" {...searchBox} />
        </div>
        <ListStatus fetching={isFetching} className="min-h-5">
          {filtering
            ? matchText(shown.length, count, 'member matches', 'members match')
            : rangeText(page, items.length)}
        </ListStatus>
        {shown.length ? (
          <DataTable
            caption="Members"
            columns={columns}
            items={shown}
            sort={page.sort}
            onSort={(sort) => change({ sort, ...FIRST_PAGE })}
          />
        ) : filtering ? (
          <EmptyState
            title="No matching members"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  searchBox.clear();
                  change({ q: undefined, ...FIRST_PAGE });
                }}
              >
                Clear search
              </Button>
            }
          >
            No member’s e-mail address contains “{search.q}”.
          </EmptyState>
        ) : data ? (
          <EmptyPage what="Members" onFirstPage={() => change(FIRST_PAGE)} />
        ) : null}
        {!filtering && count > 0 ? (
          <Pager page={page} onChange={(paging: PagingSearch) => change(paging)} />
        ) : null}
      </div>
      {pendingRole ? (
        <ConfirmDialog
          title="Change role"
          action={`Make ${ROLE_LABEL[pendingRole.role].toLowerCase()}`}
          danger
          mutation={changeRole}
          onClose={() => setPendingRole(null)}
          onConfirm={() => apply(pendingRole.member, pendingRole.role)}
        >
          <p>
            Make <Strong>{pendingRole.member.email}</Strong>{' '}
            {pendingRole.member.is_you ? '(you) ' : ''}a{' '}
            {ROLE_LABEL[pendingRole.role].toLowerCase()} instead of{' '}
            {pendingRole.member.role === 'admin' ? 'an' : 'a'}{' '}
            {ROLE_LABEL[pendingRole.member.role].toLowerCase()}?{' '}
            {ROLE_DESCRIPTION[pendingRole.role]} It takes effect at once.
          </p>
        </ConfirmDialog>
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          projectId={projectId}
          member={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}

function RemoveMemberDialog({
  projectId,
  member,
  onClose,
}: {
  projectId: string;
  member: Member;
  onClose: () => void;
}) {
  const remove = useRemoveMember(projectId);
  return (
    <ConfirmDialog
      title="Remove member"
      action="Remove member"
      danger
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(member.id, {
          onSuccess: () => {
            toast.success(
              'Member removed',
              `${member.email} no longer has access to this project.`,
            );
            onClose();
          },
        })
      }
    >
      <p>
        Remove <Strong>{member.email}</Strong> from this project? They lose access at once, and
        their access tokens for it stop working.
      </p>
    </ConfirmDialog>
  );
}
