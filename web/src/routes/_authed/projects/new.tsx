import { createFileRoute, Link } from '@tanstack/react-router';
import { CreateProjectForm } from '../../../features/project/components/create-project-form.tsx';
import { useTitle } from '../../../lib/use-title.ts';

export const Route = createFileRoute('/_authed/projects/new')({
  component: NewProjectPage,
});

function NewProjectPage() {
  useTitle('Create project');
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <ol className="flex items-center gap-1.5">
          <li>
            <Link to="/projects" className="hover:text-slate-900 hover:underline dark:hover:text-slate-100">
              Projects
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
            Create project
          </li>
        </ol>
      </nav>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">Create project</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A project holds resources and their access rules. You can create resources in it right after.
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CreateProjectForm />
      </div>
    </main>
  );
}
