// The public unsubscribe page and preference centre (no login). GET ?t={token} shows, in the
// link's language, the organization's topics to keep or leave (when it has any) and a button to
// leave everything; POST records the choice — the topics (form field `topic`, repeated, the ones
// kept) or the opt-out of everything, from the button or from a mail client's RFC 8058 one-click
// (POST to the List-Unsubscribe URL, body `List-Unsubscribe=One-Click`, token in the query).
// Idempotent: the same choice again changes nothing.
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';

import {
  escapeHtml,
  paths,
  topicChanges,
  TOPICS_MAX,
  type Language,
  type OptOut,
  type OptOutMethod,
  type Topic,
  type TopicOptOut,
  type UnsubscribePayload,
  type WithId,
} from '@trato/model';

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
  preferences: string;
  choose: string;
  save: string;
  orAll: string;
  all: string;
  saved: string;
  savedDetail: (kept: number, total: number) => string;
  already: string;
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
    preferences: 'Preferencias de correo',
    choose: 'Elija qué correos de {org} desea seguir recibiendo:',
    save: 'Guardar preferencias',
    orAll: 'O deje de recibir todos nuestros correos de marketing.',
    all: 'Darse de baja de todo',
    saved: 'Preferencias guardadas',
    savedDetail: (kept, total) =>
      kept === total
        ? 'Seguirá recibiendo todos nuestros temas.'
        : `Recibirá ${kept} de ${total} temas. Puede cambiarlo desde cualquiera de nuestros correos.`,
    already: 'Esta dirección ya no recibe correos de marketing de este remitente.',
  },
  en: {
    title: 'Unsubscribe',
    confirm:
      'Do you want to stop receiving these e-mails? We will send you no more marketing messages from this sender.',
    button: 'Confirm unsubscribe',
    done: 'You have been unsubscribed',
    doneDetail: 'You will receive no more e-mails from this sender.',
    invalid: 'Invalid or incomplete link.',
    preferences: 'E-mail preferences',
    choose: 'Choose which e-mails from {org} you want to keep receiving:',
    save: 'Save preferences',
    orAll: 'Or stop receiving all our marketing e-mails.',
    all: 'Unsubscribe from everything',
    saved: 'Preferences saved',
    savedDetail: (kept, total) =>
      kept === total
        ? 'You will keep receiving all our topics.'
        : `You will receive ${kept} of ${total} topics. You can change this from any of our e-mails.`,
    already: 'This address no longer receives marketing e-mails from this sender.',
  },
};

function page(lang: Language, heading: string, body: string): string {
  return publicPage(lang, TEXTS[lang].title, heading, body);
}

const invalid = (): PageResponse => ({ status: 400, html: page('es', TEXTS.es.invalid, '') });

/** The organization's topics the page offers, by name. */
async function topicsOf(db: Firestore, organizationId: string): Promise<WithId<Topic<Timestamp>>[]> {
  const topics = await db
    .collection(`${paths.organization(organizationId)}/topics`)
    .orderBy('name')
    .limit(TOPICS_MAX)
    .get();
  return topics.docs.map((d) => ({ id: d.id, ...(d.data() as Topic<Timestamp>) }));
}

/** What the page shows: the topics, the organization's name, and what the address chose before. */
async function preferencesOf(db: Firestore, p: UnsubscribePayload) {
  const [topics, orgSnap, optOut, topicOptOut] = await Promise.all([
    topicsOf(db, p.organizationId),
    db.doc(paths.organization(p.organizationId)).get(),
    db.doc(paths.optOut(p.organizationId, p.emailHash)).get(),
    db.doc(paths.topicOptOut(p.organizationId, p.emailHash)).get(),
  ]);
  return {
    topics,
    organizationName: (orgSnap.get('name') as string | undefined) ?? '',
    optedOutOfAll: optOut.exists,
    optedOutTopics: (topicOptOut.data() as TopicOptOut<Timestamp> | undefined)?.topicIds ?? [],
  };
}

const hidden = (token: unknown) => `<input type="hidden" name="t" value="${escapeHtml(String(token))}">`;

export async function confirmationPage(db: Firestore, secret: string, token: unknown): Promise<PageResponse> {
  const payload = readUnsubscribeToken(secret, token);
  if (!payload) return invalid();
  const t = TEXTS[payload.lang];
  const prefs = await preferencesOf(db, payload);
  if (prefs.optedOutOfAll)
    return { status: 200, html: page(payload.lang, t.done, `<p>${escapeHtml(t.already)}</p>`) };
  const everything =
    `<form method="post">\n${hidden(token)}\n<input type="hidden" name="action" value="all">\n` +
    `<button type="submit">${escapeHtml(prefs.topics.length ? t.all : t.button)}</button>\n</form>`;
  if (!prefs.topics.length)
    return {
      status: 200,
      html: page(payload.lang, t.title, `<p>${escapeHtml(t.confirm)}</p>\n${everything}`),
    };
  const boxes = prefs.topics
    .map((topic) => {
      const checked = prefs.optedOutTopics.includes(topic.id) ? '' : ' checked';
      const description = topic.description ? `<br><small>${escapeHtml(topic.description)}</small>` : '';
      return (
        `<label class="topic"><input type="checkbox" name="topic" value="${escapeHtml(topic.id)}"${checked}> ` +
        `<span><strong>${escapeHtml(topic.name)}</strong>${description}</span></label>`
      );
    })
    .join('\n');
  const body =
    `<p>${escapeHtml(t.choose.replace('{org}', prefs.organizationName))}</p>\n` +
    `<form method="post">\n${hidden(token)}\n<input type="hidden" name="action" value="topics">\n` +
    `${boxes}\n<button type="submit">${escapeHtml(t.save)}</button>\n</form>\n<hr>\n` +
    `<p>${escapeHtml(t.orAll)}</p>\n${everything.replace('<button type="submit">', '<button type="submit" class="secondary">')}`;
  return { status: 200, html: page(payload.lang, t.preferences, body) };
}

/**
 * Records the topics kept (the others opted out of; one ticked again is opted back into), each
 * change a consent record of its topic with its timeline entry; the contact's consent to
 * marketing as a whole does not change. Later e-mails of an opted-out topic are skipped by the
 * senders (campaign recipients and sequence steps alike).
 */
export async function recordTopicChoices(
  db: Firestore,
  secret: string,
  token: unknown,
  kept: string[],
): Promise<PageResponse> {
  const payload = readUnsubscribeToken(secret, token);
  if (!payload) return invalid();
  const { organizationId, contactId, emailHash, lang } = payload;
  const t = TEXTS[lang];
  // The choices are read again in the transaction: only the topics are needed first.
  const topics = await topicsOf(db, organizationId);
  const ref = db.doc(paths.topicOptOut(organizationId, emailHash));
  const contactRef = db.doc(paths.doc(organizationId, 'contacts', contactId));
  const changes = await db.runTransaction(async (tx) => {
    const [stored, contact] = await Promise.all([tx.get(ref), tx.get(contactRef)]);
    const before = (stored.data() as TopicOptOut<Timestamp> | undefined)?.topicIds ?? [];
    const change = topicChanges(
      topics.map((topic) => topic.id),
      before,
      kept,
    );
    if (!change.optOut.length && !change.optIn.length) return change;
    const doc: TopicOptOut<FieldValue> = {
      topicIds: change.after,
      contactId,
      updatedAt: FieldValue.serverTimestamp(),
    };
    tx.set(ref, doc);
    if (contact.exists) {
      const target = {
        id: contactId,
        companyId: (contact.get('companyId') as string | null | undefined) ?? null,
      };
      for (const [status, ids] of [
        ['withdrawn', change.optOut],
        ['granted', change.optIn],
      ] as const)
        for (const topicId of ids) {
          const topicName = topics.find((topic) => topic.id === topicId)?.name ?? null;
          writeConsent(
            tx,
            db,
            organizationId,
            target,
            {
              status,
              source: 'preferences',
              sourceId: payload.sequenceId ?? payload.campaignId,
              text: topicName,
              language: lang,
              recordedBy: null,
              topicId,
              topicName,
            },
            { updateContact: false },
          );
        }
    }
    return change;
  });
  const keptCount = topics.filter((topic) => !changes.after.includes(topic.id)).length;
  return {
    status: 200,
    html: page(lang, t.saved, `<p>${escapeHtml(t.savedDetail(keptCount, topics.length))}</p>`),
  };
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
