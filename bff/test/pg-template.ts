// Vitest global set-up of the API tests on PostgreSQL: one database migrated once, from which
// each test file's database is copied (`CREATE DATABASE … TEMPLATE`, a fraction of a second)
// instead of running every migration again (seconds each on a busy machine). Dropped at the end.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database that test databases are copied from (PostgreSQL only). */
    pgTemplate: string;
  }
}

async function admin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_ENGINE !== 'postgres' || !adminUrl) return;
  const name = `tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  project.provide('pgTemplate', name);
  return async () => {
    await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}
