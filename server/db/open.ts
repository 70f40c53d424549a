import type { Database } from './types';

export type DatabaseTarget = {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: a database image (pgliteImages()) a new data directory starts from. */
  pgliteImage?: Blob;
};

/** PostgreSQL when a URL is given, else PGlite in dataDir. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(target.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(target.dataDir === 'memory' ? 'memory://' : target.dataDir, target.pgliteImage);
}
