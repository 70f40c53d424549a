/**
 * npm run db:catalog-diff -- <a> <b>: compares the schemas two sources build, by their catalogs
 * (scripts/catalog.ts), and prints every difference; exit status 0 when there is none, 1 when
 * there are some. Each source is either
 *   - a directory of migrations: a fresh in-memory PGlite gets server/db/bootstrap.sql and those
 *     migrations (no seed), as the local backend would apply them; or
 *   - a postgres:// URL: that database, read as it is (migrated by psql, the Supabase CLI…).
 *
 * The baseline fold's proof: `npm run db:catalog-diff -- supabase/migrations <dir with the
 * baseline>` prints nothing but "same".
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { diffCatalogs, readCatalog, type Catalog, type CatalogOptions } from './catalog';

const isUrl = (source: string) => /^postgres(ql)?:\/\//.test(source);

/** The catalog of what a migrations directory builds, or of the database at a postgres:// URL. */
export async function catalogOf(source: string, options: CatalogOptions = {}): Promise<Catalog> {
  const db = isUrl(source) ? await openPostgres(source) : await openPglite('memory://');
  try {
    if (!isUrl(source)) await migrate(db, { seed: false, migrationsDir: resolve(source) });
    return await readCatalog(db, options);
  } finally {
    await db.close();
  }
}

/** The differences between what two sources build (empty when none). */
export async function diffSources(a: string, b: string, options: CatalogOptions = {}): Promise<string[]> {
  const [catalogA, catalogB] = [await catalogOf(a, options), await catalogOf(b, options)];
  return diffCatalogs(catalogA, catalogB, [a, b]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [a, b, ...rest] = process.argv.slice(2);
  if (!a || !b || rest.length > 0) {
    console.error('Usage: npm run db:catalog-diff -- <migrations dir | postgres:// URL> <migrations dir | postgres:// URL>');
    process.exit(2);
  }
  const differences = await diffSources(a, b);
  if (differences.length === 0) {
    console.log(`The catalogs of ${a} and ${b} are the same.`);
  } else {
    console.log(differences.join('\n'));
    console.log(`\n${differences.length} difference${differences.length === 1 ? '' : 's'} between ${a} and ${b}.`);
    process.exitCode = 1;
  }
}
