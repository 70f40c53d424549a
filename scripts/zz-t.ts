import { readFile } from 'node:fs/promises';
import { openPglite } from '../server/db/pglite';
const image = new Blob([new Uint8Array(await readFile('/tmp/img.tar'))]);
for (let i = 0; i < 8; i++) { const s = performance.now(); const db = await openPglite('memory://', image); await db.close(); console.log('open', (performance.now() - s).toFixed(0)); }
