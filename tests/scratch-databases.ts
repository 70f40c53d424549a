/**
 * Throw-away databases on the local PostgreSQL server (tests, the soak, CI). Each is named
 * viewpact_<label>_p<pid>_<random>, after the process that owns the run, so that they can be
 * dropped by owner: the run's own at its end, and at the start of any run, those whose process
 * is gone (a run cut off by Ctrl-C, a crash or a kill) — never another live run's.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

const scratchName = /^viewpact_[a-z0-9_]+?_p(\d+)_[0-9a-f]+$/;

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (client: pg.Client, name: string) => client.query(`drop database if exists "${name}" with (force)`);

/** A new database, empty or a copy of `template`, owned by process `ownerPid` (default: this one). */
export async function createScratchDatabase(baseUrl: string, label: string, options: { template?: string; ownerPid?: number } = {}): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]*$/.test(label)) throw new Error(`A scratch database's label is lower-case letters, digits and _: ${label}`);
  const name = `viewpact_${label}_p${options.ownerPid ?? process.pid}_${randomBytes(5).toString('hex')}`;
  await onServer(baseUrl, (client) => client.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(baseUrl, (client) => dropDatabase(client, name)).then(() => undefined) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops the scratch databases of `ownerPid` (a run's own, at its end), or, without it, those whose
 * owning process no longer runs. Answers the names dropped.
 */
export async function sweepScratchDatabases(baseUrl: string, ownerPid?: number): Promise<string[]> {
  return onServer(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'viewpact\\_%'`);
    const dropped: string[] = [];
    for (const { datname } of rows) {
      const owner = scratchName.exec(datname)?.[1];
      if (!owner || (ownerPid === undefined ? alive(Number(owner)) : Number(owner) !== ownerPid)) continue;
      await dropDatabase(client, datname);
      dropped.push(datname);
    }
    return dropped;
  });
}
