/**
 * libpq's environment for a DATABASE_URL, so that pg_dump, pg_restore and psql get the password
 * without it showing in the process list (a command-line argument would).
 */
export function pgEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = decodeURIComponent(value);
  };
  set('PGHOST', url.hostname.replace(/^\[|\]$/g, ''));
  set('PGPORT', url.port);
  set('PGUSER', url.username);
  set('PGPASSWORD', url.password);
  set('PGDATABASE', url.pathname.replace(/^\//, ''));
  set('PGSSLMODE', url.searchParams.get('sslmode'));
  // A socket directory given as ?host=/path, as libpq's URLs allow.
  set('PGHOST', url.searchParams.get('host'));
  return env;
}
