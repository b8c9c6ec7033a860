// Whether the PostgreSQL server the tests use answers, and removal of the throwaway schemas the
// tests make (test/helpers/database.ts names them lkt_…). Used by run-tests.mjs.
import pg from 'pg';

export const TEST_PG_URL = process.env.LIKENESS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** null when the server answers, else why not. */
export async function postgresUnavailable() {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops every test schema (what an interrupted run left, and what this run made). */
export async function dropTestSchemas() {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rows } = await client.query("select nspname from pg_namespace where nspname like 'lkt\\_%'");
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    return rows.length;
  } finally {
    await client.end();
  }
}
