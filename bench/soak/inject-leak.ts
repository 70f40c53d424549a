/**
 * A leak on purpose, to prove that the soak catches one (SOAK_LEAK_KB=50 npm run soak): loaded
 * into the server with --import, it keeps SOAK_LEAK_KB kilobytes for every HTTP request served.
 * Never loaded otherwise.
 */
import { Server } from 'node:http';

const kilobytes = Number(process.env.SOAK_LEAK_KB);
if (!(kilobytes > 0)) throw new Error('inject-leak needs SOAK_LEAK_KB, a positive number of kilobytes');

const kept: Buffer[] = [];
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') kept.push(Buffer.alloc(kilobytes * 1024, 1));
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof emit;
