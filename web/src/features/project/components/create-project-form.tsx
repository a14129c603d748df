import { useNavigate } from '@tanstack/react-router';
import { createProjectBodySchema } from '#shared/api/project';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreateProject } from '../api/create-project.ts';

export function CreateProjectForm() {
  const navigate = useNavigate();
  const create = useCreateProject();
  const form = useForm(createProjectBodySchema, { name: '' });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={submitWith(form, create.isPending, (body) => {
        create.mutate(body, {
          onSuccess: (project) => {
            toast.success('Project created', `${project.name} is ready.`);
            void navigate({ to: '/projects/$projectId', params: { projectId: project.id } });
          },
          onError: form.setServerError,
        });
      })}
    >
      <FormAlert error={form.formError} />
      <NameField
        label="Project name"
        autoFocus
        required
        hint="Letters, numbers and hyphens; up to 63 characters; no hyphen at the start or end."
        {...form.field('name')}
      />
      <FormActions
        cancel={{ to: '/projects' }}
        submit="Create project"
        pending={create.isPending}
      />
    </form>
  );
}
