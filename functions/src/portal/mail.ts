// What the portal e-mails (issue 34): the sign-in link (an invitation by a member, or a link the
// customer asked for) and a member's public answer sent from Trato's system mailbox, in the
// customer's language, as plain text with a simple HTML twin.
import { escapeHtml, PORTAL_LINK_MINUTES, type Language } from '@trato/model';

import type { OutgoingMail } from '../mail/mailer.js';

type Mail = Pick<OutgoingMail, 'subject' | 'text' | 'html'>;

const paragraphs = (texts: string[]) =>
  texts.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');

/** Paragraphs, a button with the link written out under it, then the closing paragraphs. */
function html(before: string[], link: { href: string; label: string } | null, after: string[] = []): string {
  const body = paragraphs(before);
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1565c0;color:#fff;` +
      `padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n` +
      `<p style="color:#52606d;font-size:13px">${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">\n${body}\n${button}\n${paragraphs(after)}\n</body></html>`;
}

/**
 * The sign-in e-mail: an invitation (a member invited the contact: it names the organization) or
 * the link the customer asked for on the portal.
 */
export function signInMail(
  kind: 'invitation' | 'link',
  language: Language,
  organization: string,
  contactName: string | null,
  link: string,
): Mail {
  const es = language === 'es';
  const hello = contactName
    ? es
      ? `Hola ${contactName}:`
      : `Hello ${contactName},`
    : es
      ? 'Hola:'
      : 'Hello,';
  const subject =
    kind === 'invitation'
      ? es
        ? `${organization} te invita a su portal de clientes`
        : `${organization} invites you to its customer portal`
      : es
        ? `Tu enlace para entrar al portal de ${organization}`
        : `Your sign-in link for ${organization}'s customer portal`;
  const intro =
    kind === 'invitation'
      ? es
        ? `${organization} te invita a su portal de clientes: ahí puedes abrir solicitudes de soporte, seguirlas y responderlas, y descargar los documentos que compartan contigo.`
        : `${organization} invites you to its customer portal, where you can open support requests, follow and answer them, and download the documents shared with you.`
      : es
        ? `Pediste entrar al portal de clientes de ${organization}.`
        : `You asked to sign in to ${organization}'s customer portal.`;
  const how = es
    ? `Entra con este enlace (sin contraseña). Vale ${PORTAL_LINK_MINUTES} minutos y una sola vez:`
    : `Sign in with this link (no password needed). It works once, within ${PORTAL_LINK_MINUTES} minutes:`;
  const ignore = es
    ? 'Si no esperabas este correo, puedes ignorarlo.'
    : 'If you did not expect this e-mail, you can ignore it.';
  const label = es ? 'Entrar al portal' : 'Sign in to the portal';
  return {
    subject,
    text: `${hello}\n\n${intro}\n\n${how}\n${link}\n\n${ignore}\n`,
    html: html([hello, intro, how], { href: link, label }, [ignore]),
  };
}

/** A short reference of a ticket for subjects: its id's first characters. */
export const ticketRef = (ticketId: string) => `#${ticketId.slice(0, 6)}`;

/** The subject of every e-mail about a ticket (the same each time, so Gmail keeps one thread). */
export const ticketSubject = (ticketId: string, ticketName: string) =>
  `[${ticketRef(ticketId)}] ${ticketName}`;

/** A member's public answer, from the system mailbox; with the portal's link when it is enabled. */
export function replyMail(
  language: Language,
  organization: string,
  authorName: string,
  ticket: { id: string; name: string },
  body: string,
  portalUrl: string | null,
): Mail {
  const es = language === 'es';
  const intro = es
    ? `${authorName} (${organization}) respondió a tu solicitud «${ticket.name}»:`
    : `${authorName} (${organization}) answered your request "${ticket.name}":`;
  const follow = portalUrl
    ? es
      ? 'Sigue la conversación y responde en el portal de clientes:'
      : 'Follow the conversation and answer on the customer portal:'
    : es
      ? 'Este correo se envió desde un buzón que no recibe respuestas.'
      : 'This e-mail was sent from a mailbox that does not take replies.';
  const label = es ? 'Abrir el portal' : 'Open the portal';
  return {
    subject: ticketSubject(ticket.id, ticket.name),
    text: `${intro}\n\n${body}\n\n${follow}${portalUrl ? `\n${portalUrl}` : ''}\n`,
    html: html([intro, body, follow], portalUrl ? { href: portalUrl, label } : null),
  };
}
