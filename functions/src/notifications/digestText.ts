// The daily digest's e-mail (issue 30), in the member's language, clock and time zone: overdue
// tasks, tasks due today and today's meetings, grouped by organization when there are several,
// and how to turn it off. Pure: the runner gathers the items and sends what this composes.
import { DEFAULT_TIME_FORMAT, type Language, type TimeFormat } from '@trato/model';

import type { OutgoingMail } from '../mail/mailer.js';

export interface DigestItem {
  title: string;
  /** The task's due date or the meeting's start (ms). */
  at: number;
}

export interface DigestSection {
  organizationId: string;
  organizationName: string;
  overdue: DigestItem[];
  dueToday: DigestItem[];
  meetings: DigestItem[];
  /** Items beyond those listed (each list is capped). */
  more: number;
}

export interface DigestReader {
  email: string;
  fullName: string;
  language: Language;
  timeZone: string;
  timeFormat: TimeFormat | null;
}

const TEXT = {
  es: {
    subject: (n: number) => (n === 1 ? 'Tu día en Trato: 1 pendiente' : `Tu día en Trato: ${n} pendientes`),
    hello: (name: string) => `Hola, ${name}:`,
    intro: 'Esto es lo que tienes para hoy.',
    overdue: 'Tareas vencidas',
    dueToday: 'Tareas para hoy',
    meetings: 'Reuniones de hoy',
    more: (n: number) => `y ${n} más en Trato.`,
    open: 'Abrir Trato',
    off: 'Recibes este resumen porque lo activaste. Para dejar de recibirlo, desactívalo en Ajustes → Perfil:',
  },
  en: {
    subject: (n: number) => (n === 1 ? 'Your day in Trato: 1 item' : `Your day in Trato: ${n} items`),
    hello: (name: string) => `Hi ${name},`,
    intro: 'Here is what you have today.',
    overdue: 'Overdue tasks',
    dueToday: 'Tasks due today',
    meetings: "Today's meetings",
    more: (n: number) => `and ${n} more in Trato.`,
    open: 'Open Trato',
    off: 'You get this digest because you turned it on. To stop it, turn it off in Settings → Profile:',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** How many items the digest tells of (what decides whether it is sent at all). */
export function digestCount(sections: DigestSection[]): number {
  return sections.reduce(
    (sum, s) => sum + s.overdue.length + s.dueToday.length + s.meetings.length + s.more,
    0,
  );
}

/** The digest's e-mail, or null when there is nothing to tell (an empty digest is not sent). */
export function composeDigest(
  reader: DigestReader,
  sections: DigestSection[],
  /** The app's page for an organization (with ?org=, which opens that one), and the settings. */
  links: { app: (organizationId: string) => string; settings: string },
): OutgoingMail | null {
  const count = digestCount(sections);
  if (count === 0) return null;
  const t = TEXT[reader.language];
  const locale = reader.language === 'es' ? 'es-HN' : 'en-US';
  const hour12 = (reader.timeFormat ?? DEFAULT_TIME_FORMAT[reader.language]) === '12h';
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: reader.timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12,
  });
  const day = new Intl.DateTimeFormat(locale, { timeZone: reader.timeZone, day: 'numeric', month: 'short' });
  const several = sections.length > 1;

  const groups = (section: DigestSection) =>
    [
      { title: t.overdue, items: section.overdue, when: (at: number) => day.format(at) },
      { title: t.dueToday, items: section.dueToday, when: (at: number) => time.format(at) },
      { title: t.meetings, items: section.meetings, when: (at: number) => time.format(at) },
    ].filter((group) => group.items.length > 0);

  const text: string[] = [t.hello(reader.fullName), '', t.intro, ''];
  const html: string[] = [`<p>${escapeHtml(t.hello(reader.fullName))}</p>`, `<p>${escapeHtml(t.intro)}</p>`];
  for (const section of sections) {
    if (several) {
      text.push(`== ${section.organizationName} ==`);
      html.push(`<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.organizationName)}</h2>`);
    }
    for (const group of groups(section)) {
      text.push(`${group.title}:`);
      html.push(`<h3 style="font-size:14px;margin:12px 0 4px">${escapeHtml(group.title)}</h3><ul>`);
      for (const item of group.items) {
        text.push(`- ${group.when(item.at)} · ${item.title}`);
        html.push(`<li>${escapeHtml(group.when(item.at))} · ${escapeHtml(item.title)}</li>`);
      }
      html.push('</ul>');
      text.push('');
    }
    if (section.more > 0) {
      text.push(t.more(section.more), '');
      html.push(`<p>${escapeHtml(t.more(section.more))}</p>`);
    }
    // Each organization's link opens that one, whichever this device had open.
    const link = links.app(section.organizationId);
    text.push(`${t.open}: ${link}`, '');
    html.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>`);
  }
  text.push('--', t.off, links.settings);
  html.push(
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(t.off)} <a href="${escapeHtml(links.settings)}">${escapeHtml(links.settings)}</a></p>`,
  );
  return {
    to: reader.email,
    subject: t.subject(count),
    text: text.join('\n'),
    html: html.join('\n'),
  };
}
