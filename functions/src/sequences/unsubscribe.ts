// The public unsubscribe page (no login). GET ?t={token} shows a confirmation in the link's
// language with one button; POST records the opt-out — from the button (form field t) or from a
// mail client's RFC 8058 one-click (POST to the List-Unsubscribe URL, body
// `List-Unsubscribe=One-Click`, token in the query). Idempotent: a second opt-out changes nothing.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import { escapeHtml, paths, type Language, type OptOut, type OptOutMethod } from '@trato/model';

import { readUnsubscribeToken } from './unsubscribeToken.js';

interface Texts {
  title: string;
  confirm: string;
  button: string;
  done: string;
  doneDetail: string;
  invalid: string;
}

const TEXTS: Record<Language, Texts> = {
  es: {
    title: 'Darse de baja',
    confirm:
      '¿Desea dejar de recibir estos correos? No le enviaremos más mensajes de marketing de este remitente.',
    button: 'Confirmar baja',
    done: 'Se ha dado de baja',
    doneDetail: 'No recibirá más correos de este remitente.',
    invalid: 'Enlace inválido o incompleto.',
  },
  en: {
    title: 'Unsubscribe',
    confirm:
      'Do you want to stop receiving these e-mails? We will send you no more marketing messages from this sender.',
    button: 'Confirm unsubscribe',
    done: 'You have been unsubscribed',
    doneDetail: 'You will receive no more e-mails from this sender.',
    invalid: 'Invalid or incomplete link.',
  },
};

function page(lang: Language, heading: string, body: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;margin:0;color:#1f2933}
main{max-width:440px;margin:12vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 12px}
p{line-height:1.5}
button{background:#1565c0;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;cursor:pointer}
button:focus-visible{outline:3px solid #90caf9;outline-offset:2px}
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

export interface PageResponse {
  status: number;
  html: string;
}

export function confirmationPage(secret: string, token: unknown): PageResponse {
  const payload = readUnsubscribeToken(secret, token);
  if (!payload) return { status: 400, html: page('es', TEXTS.es.invalid, '') };
  const t = TEXTS[payload.lang];
  const form =
    `<p>${escapeHtml(t.confirm)}</p>\n` +
    `<form method="post">\n<input type="hidden" name="t" value="${escapeHtml(String(token))}">\n` +
    `<button type="submit">${escapeHtml(t.button)}</button>\n</form>`;
  return { status: 200, html: page(payload.lang, t.title, form) };
}

/**
 * Records the opt-out and stops what the link's e-mail came from: the enrolment ends unsubscribed
 * (if still running), the campaign's recipient is skipped (if not sent yet). Every later send to
 * the address is skipped anyway: both senders read the opt-out when they claim.
 */
export async function recordOptOut(
  db: Firestore,
  secret: string,
  token: unknown,
  method: OptOutMethod,
): Promise<PageResponse> {
  const payload = readUnsubscribeToken(secret, token);
  if (!payload) return { status: 400, html: page('es', TEXTS.es.invalid, '') };
  const { organizationId, sequenceId, campaignId, contactId, emailHash, lang } = payload;
  const optOutRef = db.doc(paths.optOut(organizationId, emailHash));
  const sourceRef = sequenceId
    ? db.doc(paths.enrollment(organizationId, sequenceId, contactId))
    : db.doc(paths.recipient(organizationId, campaignId!, emailHash));
  await db.runTransaction(async (tx) => {
    const [optOut, source] = await Promise.all([tx.get(optOutRef), tx.get(sourceRef)]);
    const now = FieldValue.serverTimestamp();
    if (!optOut.exists) {
      const doc: OptOut<FieldValue> = { method, sequenceId, campaignId, contactId, createdAt: now };
      tx.create(optOutRef, doc);
    }
    const status = source.get('status') as string | undefined;
    if (sequenceId && (status === 'active' || status === 'paused' || status === 'failed'))
      tx.update(sourceRef, { status: 'unsubscribed', updatedAt: now });
    // A recipient being sent right now (claimed) is left to its pass: the claim already read no
    // opt-out, and the e-mail may be on its way.
    if (campaignId && status === 'pending' && !source.get('claimedAt'))
      tx.update(sourceRef, { status: 'skipped', error: 'unsubscribed', updatedAt: now });
  });
  const t = TEXTS[lang];
  return { status: 200, html: page(lang, t.done, `<p>${escapeHtml(t.doneDetail)}</p>`) };
}
