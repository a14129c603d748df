import { Link } from '@tanstack/react-router';
import { Menu, menuItemClass, MenuSeparator } from '#web/components/ui/menu.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSignOut } from '../api/sign-out.ts';

export function AccountMenu({ email }: { email: string }) {
  const signOut = useSignOut();
  return (
    <Menu
      align="end"
      menuLabel="Account"
      buttonClassName="inline-flex h-9 items-center gap-2 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      button={
        <>
          <span
            className="flex size-7 items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-800 uppercase dark:bg-blue-900 dark:text-blue-100"
            aria-hidden="true"
          >
            {email.slice(0, 1)}
          </span>
          <span className="sr-only">Account menu: </span>
          <span className="hidden max-w-48 truncate sm:inline">{email}</span>
        </>
      }
    >
      <div className="px-2.5 py-2" role="presentation">
        <p className="text-xs text-slate-600 dark:text-slate-400">Signed in as</p>
        <p className="truncate font-medium">{email}</p>
      </div>
      <MenuSeparator />
      <Link role="menuitem" tabIndex={-1} to="/account" className={menuItemClass}>
        <svg
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          className="size-4"
          aria-hidden="true"
        >
          <circle cx="10" cy="7" r="3.25" />
          <path d="M3.75 16.5c.9-2.9 3.3-4.5 6.25-4.5s5.35 1.6 6.25 4.5" strokeLinecap="round" />
        </svg>
        Account and security
      </Link>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={menuItemClass}
        onClick={() =>
          signOut.mutate(undefined, {
            onError: (error) => toast.error('Sign-out did not reach the server', error),
          })
        }
      >
        <svg
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          className="size-4"
          aria-hidden="true"
        >
          <path
            d="M12.5 6.5V4.75A1.75 1.75 0 0 0 10.75 3h-5A1.75 1.75 0 0 0 4 4.75v10.5C4 16.22 4.78 17 5.75 17h5c.97 0 1.75-.78 1.75-1.75V13.5M9 10h8m0 0-2.5-2.5M17 10l-2.5 2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Sign out
      </button>
    </Menu>
  );
}
