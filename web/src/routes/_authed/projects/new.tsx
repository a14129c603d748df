import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { CreateProjectForm } from '#web/features/project/components/create-project-form.tsx';
import { useTitle } from '#web/lib/use-title.ts';

export const Route = createFileRoute('/_authed/projects/new')({
  component: NewProjectPage,
});

function NewProjectPage() {
  useTitle('Create project');
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <Breadcrumbs
        items={[
          { label: 'Projects', to: '/projects' },
          { label: 'Create project', to: '/projects/new' },
        ]}
      />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">Create project</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A project holds resources and their access rules. You can create resources in it right
        after.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CreateProjectForm />
      </div>
    </main>
  );
}
