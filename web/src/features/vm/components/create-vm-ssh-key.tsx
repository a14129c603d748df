import type { SshPublicKey } from '#shared/api/ssh-public-key';
import { TextField } from '#web/components/ui/input.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextAreaField } from '#web/components/ui/textarea-field.tsx';
import type { VmForm } from './create-vm-state.ts';
import { Section } from '#web/components/ui/form-section.tsx';

/** "Access": the Unix user and the SSH public key (there is no password), pasted or one of the project's saved keys. */
export function SshKeySection({
  form,
  savedKeys,
}: {
  form: VmForm;
  savedKeys: readonly SshPublicKey[];
}) {
  const picked = savedKeys.find((k) => k.public_key === form.values.public_key.trim());
  return (
    <Section
      idPrefix="create-vm"
      step={4}
      title="Access"
      description="You sign in over SSH with this user and key; there is no password."
    >
      <TextField
        label="Unix user"
        autoComplete="off"
        spellCheck={false}
        hint="Lowercase letters, digits, _ or -; starts with a letter or _; not root."
        className="max-w-xs"
        {...form.field('unix_user')}
      />
      {savedKeys.length ? (
        <SelectField
          label="Saved SSH key"
          hint="A key saved in the project settings fills the key below; or paste another one."
          className="max-w-md"
          value={picked?.id ?? ''}
          onChange={(e) =>
            form.setValue(
              'public_key',
              savedKeys.find((k) => k.id === e.target.value)?.public_key ?? '',
            )
          }
        >
          <option value="">Paste a key below</option>
          {savedKeys.map((k) => (
            <option key={k.id} value={k.id}>
              {k.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label="SSH public key"
        rows={3}
        spellCheck={false}
        autoComplete="off"
        placeholder="ssh-ed25519 AAAAC3Nza… you@laptop"
        hint={
          <>
            One line, as in <code className="font-mono">~/.ssh/id_ed25519.pub</code>. Create one
            with <code className="font-mono">ssh-keygen -t ed25519</code>.
          </>
        }
        {...form.field('public_key')}
      />
    </Section>
  );
}
