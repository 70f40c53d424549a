import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { migrationOrderProblems, versionAt, versionDate } from './migration-order';

/**
 * Migrations dated in the future when this guard was written (2026-11-28 22:00 UTC, issue 30).
 * They stay as they are until the baseline fold replaces them (renaming a version that databases
 * have recorded would make them apply it again); the fold deletes these files, and this list must
 * then be emptied — the second test fails while it names a file that is gone.
 *
 * A new migration is named with the current UTC time (`supabase migration new <name>`). The one
 * exception: a migration written before the fold must still sort after the last file here (the
 * migrator refuses a version older than one a database applied), so it is in the future too —
 * add it here, and the fold removes it with the others.
 */
const datedInTheFutureBeforeTheRule: string[] = [];

const migrationsDir = join(repoRoot, 'supabase/migrations');

describe('supabase/migrations', () => {
  it('are named YYYYMMDDHHMMSS_name.sql, dated no later than now (UTC), with versions strictly increasing', () => {
    const problems = migrationOrderProblems(readdirSync(migrationsDir), { now: new Date(), futureExempt: datedInTheFutureBeforeTheRule });
    expect(problems, 'fix the migration file names (see docs/local-backend.md, "Migration order")').toEqual([]);
  });

  it('exempt from the date rule only files that still exist (the baseline fold empties the list)', () => {
    const files = new Set(readdirSync(migrationsDir));
    expect(datedInTheFutureBeforeTheRule.filter((file) => !files.has(file))).toEqual([]);
  });
});

describe('migrationOrderProblems', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('accepts versions up to now, and names one dated later', () => {
    expect(migrationOrderProblems(['20261128115959_a.sql', '20261128120000_b.sql'], { now })).toEqual([]);
    expect(migrationOrderProblems(['20261128120000_b.sql', '20261128120001_c.sql'], { now })).toEqual([
      '20261128120001_c.sql is dated in the future (now is 20261128120000 UTC): name it with the current UTC time, as `supabase migration new` does',
    ]);
  });

  it('lets an exempt file be in the future, and no other', () => {
    const files = ['20261201000100_x.sql', '20261201000200_y.sql'];
    expect(migrationOrderProblems(files, { now, futureExempt: ['20261201000100_x.sql'] })).toEqual([
      '20261201000200_y.sql is dated in the future (now is 20261128120000 UTC): name it with the current UTC time, as `supabase migration new` does',
    ]);
  });

  it('refuses two files with one version', () => {
    expect(migrationOrderProblems(['20261101000100_a.sql', '20261101000100_b.sql'], { now })).toEqual([
      '20261101000100_a.sql and 20261101000100_b.sql share version 20261101000100: each migration needs its own',
    ]);
  });

  it('refuses names that are not a 14-digit UTC timestamp, and versions that decrease in file name order', () => {
    expect(migrationOrderProblems(['20261101000100_a.sql', '2026110100010_b.sql', 'notes.sql', 'README.md'], { now })).toEqual([
      '2026110100010_b.sql is not named YYYYMMDDHHMMSS_name.sql (a UTC timestamp, as `supabase migration new` names files)',
      '2026110100010_b.sql sorts after 20261101000100_a.sql but its version is smaller: versions must increase in file name order',
      'notes.sql is not named YYYYMMDDHHMMSS_name.sql (a UTC timestamp, as `supabase migration new` names files)',
    ]);
    expect(migrationOrderProblems(['20250231000100_a.sql'], { now })).toEqual(['20250231000100_a.sql: 20250231000100 is not a real date and time']);
  });

  it('reads versions as UTC', () => {
    expect(versionAt(new Date('2026-11-28T23:30:05+07:00'))).toBe('20261128163005');
    expect(versionDate('20261128163005')?.toISOString()).toBe('2026-11-28T16:30:05.000Z');
    expect(versionDate('20260230000000')).toBeNull();
  });
});
