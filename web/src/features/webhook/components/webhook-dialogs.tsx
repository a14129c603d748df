// Registering a webhook, its secret shown once, rotating the secret and deleting the webhook,
// each in a dialog over the list (decision 218).
import { useState } from 'react';
import { z } from 'zod';
import { webhookUrlSchema, type Webhook, type WebhookWithSecret } from '#shared/api/webhook';
import { resourceName } from '#shared/names';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Input, NameField, TextField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useDeleteWebhook, useRegisterWebhook, useRotateWebhookSecret } from '../api/webhooks.ts';

/** The kinds of objects the console offers to choose events of (the API takes finer types too). */
export const EVENT_KINDS = [
  ['vm', 'VMs'],
  ['privateSubnet', 'Private subnets'],
  ['firewall', 'Firewalls'],
  ['loadBalancer', 'Load balancers'],
  ['postgres', 'PostgreSQL databases'],
  ['kubernetesCluster', 'Kubernetes clusters'],
  ['nodePool', 'Kubernetes node pools'],
  ['sshPublicKey', 'SSH keys'],
  ['accessToken', 'Tokens'],
  ['projectMember', 'Members'],
  ['spendAlert', 'Spend alerts'],
] as const;

/** "All events", "VMs, Firewalls" or the types themselves. */
export function eventTypesText(types: readonly string[]): string {
  if (types.includes('*')) return 'All events';
  return types
    .map((t) => (t.endsWith('.*') ? (EVENT_KINDS.find(([k]) => `${k}.*` === t)?.[1] ?? t) : t))
    .join(', ');
}

const registerSchema = z.object({ name: resourceName('webhookEndpoint'), url: webhookUrlSchema });

const checkboxClass =
  'size-4 rounded border-slate-400 text-blue-600 focus-visible:outline-2 dark:border-slate-600';

export function RegisterWebhookDialog({
  projectId,
  onClose,
  onRegistered,
}: {
  projectId: string;
  onClose: () => void;
  onRegistered: (w: WebhookWithSecret) => void;
}) {
  const register = useRegisterWebhook();
  const form = useForm(registerSchema, { name: '', url: '' }, ['name']);
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [typesError, setTypesError] = useState<string | undefined>();
  const pending = register.isPending;
  const toggle = (kind: string, on: boolean) => {
    setTypesError(undefined);
    setChosen((c) => (on ? [...c, kind] : c.filter((k) => k !== kind)));
  };
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title="Add webhook"
      description={
        <p>
          The project&apos;s events are POSTed to this URL as JSON, signed with a secret shown once
          when you add it.
        </p>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          const noTypes = !all && chosen.length === 0;
          if (noTypes) setTypesError('Choose at least one kind of event, or all events.');
          submitWith(form, pending, ({ name, url }) => {
            if (noTypes) return;
            register.mutate(
              {
                projectId,
                body: { name, url, event_types: all ? ['*'] : chosen.map((k) => `${k}.*`) },
              },
              {
                onSuccess: (w) => {
                  toast.success(
                    'Webhook added',
                    `${w.name} receives ${eventTypesText(w.event_types).toLowerCase()}.`,
                  );
                  onRegistered(w);
                },
                onError: form.setServerError,
              },
            );
          })(e);
        }}
      >
        <FormAlert error={form.formError} />
        <TextField
          label="URL"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/cloud"
          hint="HTTPS, on a public address. It must answer 2xx within 10 seconds."
          {...form.field('url')}
        />
        <NameField
          label="Name"
          required
          placeholder="deploys"
          hint="Unique in the project: lowercase letters, numbers and hyphens."
          {...form.field('name')}
        />
        <fieldset
          className="space-y-2"
          aria-describedby={typesError ? 'event-types-error' : undefined}
        >
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Events</legend>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={all}
              onChange={(e) => (setAll(e.target.checked), setTypesError(undefined))}
            />
            All events
          </label>
          {all ? null : (
            <div className="grid grid-cols-2 gap-x-4 gap-y-1.5 pl-6">
              {EVENT_KINDS.map(([kind, label]) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={chosen.includes(kind)}
                    onChange={(e) => toggle(kind, e.target.checked)}
                  />
                  {label}
                </label>
              ))}
            </div>
          )}
          {typesError ? (
            <p
              id="event-types-error"
              role="alert"
              className="text-sm text-red-700 dark:text-red-400"
            >
              {typesError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            Add webhook
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The secret, this once: a read-only field to select or copy, and how to verify with it. */
export function WebhookSecretDialog({
  webhook,
  rotated,
  onClose,
}: {
  webhook: WebhookWithSecret;
  rotated?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={rotated ? `New secret of ${webhook.name}` : `Webhook ${webhook.name} added`}
      description={
        <p
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Copy the signing secret now. It will not be shown again.
        </p>
      }
    >
      <label
        htmlFor="webhook-secret"
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Signing secret
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <Input
          id="webhook-secret"
          readOnly
          value={webhook.secret}
          spellCheck={false}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={webhook.secret} label="Copy secret" />
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Each delivery carries <code className="font-mono text-xs">Webhook-Id</code>,{' '}
        <code className="font-mono text-xs">Webhook-Timestamp</code> and{' '}
        <code className="font-mono text-xs">Webhook-Signature</code> (Standard Webhooks).
        {webhook.previous_secret_expires_at
          ? ' Until tomorrow the previous secret signs too, so your receiver can switch without missing a delivery.'
          : null}
      </p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}

export function RotateSecretDialog({
  projectId,
  webhook,
  onClose,
  onRotated,
}: {
  projectId: string;
  webhook: Webhook;
  onClose: () => void;
  onRotated: (w: WebhookWithSecret) => void;
}) {
  const rotate = useRotateWebhookSecret();
  const [keep, setKeep] = useState(true);
  return (
    <ConfirmDialog
      title="Rotate secret?"
      action="Rotate secret"
      mutation={rotate}
      onClose={() => {
        rotate.reset();
        onClose();
      }}
      onConfirm={() =>
        rotate.mutate(
          { projectId, webhookId: webhook.id, keepPrevious: keep },
          { onSuccess: onRotated },
        )
      }
    >
      <p>
        <Strong>{webhook.name}</Strong> gets a new signing secret, shown once.
      </p>
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={keep}
          onChange={(e) => setKeep(e.target.checked)}
        />
        Keep signing with the current secret too for 24 hours
      </label>
    </ConfirmDialog>
  );
}

export function DeleteWebhookDialog({
  projectId,
  webhook,
  onClose,
}: {
  projectId: string;
  webhook: Webhook;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      title="Delete webhook?"
      action="Delete webhook"
      danger
      mutation={remove}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        remove.mutate(
          { projectId, webhookId: webhook.id },
          {
            onSuccess: () => {
              toast.success('Webhook deleted', `${webhook.name} receives nothing more.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        <Strong>{webhook.name}</Strong> ({webhook.url}) receives no more events, and its deliveries
        are deleted. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
