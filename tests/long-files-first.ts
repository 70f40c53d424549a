import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take 15 s or more (measured on 2 cores), longest first. Without a
 * cache of earlier runs (a fresh clone, CI) vitest starts the largest files first, and a small file
 * that runs long (the soak, before it got a project of its own) came last, alone on one worker
 * while the other idled.
 */
const longFiles = ['fuzz', 'backup', 'persistence', 'server-defaults', 'baseline', 'crash', 'money', 'db-types', 'auth', 'hostile'];

const rank = (file: TestSpecification) => {
  const index = longFiles.findIndex((name) => file.moduleId.endsWith(`/tests/integration/${name}.test.ts`));
  return index === -1 ? longFiles.length : index;
};

/** Vitest's order (one project after another, the soak's first), with each project's long files started first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // The soak, a project of its own that mostly waits a minute and a half, starts before everything.
    const projects = [...new Set(sorted.map((file) => file.project.name))].sort((a, b) => Number(b === 'soak') - Number(a === 'soak'));
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) || rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}
