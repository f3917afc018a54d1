/**
 * The HTML side the local stand-ins share (the local Stripe's hosted pages and developer page,
 * the local Google's consent, error and mailbox pages): escaping, the page shell, the answers.
 */
import type { ServerResponse } from 'node:http';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A whole page: each stand-in passes its own styles (`css`) and the body. */
export function htmlPage(lang: string, title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The developer pages' buttons: `<button data-post="/__control/…" data-body='{…}'
 * data-confirm="…">` posts to a test control, then the page reloads.
 */
export const POST_BUTTONS_SCRIPT = `<script>
document.addEventListener('click', async (e) => {
  const b = e.target.closest('[data-post]');
  if (!b) return;
  if (b.dataset.confirm && !confirm(b.dataset.confirm)) return;
  b.disabled = true;
  await fetch(b.dataset.post, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: b.dataset.body || '{}' });
  location.reload();
});
</script>`;

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

/** 302 as Google's OAuth redirects, 303 after a form post (the local Stripe's pages). */
export function redirect(res: ServerResponse, location: string, status: 302 | 303): void {
  res.writeHead(status, { Location: location, 'Content-Length': '0', 'Cache-Control': 'no-store' });
  res.end();
}

/** The stand-in pages' languages. */
export type Lang = 'es' | 'en';

/**
 * A page's language: the one asked for (`es`, `es-419`, `en-GB`…), else the browser's first
 * Spanish or English, else English.
 */
export function pickLang(asked: string | null | undefined, acceptLanguage: string | undefined): Lang {
  if (asked) return asked.toLowerCase().startsWith('es') ? 'es' : 'en';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
