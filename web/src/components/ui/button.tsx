import { useId, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { Link, type LinkComponentProps } from '@tanstack/react-router';
import type { Access } from '#shared/roles';
import { cn } from '#web/lib/cn.ts';
import { useAccessDenied } from '#web/lib/project-access.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-blue-600 text-white shadow-sm hover:bg-blue-700 disabled:hover:bg-blue-600 dark:bg-blue-600 dark:hover:bg-blue-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger:
    'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:hover:bg-red-600 dark:bg-red-700 dark:hover:bg-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
};
const sizes: Record<ButtonSize, string> = { sm: 'h-8 px-3 text-sm', md: 'h-9 px-4 text-sm' };

/** Classes of a button, for links that look like one. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cn(base, variants[variant], sizes[size], extra);
}

/** An inert button (aria-disabled: still focusable, so its reason can be read) looks disabled. */
const inert = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * What the button's action needs of the caller's role in the project (shared/roles.ts): a
   * role that does not allow it leaves the button inert, described by the reason ("Viewers
   * cannot change this project."). Every button that changes the project says it.
   */
  access?: Access;
};

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  access,
  ...props
}: ButtonProps) {
  const denied = useAccessDenied(access);
  const reasonId = useId();
  if (!denied)
    return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
  const { onClick: _onClick, 'aria-describedby': describedBy, ...rest } = props;
  return (
    <>
      <button
        type={type}
        className={buttonClass(variant, size, cn(inert, className))}
        {...rest}
        aria-disabled
        aria-describedby={[describedBy, reasonId].filter(Boolean).join(' ')}
        title={denied}
        // Inert, a submit button included: nothing happens.
        onClick={(e: MouseEvent) => e.preventDefault()}
      />
      <span id={reasonId} hidden>
        {denied}
      </span>
    </>
  );
}

/**
 * A link that looks like a button and leads to a change (a create page): for a role that does
 * not allow `access`, an inert button with the reason instead.
 */
export function ActionLink({
  access,
  variant = 'primary',
  className,
  children,
  ...link
}: LinkComponentProps<'a'> & { access: Access; variant?: ButtonVariant; children: ReactNode }) {
  const denied = useAccessDenied(access);
  if (denied) {
    return (
      <Button access={access} variant={variant} className={className}>
        {children}
      </Button>
    );
  }
  return (
    <Link {...link} className={buttonClass(variant, 'md', className as string | undefined)}>
      {children}
    </Link>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      className={cn('size-4 animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A button's label that becomes a spinner and `busy` ("Creating…") while `pending`. */
export function BusyLabel({
  pending,
  busy,
  children,
}: {
  pending: boolean;
  busy: string;
  children: ReactNode;
}) {
  return pending ? (
    <>
      <Spinner /> {busy}
    </>
  ) : (
    <>{children}</>
  );
}
