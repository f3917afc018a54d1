// The double opt-in page (no login): GET ?t={token} shows one button in the link's language (mail
// scanners that open links must not confirm anything); POST confirms — the contact's pending
// consent becomes granted, with a record of the click. Idempotent: a second click changes nothing.
import type { Firestore } from 'firebase-admin/firestore';

import { escapeHtml, paths, type ConsentRecord, type Language } from '@trato/model';

import { publicPage, type PageResponse } from '../common/publicPage.js';
import { writeConsent } from './consent.js';
import { readConsentToken } from './consentToken.js';

interface Texts {
  title: string;
  ask: string;
  button: string;
  done: string;
  doneDetail: string;
  stale: string;
  invalid: string;
}

const TEXTS: Record<Language, Texts> = {
  es: {
    title: 'Confirmar suscripción',
    ask: 'Confirme que desea recibir nuestros correos de marketing. Podrá darse de baja en cualquier momento.',
    button: 'Confirmar',
    done: 'Suscripción confirmada',
    doneDetail: 'Gracias. Recibirá nuestras comunicaciones en este correo.',
    stale: 'Este enlace ya no es válido: el consentimiento se retiró después de enviarlo.',
    invalid: 'Enlace inválido o incompleto.',
  },
  en: {
    title: 'Confirm subscription',
    ask: 'Confirm that you want to receive our marketing e-mails. You can unsubscribe at any time.',
    button: 'Confirm',
    done: 'Subscription confirmed',
    doneDetail: 'Thank you. You will receive our e-mails at this address.',
    stale: 'This link is no longer valid: the consent was withdrawn after it was sent.',
    invalid: 'Invalid or incomplete link.',
  },
};

const invalid = (): PageResponse => ({
  status: 400,
  html: publicPage('es', TEXTS.es.title, TEXTS.es.invalid, ''),
});

export function confirmConsentPage(secret: string, token: unknown): PageResponse {
  const link = readConsentToken(secret, token);
  if (!link) return invalid();
  const t = TEXTS[link.lang];
  const form =
    `<p>${escapeHtml(t.ask)}</p>\n` +
    `<form method="post">\n<input type="hidden" name="t" value="${escapeHtml(String(token))}">\n` +
    `<button type="submit">${escapeHtml(t.button)}</button>\n</form>`;
  return { status: 200, html: publicPage(link.lang, t.title, t.title, form) };
}

export async function confirmConsent(db: Firestore, secret: string, token: unknown): Promise<PageResponse> {
  const link = readConsentToken(secret, token);
  if (!link) return invalid();
  const { organizationId, contactId, consentId, lang } = link;
  const t = TEXTS[lang];
  const contactRef = db.doc(paths.doc(organizationId, 'contacts', contactId));
  const recordRef = db.doc(paths.consent(organizationId, consentId));
  const result = await db.runTransaction(async (tx) => {
    const [contact, record] = await Promise.all([tx.get(contactRef), tx.get(recordRef)]);
    const pending = record.data() as ConsentRecord | undefined;
    if (!contact.exists || pending?.contactId !== contactId || pending.status !== 'pending') return 'invalid';
    const current = contact.get('emailConsent') as string | null | undefined;
    if (current === 'granted') return 'done';
    if (current !== 'pending') return 'stale';
    writeConsent(
      tx,
      db,
      organizationId,
      { id: contactId, companyId: (contact.get('companyId') as string | null | undefined) ?? null },
      {
        status: 'granted',
        source: 'confirmation',
        sourceId: consentId,
        text: pending.text,
        language: pending.language,
        recordedBy: null,
      },
    );
    return 'done';
  });
  if (result === 'invalid') return invalid();
  if (result === 'stale')
    return { status: 409, html: publicPage(lang, t.title, t.title, `<p>${escapeHtml(t.stale)}</p>`) };
  return { status: 200, html: publicPage(lang, t.title, t.done, `<p>${escapeHtml(t.doneDetail)}</p>`) };
}
