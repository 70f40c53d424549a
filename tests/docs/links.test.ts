import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository documents itself: README.md and docs/*.md link only to files inside the
 * repository that exist (and, for a link into a Markdown file, to a heading it has).
 */

const root = resolve(__dirname, '..', '..');

export type Link = { line: number; target: string };

/** Markdown without its fenced code blocks and (unless kept) inline code spans, line numbers kept. */
function withoutCode(markdown: string, { keepInline = false } = {}): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const opening = /^\s*(```+|~~~+)/.exec(line)?.[1];
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
        return '';
      }
      if (opening) {
        fence = opening;
        return '';
      }
      return keepInline ? line : line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/** Every link and image target of a Markdown text: inline `[text](target "title")`, `<target>` forms, and reference definitions. */
export function linksIn(markdown: string): Link[] {
  const links: Link[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
        links.push({ line, target: match[1].replace(/^<|>$/g, '') });
      }
      const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
      if (definition) links.push({ line, target: definition[1].replace(/^<|>$/g, '') });
    });
  return links;
}

/** GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file's headings give, with GitHub's -1, -2 … for repeated ones. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  // A heading's inline code is part of its anchor on GitHub (its backticks are dropped as punctuation).
  for (const text of withoutCode(markdown, { keepInline: true }).split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with a link of `file` (a path relative to `repository`), or undefined when it is
 * fine: a web or e-mail address is not checked; anything else must be a relative path to a file
 * or folder inside the repository that exists, and an anchor must name a heading of its file.
 */
export function problemWith(link: string, file: string, repository: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) && !/^file:/i.test(link)) return undefined;
  if (/^file:/i.test(link)) return 'a file: address (outside the repository)';
  const [rawPath, anchor] = link.split('#', 2) as [string, string | undefined];
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return 'a path that cannot be decoded';
  }
  if (isAbsolute(path) || path.startsWith('~')) return 'an absolute path (outside the repository)';
  const target = path === '' ? resolve(repository, file) : resolve(repository, dirname(file), path);
  const inside = relative(repository, target);
  if (inside.startsWith('..') || isAbsolute(inside)) return 'a path outside the repository';
  if (!existsSync(target)) return 'a file that does not exist';
  if (anchor && target.endsWith('.md') && statSync(target).isFile() && !anchorsOf(readFileSync(target, 'utf8')).has(anchor.toLowerCase())) {
    return `no heading "#${anchor}" in ${relative(repository, target)}`;
  }
  return undefined;
}

const documents = (): string[] => [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('links in README.md and docs/', () => {
  it('finds the documents and their links', () => {
    const files = documents();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    // README links into docs/: the check below has something to check.
    expect(linksIn(readFileSync(join(root, 'README.md'), 'utf8')).filter((link) => link.target.startsWith('docs/')).length).toBeGreaterThan(3);
  });

  it('every relative link leads to a file of the repository that exists', () => {
    const broken = documents().flatMap((file) =>
      linksIn(readFileSync(join(root, file), 'utf8')).flatMap(({ line, target }) => {
        const problem = problemWith(target, file, root);
        return problem ? [`${file}:${line} ${target}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('README points at the architecture document in the repository', () => {
    const targets = linksIn(readFileSync(join(root, 'README.md'), 'utf8')).map((link) => link.target);
    expect(targets).toContain('docs/architecture.md');
  });
});

describe('the link check itself', () => {
  const repository = root;

  it('refuses paths outside the repository, absolute paths and missing files', () => {
    expect(problemWith('../shared/DESIGN.md', 'README.md', repository)).toBe('a path outside the repository');
    expect(problemWith('../../shared/DESIGN.md', 'docs/money.md', repository)).toBe('a path outside the repository');
    expect(problemWith('/work/shared/DESIGN.md', 'README.md', repository)).toBe('an absolute path (outside the repository)');
    expect(problemWith('file:///etc/passwd', 'README.md', repository)).toBe('a file: address (outside the repository)');
    expect(problemWith('docs/no-such-file.md', 'README.md', repository)).toBe('a file that does not exist');
    expect(problemWith('images/no-such-image.png', 'docs/money.md', repository)).toBe('a file that does not exist');
  });

  it('accepts files and folders of the repository, web addresses and e-mail links', () => {
    expect(problemWith('docs/money.md', 'README.md', repository)).toBeUndefined();
    expect(problemWith('money.md', 'docs/security.md', repository)).toBeUndefined();
    expect(problemWith('../README.md', 'docs/security.md', repository)).toBeUndefined();
    expect(problemWith('../supabase/migrations', 'docs/security.md', repository)).toBeUndefined();
    expect(problemWith('https://supabase.com/docs', 'README.md', repository)).toBeUndefined();
    expect(problemWith('mailto:support@viewpact.app', 'README.md', repository)).toBeUndefined();
  });

  it('checks anchors against the headings of the target', () => {
    expect(problemWith('docs/deploy.md#backup-and-restore', 'README.md', repository)).toBeUndefined();
    expect(problemWith('#quick-start', 'README.md', repository)).toBeUndefined();
    expect(problemWith('docs/deploy.md#no-such-heading', 'README.md', repository)).toBe('no heading "#no-such-heading" in docs/deploy.md');
  });

  it('reads inline links, images, titles, angle brackets and reference definitions, not code', () => {
    const markdown = [
      'See [the money](docs/money.md) and ![a page](images/page.png "First page").',
      '[spaced](<docs/a file.md>) and [web](https://example.com).',
      '`[not a link](nowhere.md)`',
      '```',
      '[not a link either](nowhere.md)',
      '```',
      '[ref]: ../shared/DESIGN.md',
    ].join('\n');
    expect(linksIn(markdown)).toEqual([
      { line: 1, target: 'docs/money.md' },
      { line: 1, target: 'images/page.png' },
      { line: 2, target: 'docs/a file.md' },
      { line: 2, target: 'https://example.com' },
      { line: 7, target: '../shared/DESIGN.md' },
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('`/auth/v1` (GoTrue)')).toBe('authv1-gotrue');
    expect(slug('2.6 Every outside service sits behind one client')).toBe('26-every-outside-service-sits-behind-one-client');
    expect(slug('Issue 30 — self-contained docs and final legal texts')).toBe('issue-30--self-contained-docs-and-final-legal-texts');
    expect([...anchorsOf('# A\n## Notes\n### Notes\n```\n# not a heading\n```')]).toEqual(['a', 'notes', 'notes-1']);
    expect([...anchorsOf('## The schema tree (`npm run db:schema`)')]).toEqual(['the-schema-tree-npm-run-dbschema']);
  });
});
