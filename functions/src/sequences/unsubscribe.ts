// The public unsubscribe page (no login). GET ?t={token} shows a confirmation in the link's
// language with one button; POST records the opt-out — from the button (form field t) or from a
// mail client's RFC 8058 one-click (POST to the List-Unsubscribe URL, body
// `List-Unsubscribe=One-Click`, token in the query). Idempotent: a second opt-out changes nothing.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import { escapeHtml, paths, type Language, type OptOut, type OptOutMethod } from '@trato/model';

import { publicPage, type PageResponse } from '../common/publicPage.js';
import { writeConsent } from '../forms/consent.js';
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
  return publicPage(lang, TEXTS[lang].title, heading, body);
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
  const contactRef = db.doc(paths.doc(organizationId, 'contacts', contactId));
  await db.runTransaction(async (tx) => {
    const [optOut, source, contact] = await Promise.all([
      tx.get(optOutRef),
      tx.get(sourceRef),
      tx.get(contactRef),
    ]);
    const now = FieldValue.serverTimestamp();
    // A consent given (or awaiting confirmation) is withdrawn, with the unsubscribe as its record.
    const consent = contact.get('emailConsent') as string | null | undefined;
    if (contact.exists && (consent === 'granted' || consent === 'pending'))
      writeConsent(
        tx,
        db,
        organizationId,
        { id: contactId, companyId: (contact.get('companyId') as string | null | undefined) ?? null },
        {
          status: 'withdrawn',
          source: 'unsubscribe',
          sourceId: sequenceId ?? campaignId,
          text: null,
          language: lang,
          recordedBy: null,
        },
      );
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
