import { Link, useNavigate } from '@tanstack/react-router';
import { createProjectBodySchema } from '#shared/api/project';
import { BusyLabel, Button, buttonClass } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../lib/form.ts';
import { useCreateProject } from '../api/create-project.ts';

export function CreateProjectForm() {
  const navigate = useNavigate();
  const create = useCreateProject();
  const form = useForm(createProjectBodySchema, { name: '' });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        const body = form.submit();
        if (!body || create.isPending) return;
        create.mutate(body, {
          onSuccess: (project) => {
            toast.success('Project created', `${project.name} is ready.`);
            void navigate({ to: '/projects/$projectId', params: { projectId: project.id } });
          },
          onError: form.setServerError,
        });
      }}
    >
      <FormAlert error={form.formError} />
      <TextField
        label="Project name"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        required
        maxLength={100}
        hint="Letters, numbers and hyphens; up to 63 characters; no hyphen at the start or end."
        {...form.field('name')}
      />
      <div className="flex items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Link to="/projects" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={create.isPending}>
          <BusyLabel pending={create.isPending} busy="Creating…">Create project</BusyLabel>
        </Button>
      </div>
    </form>
  );
}
