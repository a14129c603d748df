// A menu button (WAI-ARIA APG "menu button"): Enter/Space/ArrowDown open it on the first
// item (ArrowUp on the last), arrows/Home/End move, a letter jumps to the next item starting
// with it, Escape closes and returns focus to the button, Tab and clicks outside close it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export const menuItemClass =
  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none data-[focus=true]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

type Start = 'first' | 'last' | 'selected';

export function Menu({
  button,
  buttonLabel,
  buttonClassName,
  align = 'start',
  menuLabel,
  children,
  widthClass = 'w-64',
}: {
  /** The button's visible content. */
  button: ReactNode;
  /** The button's accessible name when its content is only an icon. */
  buttonLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  menuLabel: string;
  widthClass?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<Start | false>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>(
        '[role^="menuitem"]:not([aria-disabled="true"])',
      ) ?? [],
    );

  useEffect(() => {
    if (!open) return;
    const list = items();
    const selected = list.find((el) => el.getAttribute('aria-checked') === 'true');
    const target =
      open === 'last'
        ? list[list.length - 1]
        : open === 'selected'
          ? (selected ?? list[0])
          : list[0];
    target?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const move = (e: React.KeyboardEvent) => {
    const list = items();
    if (!list.length) return;
    const i = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (e.key) {
      case 'ArrowDown':
        next = list[(i + 1) % list.length];
        break;
      case 'ArrowUp':
        next = list[(i - 1 + list.length) % list.length];
        break;
      case 'Home':
        next = list[0];
        break;
      case 'End':
        next = list[list.length - 1];
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        return;
      case 'Tab':
        setOpen(false);
        return;
      case ' ':
        // Links do not activate on Space by themselves.
        e.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        return;
      default:
        if (e.key.length === 1 && /\S/.test(e.key)) {
          const k = e.key.toLowerCase();
          const order = [...list.slice(i + 1), ...list.slice(0, i + 1)];
          next = order.find((el) => el.textContent?.trim().toLowerCase().startsWith(k));
        }
    }
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        className={buttonClassName}
        onClick={() => (open ? close(false) : setOpen('selected'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen('first');
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen('last');
          }
        }}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          tabIndex={-1}
          onKeyDown={move}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('[role^="menuitem"]')) close(false);
          }}
          className={cn(
            'absolute z-40 mt-1.5 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900',
            widthClass,
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div
      className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-600 dark:text-slate-400"
      role="presentation"
    >
      {children}
    </div>
  );
}
