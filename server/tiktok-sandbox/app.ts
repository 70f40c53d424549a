import { Hono, type Context } from 'hono';
import { parseTikTokUrl } from '../../supabase/functions/_shared/tiktok/url';
import { sandboxCaption, sandboxCounts, sandboxHandle, sandboxIdForCode, sandboxPageStatus, sandboxRules, sandboxThumbnail, sandboxVideoIsPublic } from './data';
import { addSandboxOAuth } from './oauth';

/**
 * The TikTok sandbox: TikTok's endpoints as the tiktok-scraper and tiktok-refresh functions
 * call them (oEmbed, short links, video pages, the Display API video query), on localhost with
 * deterministic data that grows with the time since posting, used when no TikTok app keys are
 * configured (DESIGN.md §2.6).
 * Requests arrive as /<TikTok host>/<path>; `publicUrl` is where browsers reach it.
 */
export function createTikTokSandbox(publicUrl: () => string) {
  const app = new Hono();
  const thumbnailUrl = (id: string) => `${publicUrl()}/thumbnails/${id}.svg`;

  /** The rehydration data of a video page (reference §5): a gone or private post carries only its status. */
  const pageDetail = (id: string, username: string) => {
    const statusCode = sandboxPageStatus(id);
    if (statusCode !== 0) return { statusCode, statusMsg: '' };
    const counts = sandboxCounts(id);
    const stats = { playCount: counts.views, diggCount: counts.likes, commentCount: counts.comments, shareCount: counts.shares, collectCount: 0 };
    return { statusCode, itemInfo: { itemStruct: { id, desc: sandboxCaption(id), author: { uniqueId: username }, stats } } };
  };

  const videoPage = (c: Context, id: string, username: string) => {
    if (id.endsWith(sandboxRules.pageBlockedSuffix)) return c.text('Access denied', 403);
    const data = { __DEFAULT_SCOPE__: { 'webapp.video-detail': pageDetail(id, username) } };
    return c.html(
      `<!doctype html><html><head><title>${sandboxCaption(id)} | TikTok sandbox</title></head><body>` +
        `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify(data)}</script></body></html>`,
    );
  };

  app.get('/www.tiktok.com/oembed', (c) => {
    const parsed = parseTikTokUrl(c.req.query('url') ?? '');
    if (parsed?.kind !== 'video' || !sandboxVideoIsPublic(parsed.id)) {
      return c.json({ code: 400, message: 'Something went wrong' }, 400);
    }
    const username = parsed.username || sandboxHandle(parsed.id);
    return c.json({
      version: '1.0',
      type: 'video',
      title: sandboxCaption(parsed.id),
      author_url: `https://www.tiktok.com/@${username}`,
      author_name: username,
      author_unique_id: username,
      embed_product_id: parsed.id,
      embed_type: 'video',
      width: '100%',
      height: '100%',
      html: '',
      thumbnail_url: thumbnailUrl(parsed.id),
      thumbnail_width: 360,
      thumbnail_height: 640,
      provider_name: 'TikTok sandbox',
      provider_url: 'https://www.tiktok.com',
    });
  });

  // Short links redirect to a video; codes starting "off" leave TikTok, "gone" lead to the home page.
  const shortLink = (c: Context) => {
    const code = c.req.param('code')!;
    if (code.startsWith('off')) return c.redirect('https://example.com/not-tiktok', 301);
    if (code.startsWith('gone')) return c.redirect('https://www.tiktok.com/?_r=1', 301);
    const id = sandboxIdForCode(code);
    return c.redirect(`https://www.tiktok.com/@${sandboxHandle(id)}/video/${id}?_r=1`, 301);
  };
  // TikTok's short links end with a slash, or not.
  for (const prefix of ['/vm.tiktok.com', '/vt.tiktok.com', '/www.tiktok.com/t', '/tiktok.com/t']) {
    app.on(['GET', 'HEAD'], [`${prefix}/:code`, `${prefix}/:code/`], shortLink);
  }

  // Profile pages carry each account's bio. Every username has one; a test (or a person trying
  // the bio proof locally) sets it with PUT /bio/@<username> { "bio": "…" }.
  const bios = new Map<string, string>();
  const bioOf = (username: string) => bios.get(username.toLowerCase()) ?? `Sandbox account @${username}`;
  app.get('/www.tiktok.com/:user{@[A-Za-z0-9_.]{1,24}}', (c) => {
    const username = c.req.param('user').slice(1);
    const data = { __DEFAULT_SCOPE__: { 'webapp.user-detail': { statusCode: 0, userInfo: { user: { uniqueId: username, nickname: username, signature: bioOf(username) } } } } };
    return c.html(
      `<!doctype html><html><head><title>@${username} | TikTok sandbox</title></head><body>` +
        `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script></body></html>`,
    );
  });
  app.put('/bio/:user{@[A-Za-z0-9_.]{1,24}}', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { bio?: unknown } | null;
    if (typeof body?.bio !== 'string' || body.bio.length > 80) return c.json({ error: { code: 'bad_request', message: 'Send { "bio": "…" } of at most 80 characters' } }, 400);
    bios.set(c.req.param('user').slice(1).toLowerCase(), body.bio);
    return c.json({ username: c.req.param('user').slice(1), bio: body.bio });
  });

  app.get('/:host/:user/:kind/:id', (c) => {
    const { host, user, kind, id } = c.req.param();
    const tiktokHost = ['www.tiktok.com', 'm.tiktok.com', 'tiktok.com'].includes(host);
    if (!tiktokHost || !/^@[A-Za-z0-9_.]*$/.test(user) || !['video', 'photo'].includes(kind) || !/^\d{19}$/.test(id)) {
      return c.text('Not found', 404);
    }
    return videoPage(c, id, user.slice(1) || sandboxHandle(id));
  });

  // Login Kit and the Display API: consent, tokens, user.info, video.list and video.query.
  addSandboxOAuth(app, publicUrl);

  app.get('/thumbnails/:file{[0-9]{19}\\.svg}', (c) =>
    c.body(sandboxThumbnail(c.req.param('file').slice(0, 19)), 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }),
  );

  // The embedded player, standing in for https://www.tiktok.com/player/v1/<id>.
  app.get('/player/v1/:id{[0-9]{19}}', (c) => {
    const id = c.req.param('id');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>TikTok sandbox player</title>
<style>html,body{margin:0;height:100%;font-family:system-ui,sans-serif;color:#fff;background:#000}
.frame{position:relative;height:100%;display:flex;align-items:flex-end;background:url('${thumbnailUrl(id)}') center/cover}
.bar{position:absolute;left:0;top:0;height:4px;background:#fff;animation:play 12s linear infinite}
@keyframes play{from{width:0}to{width:100%}}
p{margin:0;padding:16px;background:linear-gradient(transparent,rgba(0,0,0,.7));width:100%}</style></head>
<body><div class="frame"><div class="bar"></div><p><strong>TikTok sandbox</strong><br>${sandboxCaption(id)}</p></div></body></html>`);
  });

  app.all('*', (c) => c.json({ error: { code: 'not_found', message: 'The TikTok sandbox has no such endpoint' } }, 404));
  return app;
}
