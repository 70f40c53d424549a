import { chooseEncoding, compress, compressFromBytes } from './compression';
import { corsHeaders } from './cors';

/** Answers made whole by apiAnswer: the middlewares leave them as they are. */
const finished = new WeakSet<Response>();

export const isFinishedAnswer = (response: Response) => finished.has(response);

/**
 * An API answer made whole at once: its body compressed as the client accepts (from 1 KB),
 * and the CORS headers in. For the REST API, which answers most requests: a response that no
 * middleware touches afterwards is written straight to the socket by @hono/node-server, while
 * one whose headers are changed later is rebuilt and streamed (bench/ measured the difference).
 */
export async function apiAnswer(acceptEncoding: string | undefined, body: string | null, status: number, headers: Record<string, string>): Promise<Response> {
  const all: Record<string, string> = { ...headers, ...corsHeaders, Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding' };
  const plain = body === null ? null : Buffer.from(body);
  const encoding = plain && plain.byteLength >= compressFromBytes ? chooseEncoding(acceptEncoding) : undefined;
  let response: Response;
  if (plain && encoding) {
    const encoded = await compress(plain, encoding, 'per-request');
    response = new Response(encoded, { status, headers: { ...all, 'Content-Encoding': encoding, 'Content-Length': String(encoded.byteLength) } });
  } else {
    response = new Response(plain, { status, headers: all });
  }
  finished.add(response);
  return response;
}
