import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * A small PDF reader for tests, enough for pdfkit's output: objects, streams, pages, fonts and
 * the text as a reader copies it (through each font's ToUnicode map, or a span's ActualText).
 */

type PdfObject = { body: string; stream?: Uint8Array };

export const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function readObjects(pdf: Uint8Array): Map<number, PdfObject> {
  const raw = latin1(pdf);
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2];
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { body });
      continue;
    }
    const start = match.index + match[0].indexOf(body) + body.indexOf('\n', streamAt) + 1;
    const length = Number(/\/Length (\d+)/.exec(body)![1]);
    const data = pdf.subarray(start, start + length);
    objects.set(Number(match[1]), { body: body.slice(0, streamAt), stream: body.includes('/FlateDecode') ? inflateSync(data) : data });
  }
  return objects;
}

const ref = (body: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(body)?.[1]);

/** The bytes of a PDF literal string, `(...)` with backslash escapes, starting at `at`. */
function literalString(source: string, at: number): { bytes: number[]; end: number } {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  let depth = 0;
  for (let i = at; ; i++) {
    const char = source[i];
    if (char === '\\') {
      const next = source[++i];
      bytes.push(escapes[next] ?? next.charCodeAt(0));
    } else if (char === '(' && depth++ === 0) continue;
    else if (char === ')' && --depth === 0) return { bytes, end: i + 1 };
    else bytes.push(char.charCodeAt(0));
  }
}

const utf16 = (bytes: number[]) =>
  bytes[0] === 0xfe && bytes[1] === 0xff ? new TextDecoder('utf-16be').decode(new Uint8Array(bytes.slice(2))) : String.fromCharCode(...bytes);

/**
 * glyph code → text, from a ToUnicode CMap (pdfkit writes bfrange arrays and bfchar pairs). A
 * glyph mapped to nothing is left out, so that the text shows it as U+FFFD.
 */
function toUnicode(cmap: string): Map<number, string> {
  const entries = new Map<number, string>();
  const map = { set: (code: number, text: string) => text && entries.set(code, text) };
  // A glyph drawing more than one character maps to all of them, e.g. <0e49 0e4d> for ้ + ํ.
  const hexText = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, from, , list] of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    [...list.matchAll(/<([0-9a-f\s]*)>/gi)].forEach((item, index) => map.set(parseInt(from, 16) + index, hexText(item[1])));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]*)>/gi)) map.set(parseInt(code, 16), hexText(text));
  }
  return entries;
}

export type ReadPdf = { pages: number; fonts: string[]; text: string; valid: boolean };

export function readPdf(pdf: Uint8Array): ReadPdf {
  const raw = latin1(pdf);
  const objects = readObjects(pdf);
  const all = [...objects.values()];

  // Every cross-reference entry points at its object.
  const xrefAt = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1]);
  const offsets = [...raw.slice(xrefAt).matchAll(/^(\d{10}) 00000 n/gm)].map((entry) => Number(entry[1]));
  const valid = raw.startsWith('%PDF-') && raw.slice(xrefAt).startsWith('xref') && offsets.length === objects.size && offsets.every((offset) => /^\d+ 0 obj/.test(raw.slice(offset, offset + 20)));

  const pages = all.filter((object) => /\/Type \/Page\b/.test(object.body));
  const fonts = all.filter((object) => /\/Type \/Font\b/.test(object.body) && object.body.includes('/Subtype /Type0'));
  const text = pages.map((page) => {
    const fontMaps = new Map<string, Map<number, string>>();
    const resources = objects.get(ref(page.body, 'Resources'))!.body;
    for (const [, name, id] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      fontMaps.set(name, toUnicode(latin1(objects.get(ref(objects.get(Number(id))!.body, 'ToUnicode'))!.stream!)));
    }
    const content = latin1(objects.get(ref(page.body, 'Contents'))!.stream!);
    let out = '';
    let font = new Map<number, string>();
    let actual: string | undefined;
    for (const token of content.matchAll(/\/(F\d+) [\d.]+ Tf|\/ActualText \(|EMC|<([0-9a-f]+)>|\bET\b/gi)) {
      if (token[1]) font = fontMaps.get(token[1])!;
      else if (token[0].startsWith('/ActualText')) {
        actual = utf16(literalString(content, token.index + token[0].length - 1).bytes);
        out += actual;
      } else if (token[0] === 'EMC') actual = undefined;
      else if (token[0] === 'ET') out += '\n';
      else if (actual === undefined) out += (token[2].match(/.{4}/g) ?? []).map((code) => font.get(parseInt(code, 16)) ?? '\uFFFD').join('');
    }
    return out;
  });
  return { pages: pages.length, fonts: fonts.map((object) => /\/BaseFont \/(\S+)/.exec(object.body)![1]), text: text.join('\f'), valid };
}

/** MONEY_DOCS_DIR=/tmp/money-docs keeps the PDFs made here, to look at (pdftoppm -png). */
export function keep(name: string, bytes: Uint8Array | string): void {
  const dir = process.env.MONEY_DOCS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), bytes);
}
