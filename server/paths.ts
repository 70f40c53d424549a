import { fileURLToPath } from 'node:url';

/** The repository root, wherever the process was started from. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
