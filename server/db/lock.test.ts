import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, holderAlive, lockDataDir, parseHolder } from './lock';

const linux = process.platform === 'linux';
const dirs: string[] = [];
const children: number[] = [];
afterEach(async () => {
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'viewpact-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process of someone else's, and its start time as /proc gives it. */
async function otherProcess(): Promise<{ pid: number; startedAt?: string }> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child.pid!);
  await new Promise((resolve) => child.once('spawn', resolve));
  const stat = linux ? await readFile(`/proc/${child.pid}/stat`, 'utf8') : undefined;
  return { pid: child.pid!, startedAt: stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] };
}

describe('lockDataDir', () => {
  it('writes the holder whole, and releases only its own lock', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    const holder = parseHolder(await readFile(join(dir, 'server.lock'), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid });
    await lock.setUrl('http://127.0.0.1:1234');
    expect(parseHolder(await readFile(join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:1234', nonce: holder!.nonce });
    await lock.release();
    await expect(readFile(join(dir, 'server.lock'))).rejects.toThrow();
  });

  it('refuses while another live process holds the folder, naming the folder and the process', async () => {
    const dir = await folder();
    const other = await otherProcess();
    await writeFile(join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, startedAt: other.startedAt, nonce: 'x' }));
    const refusal = lockDataDir(dir);
    await expect(refusal).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(refusal).rejects.toThrow(`The data directory ${dir} is in use by process ${other.pid}`);
    // The first versions wrote the pid alone: still honoured.
    await writeFile(join(dir, 'server.lock'), String(other.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid}`);
  });

  it('takes over the lock of a dead process, and an empty or unreadable one', async () => {
    const dir = await folder();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    for (const content of [String(gone.pid), JSON.stringify({ pid: gone.pid, nonce: 'x' }), '', 'garbage']) {
      await writeFile(join(dir, 'server.lock'), content);
      const lock = await lockDataDir(dir);
      expect(parseHolder(await readFile(join(dir, 'server.lock'), 'utf8'))?.pid).toBe(process.pid);
      await lock.release();
    }
  });

  it.runIf(linux)('takes over when the pid now belongs to another process, or to a process before a reboot (Linux only: it reads /proc)', async () => {
    const dir = await folder();
    const other = await otherProcess();
    expect(await holderAlive({ pid: other.pid, startedAt: other.startedAt, nonce: '' })).toBe(true);
    for (const stale of [{ startedAt: '1' }, { startedAt: other.startedAt, bootId: 'another-boot' }]) {
      await writeFile(join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, nonce: 'x', ...stale }));
      const lock = await lockDataDir(dir);
      await lock.release();
    }
  });

  it.runIf(linux)('takes over from a killed holder its parent has not reaped yet, a zombie (Linux only: it reads /proc)', async () => {
    // sh starts a child that exits soon, and becomes sleep, which never reaps it.
    const parent = spawn('sh', ['-c', '(sleep 0.2; exit 0) & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent.pid!);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (chunk) => resolve(String(chunk)))));
    for (let i = 0; i < 100 && !(await readFile(`/proc/${zombie}/stat`, 'utf8')).includes(') Z '); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(() => process.kill(zombie, 0)).not.toThrow(); // what the first version asked, and believed
    expect(await holderAlive({ pid: zombie, nonce: '' })).toBe(false);
  });
});
