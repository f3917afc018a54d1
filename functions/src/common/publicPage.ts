// The public pages the functions serve themselves (unsubscribe, consent confirmation): one small
// HTML document, no script, in the link's language.
import type { Request, Response } from 'firebase-functions/v2/https';

import { escapeHtml, type Language } from '@trato/model';

export interface PageResponse {
  status: number;
  html: string;
}

/** The link's token: `t` of the query (the link itself) or of the posted form (the button). */
export function tokenOf(req: Request): unknown {
  const fromQuery = req.query.t;
  if (typeof fromQuery === 'string') return fromQuery;
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?.t === 'string' ? body.t : null;
}

/**
 * Answers a public page: GET (and HEAD) shows it, POST acts, anything else is 405. The pages
 * carry no script, are never framed or cached, and post only to themselves.
 */
export async function servePublicPage(
  req: Request,
  res: Response,
  handlers: { get: () => PageResponse | Promise<PageResponse>; post: () => Promise<PageResponse> },
): Promise<void> {
  res.set('Cache-Control', 'no-store');
  res.set('X-Frame-Options', 'DENY');
  res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  res.set('Referrer-Policy', 'no-referrer');
  let answer: PageResponse;
  if (req.method === 'GET' || req.method === 'HEAD') answer = await handlers.get();
  else if (req.method === 'POST') answer = await handlers.post();
  else {
    res.status(405).send('');
    return;
  }
  res.status(answer.status).type('html').send(answer.html);
}

/** A page with `title` in the tab, `heading` and `body` (already escaped HTML) in a card. */
export function publicPage(lang: Language, title: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;margin:0;color:#1f2933}
main{max-width:440px;margin:12vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 12px}
p{line-height:1.5}
button{background:#1565c0;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;cursor:pointer}
button:focus-visible{outline:3px solid #90caf9;outline-offset:2px}
button.secondary{background:#fff;color:#b3261e;border:1px solid #b3261e}
label.topic{display:flex;gap:10px;align-items:flex-start;margin:0 0 14px;line-height:1.4;cursor:pointer}
label.topic input{width:20px;height:20px;margin:2px 0 0;flex-shrink:0}
small{color:#52606d}
hr{border:0;border-top:1px solid #e4e7eb;margin:24px 0}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}
