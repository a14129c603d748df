// The frame of a Settings card and the look of its menus.
import type { ReactNode } from 'react';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import type { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';

export const selectClass = cn(inputClass, 'border-slate-300 dark:border-slate-700');

/** A settings card: heading, text, the form's body, a refusal on top. */
export function SettingsCard({
  id,
  title,
  description,
  error,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  error?: ApiError | null;
  children: ReactNode;
}) {
  return (
    <Card labelledBy={id}>
      <CardHeader id={id} title={title} description={description} />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error ?? null} />
        {children}
      </div>
    </Card>
  );
}
