import { createServer, type Server, type Socket } from 'node:net';

/**
 * A small SMTP server on 127.0.0.1 for tests (RFC 5321: EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT):
 * it accepts what a client sends when it signs in with the expected user and password, and keeps
 * each message with its envelope, its headers and its text and HTML parts decoded.
 */

export type ReceivedMail = {
  /** Who signed in (AUTH PLAIN), if anyone. */
  user: string | null;
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type TestSmtpServer = {
  port: number;
  received: ReceivedMail[];
  /** Stops listening and closes open connections: the server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
};

const headerValue = (headers: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1].trim() ?? '';

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=); the space between two of them is not text. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      return new TextDecoder(charset).decode(bytes);
    });
}

/** A part's body, undone from its Content-Transfer-Encoding, as UTF-8. */
function decodeBody(headers: string, body: string): string {
  const encoding = headerValue(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** Splits "headers\r\n\r\nbody", unfolding the headers. */
function splitPart(part: string): { headers: string; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const headers = (end < 0 ? part : part.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  return { headers, body: end < 0 ? '' : part.slice(end + 4) };
}

function parseMessage(raw: string): Pick<ReceivedMail, 'from' | 'to' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitPart(raw);
  const found = { text: '', html: '' };
  const collect = (partHeaders: string, partBody: string) => {
    const type = headerValue(partHeaders, 'Content-Type').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(headerValue(partHeaders, 'Content-Type'))?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const parts = partBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const inner = splitPart(part.replace(/^\r\n/, ''));
        collect(inner.headers, inner.body.replace(/\r\n$/, ''));
      }
    } else if (type.startsWith('text/html')) found.html = decodeBody(partHeaders, partBody);
    else found.text = decodeBody(partHeaders, partBody);
  };
  collect(headers, body);
  return { from: decodeWords(headerValue(headers, 'From')), to: decodeWords(headerValue(headers, 'To')), subject: decodeWords(headerValue(headers, 'Subject')), ...found };
}

/** Starts the server on a free port; a client must sign in as `user` with `pass`. */
export async function startSmtpServer(login: { user: string; pass: string }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let user: string | null = null;
    let envelope: { from: string; to: string[] } | null = null;
    let data: string[] | null = null;
    let awaitingAuth = false;

    const signIn = (encoded: string) => {
      const [, name, password] = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
      if (name === login.user && password === login.pass) {
        user = name;
        reply('235 2.7.0 Authentication successful');
      } else reply('535 5.7.8 Authentication credentials invalid');
    };

    const command = (line: string) => {
      if (awaitingAuth) {
        awaitingAuth = false;
        return signIn(line);
      }
      const [verb, ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return socket.write('250-smtp.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        case 'HELO':
          return reply('250 smtp.test');
        case 'AUTH': {
          const [mechanism, initial] = argument.split(' ');
          if (mechanism.toUpperCase() !== 'PLAIN') return reply('504 5.5.4 Unrecognized authentication type');
          if (initial) return signIn(initial);
          awaitingAuth = true;
          return reply('334 ');
        }
        case 'MAIL':
          if (!user) return reply('530 5.7.0 Authentication required');
          envelope = { from: /<([^>]*)>/.exec(argument)?.[1] ?? '', to: [] };
          return reply('250 2.1.0 OK');
        case 'RCPT':
          if (!envelope) return reply('503 5.5.1 MAIL first');
          envelope.to.push(/<([^>]*)>/.exec(argument)?.[1] ?? '');
          return reply('250 2.1.5 OK');
        case 'DATA':
          if (!envelope?.to.length) return reply('503 5.5.1 RCPT first');
          data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          envelope = null;
          return reply('250 2.0.0 OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not recognized');
      }
    };

    socket.write('220 smtp.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data === null) {
          command(line);
          continue;
        }
        if (line !== '.') {
          data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        received.push({ user, envelopeFrom: envelope!.from, envelopeTo: envelope!.to, ...parseMessage(data.join('\r\n')) });
        data = null;
        envelope = null;
        reply('250 2.0.0 Queued');
      }
    });
  };

  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(serve);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  return {
    port,
    received,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      await listen(port);
    },
  };
}
