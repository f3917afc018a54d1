// A marketing e-mail as the one sender composes it, for a sequence step and a campaign alike: the
// merge fields filled in (HTML-escaped in the HTML part), the unsubscribe footer in the author's
// language, RFC 2369/8058 one-click headers, and the send id header.
import { SEND_ID_HEADER, escapeHtml, renderTemplate, type Language, type MergeValues } from '@trato/model';

import type { OutgoingMail } from '../mail/mailer.js';

const FOOTER: Record<Language, { text: string; html: string; link: string }> = {
  es: {
    text: 'Para elegir qué correos recibe o no recibir más',
    html: '¿No quiere recibir más correos como este?',
    link: 'Darse de baja o elegir temas',
  },
  en: {
    text: 'To choose which e-mails you get, or stop them all',
    html: 'Don’t want these e-mails?',
    link: 'Unsubscribe or choose topics',
  },
};

export interface MarketingMail {
  senderName: string;
  to: string;
  /** Templates with merge tags. */
  subject: string;
  body: string;
  values: MergeValues;
  /** The signed unsubscribe link. */
  unsubscribeLink: string;
  /** The claim's id (send log entry or recipient), carried in SEND_ID_HEADER. */
  sendId: string;
  lang: Language;
}

export function composeMarketingMail(m: MarketingMail): OutgoingMail {
  const link = m.unsubscribeLink;
  const subject = renderTemplate(m.subject, m.values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const body = renderTemplate(m.body, m.values);
  const footer = FOOTER[m.lang];
  const text = `${body}\n\n--\n${footer.text}: ${link}\n`;
  const html =
    `<div>${renderTemplate(escapeHtml(m.body), m.values, escapeHtml).replace(/\r?\n/g, '<br>\n')}</div>\n` +
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer.html)} ` +
    `<a href="${escapeHtml(link)}">${escapeHtml(footer.link)}</a></p>\n`;
  return {
    fromName: m.senderName,
    to: m.to,
    subject,
    text,
    html,
    headers: {
      // RFC 2369 + RFC 8058: mail clients show "Unsubscribe" and POST to the link in one click.
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // The claim's id: a stale claim can be looked up in Sent before sending again.
      [SEND_ID_HEADER]: m.sendId,
    },
  };
}
