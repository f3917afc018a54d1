import { describe, expect, it } from 'vitest';

import { checkCallableInput } from './callableInputs.js';
import {
  counterparts,
  directionOf,
  GMAIL_METADATA_SCOPE,
  GMAIL_READONLY_SCOPE,
  GMAIL_SEND_SCOPE,
  gmailScopesFor,
  grantReads,
  isBounceMessage,
  keepsBodies,
  referencedIds,
  replySubject,
  shownHeaders,
} from './email.js';

const party = (address: string, name: string | null = null) => ({ name, address });

describe('privacy and scopes', () => {
  it('asks for readonly, or metadata when only metadata is shared', () => {
    expect(gmailScopesFor('shared')).toEqual([GMAIL_SEND_SCOPE, GMAIL_READONLY_SCOPE, 'openid', 'email']);
    expect(gmailScopesFor('private')).toContain(GMAIL_READONLY_SCOPE);
    expect(gmailScopesFor('metadata')).toContain(GMAIL_METADATA_SCOPE);
    expect(keepsBodies('metadata')).toBe(false);
    expect(keepsBodies('private')).toBe(true);
  });

  it('a grant reads when its scope serves the choice', () => {
    expect(grantReads(`${GMAIL_SEND_SCOPE} ${GMAIL_READONLY_SCOPE}`, 'shared')).toBe(true);
    expect(grantReads(`${GMAIL_SEND_SCOPE} ${GMAIL_READONLY_SCOPE}`, 'metadata')).toBe(true);
    expect(grantReads(`${GMAIL_SEND_SCOPE} ${GMAIL_METADATA_SCOPE}`, 'metadata')).toBe(true);
    expect(grantReads(`${GMAIL_SEND_SCOPE} ${GMAIL_METADATA_SCOPE}`, 'shared')).toBe(false);
    expect(grantReads(`${GMAIL_SEND_SCOPE} openid email`, 'shared')).toBe(false);
    expect(grantReads('', 'metadata')).toBe(false);
    // Gmail restricts a grant holding metadata to headers, readonly or not.
    expect(grantReads(`${GMAIL_READONLY_SCOPE} ${GMAIL_METADATA_SCOPE}`, 'shared')).toBe(false);
  });
});

describe('what a message involves', () => {
  it('its addresses other than the mailbox, normalised, once', () => {
    expect(
      counterparts(' Ana@Trato.demo', {
        from: party('ana@trato.demo'),
        to: [party('Luis@Cafe.hn'), party('luis@cafe.hn ')],
        cc: [party('marta@cafe.hn')],
      }),
    ).toEqual(['luis@cafe.hn', 'marta@cafe.hn']);
  });

  it('out when the mailbox sent it, in otherwise', () => {
    expect(directionOf('ana@trato.demo', party('ANA@trato.demo'))).toBe('out');
    expect(directionOf('ana@trato.demo', party('luis@cafe.hn'))).toBe('in');
    expect(directionOf('ana@trato.demo', null)).toBe('in');
  });

  it('recognises delivery-failure reports', () => {
    expect(isBounceMessage({ from: party('mailer-daemon@googlemail.com') })).toBe(true);
    expect(isBounceMessage({ from: party('postmaster@cafe.hn') })).toBe(true);
    expect(
      isBounceMessage({
        from: party('x@y.z'),
        contentType: 'multipart/report; report-type=delivery-status; boundary=x',
      }),
    ).toBe(true);
    expect(isBounceMessage({ from: party('x@y.z'), headers: { 'X-Failed-Recipients': 'a@b.c' } })).toBe(true);
    expect(isBounceMessage({ from: party('luis@cafe.hn'), contentType: 'text/plain' })).toBe(false);
  });

  it('a private mailbox shows no headers; the others exactly the six', () => {
    const headers = {
      from: party('luis@cafe.hn'),
      to: [party('ana@trato.demo')],
      cc: [],
      subject: 'Hola',
      snippet: 'Qué tal',
      attachments: [],
    };
    expect(shownHeaders('shared', { ...headers, text: 'cuerpo' } as typeof headers)).toEqual(headers);
    expect(shownHeaders('metadata', headers)).toEqual(headers);
    expect(Object.values(shownHeaders('private', headers)).every((v) => v === null)).toBe(true);
  });

  it('the Message-IDs a reply refers to', () => {
    expect(referencedIds('<a@x>', '<b@y> <a@x>')).toEqual(['a@x', 'b@y']);
    expect(referencedIds(null, undefined)).toEqual([]);
    expect(replySubject('Propuesta')).toBe('Re: Propuesta');
    expect(replySubject('RE: Propuesta')).toBe('RE: Propuesta');
  });
});

describe('the e-mail callables’ input', () => {
  const send = {
    organizationId: 'o1',
    contactId: 'c1',
    to: [' Luis@Cafe.hn '],
    cc: [],
    subject: ' Propuesta ',
    body: 'Hola',
  };

  it('takes a message to write, its addresses normalised', () => {
    const checked = checkCallableInput('sendContactEmail', send);
    expect(checked).toEqual({ ok: true, value: { ...send, to: ['luis@cafe.hn'], subject: 'Propuesta' } });
  });

  it('refuses no recipient, a bad or repeated address, too many, an empty subject', () => {
    const refused = (patch: object) => checkCallableInput('sendContactEmail', { ...send, ...patch });
    expect(refused({ to: [] })).toMatchObject({ ok: false, refusal: { field: 'to' } });
    expect(refused({ to: ['luis'] })).toMatchObject({ ok: false, refusal: { field: 'to[0]' } });
    expect(refused({ to: ['a@b.co', 'A@b.co'] })).toMatchObject({ ok: false, refusal: { field: 'to' } });
    expect(refused({ cc: Array.from({ length: 21 }, (_, i) => `a${i}@b.co`) })).toMatchObject({
      ok: false,
      refusal: { field: 'cc' },
    });
    expect(refused({ subject: ' ' })).toMatchObject({ ok: false, refusal: { field: 'subject' } });
    expect(refused({ replyTo: 'a/b' })).toMatchObject({ ok: false, refusal: { field: 'replyTo' } });
  });

  it('takes an attachment index and a privacy choice', () => {
    const attachment = { organizationId: 'o1', messageKey: 'u1_abc', index: 0 };
    expect(checkCallableInput('getEmailAttachment', attachment)).toMatchObject({ ok: true });
    for (const index of [-1, 1.5, '0', 101])
      expect(checkCallableInput('getEmailAttachment', { ...attachment, index })).toMatchObject({ ok: false });
    expect(checkCallableInput('setMailPrivacy', { organizationId: 'o1', privacy: 'private' })).toMatchObject({
      ok: true,
    });
    expect(checkCallableInput('setMailPrivacy', { organizationId: 'o1', privacy: 'public' })).toMatchObject({
      ok: false,
    });
  });
});
