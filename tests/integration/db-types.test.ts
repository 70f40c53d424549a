import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { preparedPglite } from './helpers/backend';
import { databaseTypesFile, generateDatabaseTypes, renderDatabaseTypes } from '../../scripts/db-types';

// The generator always runs on PGlite, whatever engine this project tests: once is enough.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('npm run db:types (with the PGlite project only: the generator always runs on PGlite)', () => {
  it('src/lib/database.types.ts matches supabase/migrations', { timeout: 120_000 }, async () => {
    const onDisk = await readFile(databaseTypesFile, 'utf8').catch(() => '(missing)');
    const generated = await generateDatabaseTypes();
    expect(onDisk, 'src/lib/database.types.ts is out of date: run `npm run db:types` and commit the result').toBe(generated);
  });

  // What the current migrations do not use yet, on a small schema of its own.
  it('types enums, identity, domains, view keys, overloads and row-returning functions as the Supabase CLI does', { timeout: 60_000 }, async () => {
    const db = await preparedPglite('pgliteEmptyImageFile');
    try {
      await db.exec(`
        create type public.mood as enum ('sad', 'ok', 'happy');
        create type public.pair as (a int, b text);
        create domain public.email as text not null;
        create table public.teams (id int generated always as identity primary key, name text not null, moods public.mood[] default '{}');
        create table public.members (team_id int references public.teams (id) unique, email public.email, primary key (email));
        create view public.team_names as select id as team_id, name from public.teams;
        create function public.by_mood(m public.mood) returns setof public.teams language sql as 'select * from public.teams';
        create function public.pairs() returns setof public.pair language sql as 'select 1, ''x''';
        create function public.pick(a int) returns int language sql as 'select 1';
        create function public.pick(a text, b int default 2) returns int language sql as 'select 1';
        create function public.team_label(public.teams) returns text language sql as 'select ''x''';
      `);
      const types = await renderDatabaseTypes(db);
      const lines = (...text: string[]) => text.join('\n');

      expect(types).toContain(lines('        Insert: {', '          id?: never', '          moods?: Database["public"]["Enums"]["mood"][] | null', '          name: string', '        }'));
      expect(types).toContain(lines('          email: string', '          team_id: number | null'));
      expect(types).toContain('          team_label: string | null');
      expect(types).toContain(lines('            foreignKeyName: "members_team_id_fkey"', '            columns: ["team_id"]', '            isOneToOne: true', '            referencedRelation: "team_names"', '            referencedColumns: ["team_id"]'));
      expect(types).toContain(lines('        Update: {', '          name?: string | null', '          team_id?: number | null', '        }'));
      expect(types).toContain(lines('        SetofOptions: {', '          from: "*"', '          to: "teams"', '          isOneToOne: false', '          isSetofReturn: true', '        }'));
      expect(types).toContain('        Returns: Database["public"]["CompositeTypes"]["pair"][]');
      expect(types).toContain(lines('      pick:', '        | {', '            Args: {', '              a: number', '            }', '            Returns: number', '          }', '        | {', '            Args: {', '              a: string', '              b?: number'));
      expect(types).toContain('      mood: "sad" | "ok" | "happy"');
      expect(types).toContain('      mood: ["sad", "ok", "happy"],');
    } finally {
      await db.close();
    }
  });
});
