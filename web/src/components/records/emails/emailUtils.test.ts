import { describe, expect, it } from 'vitest';
import { EMAIL_RECIPIENTS_MAX } from '@trato/model';
import {
  addAddresses,
  base64ToBlob,
  bodyDocument,
  bodyPolicy,
  hasRemoteImages,
  normalizedRecipients,
  partyLabel,
  splitAddresses,
  validateCompose,
} from './emailUtils';

const valid = { to: ['julia@cliente.hn'], cc: [], subject: 'Propuesta', body: 'Hola {{nombre}}' };

describe('the body frame document', () => {
  it('starts with its policy: nothing but inline styles and embedded images, remote images only when asked', () => {
    expect(bodyPolicy(false)).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data: cid:");
    expect(bodyPolicy(true)).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: cid: https: http:",
    );
    const html = bodyDocument('<p>Hola</p><img src="https://tracker.example/p.gif">', false);
    // The policy and the base come before the message's own markup.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<p>Hola</p>'));
    expect(html).toContain(`content="${bodyPolicy(false)}"`);
    expect(html).toContain('<base target="_blank">');
    expect(bodyDocument('<p>x</p>', true)).toContain(`content="${bodyPolicy(true)}"`);
  });

  it('knows when the HTML asks for images from the network', () => {
    expect(hasRemoteImages('<img src="https://x.example/a.png">')).toBe(true);
    expect(hasRemoteImages("<img src='http://x.example/a.png'>")).toBe(true);
    expect(hasRemoteImages('<img src="//x.example/a.png">')).toBe(true);
    expect(hasRemoteImages('<td background="https://x.example/bg.png">')).toBe(true);
    expect(hasRemoteImages('<div style="background:url(https://x.example/bg.png)">')).toBe(true);
    expect(hasRemoteImages('<img src="data:image/png;base64,AAAA"><img src="cid:logo">')).toBe(false);
    expect(hasRemoteImages('<a href="https://x.example">enlace</a>')).toBe(false);
  });
});

describe('the compose form', () => {
  it('accepts a recipient, a subject and a body', () => {
    expect(validateCompose(valid)).toEqual({});
  });

  it('needs a recipient, valid addresses, a subject and a body', () => {
    expect(validateCompose({ to: [], cc: [], subject: ' ', body: '' })).toEqual({
      to: { key: 'toRequired' },
      subject: { key: 'subjectRequired' },
      body: { key: 'bodyRequired' },
    });
    expect(validateCompose({ ...valid, to: ['julia@cliente.hn', 'no-es-email'], cc: ['x@y'] })).toEqual({
      to: { key: 'invalid', values: { addresses: 'no-es-email' } },
      cc: { key: 'invalid', values: { addresses: 'x@y' } },
    });
  });

  it(`takes at most ${EMAIL_RECIPIENTS_MAX} recipients in To and Cc together`, () => {
    const many = Array.from({ length: EMAIL_RECIPIENTS_MAX }, (_, i) => `p${i}@cliente.hn`);
    expect(validateCompose({ ...valid, to: many })).toEqual({});
    expect(
      validateCompose({ ...valid, to: many.slice(0, 15), cc: many.slice(15).concat('z@cliente.hn') }),
    ).toEqual({ to: { key: 'tooMany', values: { max: EMAIL_RECIPIENTS_MAX } } });
  });

  it('refuses a subject or a body beyond their limits', () => {
    expect(validateCompose({ ...valid, subject: 'a'.repeat(301) }).subject).toEqual({ key: 'tooLong' });
    expect(validateCompose({ ...valid, body: 'a'.repeat(50_001) }).body).toEqual({ key: 'tooLong' });
  });

  it('splits typed addresses and keeps each once', () => {
    expect(splitAddresses(' ana@x.hn, <luis@y.hn>; marta@z.hn\nana@x.hn ')).toEqual([
      'ana@x.hn',
      'luis@y.hn',
      'marta@z.hn',
      'ana@x.hn',
    ]);
    expect(addAddresses(['Ana@X.hn'], ['ana@x.hn', 'luis@y.hn'])).toEqual(['Ana@X.hn', 'luis@y.hn']);
    expect(normalizedRecipients({ to: ['Ana@X.hn', 'ana@x.hn'], cc: ['ANA@x.hn', 'Luis@y.hn'] })).toEqual({
      to: ['ana@x.hn'],
      cc: ['luis@y.hn'],
    });
  });

  it('names a party by name and address', () => {
    expect(partyLabel({ name: 'Julia Pérez', address: 'julia@cliente.hn' })).toBe(
      'Julia Pérez <julia@cliente.hn>',
    );
    expect(partyLabel({ name: null, address: 'julia@cliente.hn' })).toBe('julia@cliente.hn');
    expect(partyLabel(null)).toBe('');
  });
});

describe('an attachment', () => {
  it('turns base64 into the file it was', async () => {
    const blob = base64ToBlob(btoa('hola, mundo'), 'text/plain');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('hola, mundo');
    expect(base64ToBlob('', '').type).toBe('application/octet-stream');
  });
});
