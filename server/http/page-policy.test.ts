import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pagePolicy } from './static';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe("the pages' Content-Security-Policy", () => {
  const theme = "\n      try { document.documentElement.classList.add('dark') } catch (e) {}\n    ";
  const html = `<!doctype html><html><head>
    <script>${theme}</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <script type="application/json" id="viewpact-config">{"supabaseUrl":"x"}</script>
    <script type="module">import('/assets/late.js')</script>
  </head><body></body></html>`;

  it('names the hash of each inline script that runs, not of scripts by URL or JSON data', () => {
    expect(inlineScriptHashes(html)).toEqual([sha(theme), sha("import('/assets/late.js')")]);
  });

  it('allows scripts only from this origin or by hash, no plug-ins, no framing by others', () => {
    const policy = pagePolicy(html, ['https://api.viewpact.example']);
    const directives = Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives['script-src']).toBe(`script-src 'self' 'sha256-${sha(theme)}' 'sha256-${sha("import('/assets/late.js')")}'`);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['connect-src']).toBe("connect-src 'self' https://api.viewpact.example");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(directives['frame-src']).toBe("frame-src 'self' https://www.tiktok.com");
  });
});
