import { describe, expect, it } from 'vitest';
import { callingCodeExample } from '../components/WhatsAppSettingsForm';
import { connectErrors, connectInput } from '../components/WhatsAppConnectForm';
import { addWords, checkKeyword, keywordsError } from './keywords';
import { whatsappSetup } from './localCloud';
import { localWhatsAppUrl, whatsappWebhookUrl } from './webhook';
import { channelErrorText } from './whatsappErrors';

describe('the webhook address', () => {
  it('production: the region and project of the web config', () => {
    expect(
      whatsappWebhookUrl({
        options: { projectId: 'trato-prod' },
        functionsRegion: 'europe-west1',
        emulators: null,
      }),
    ).toBe('https://europe-west1-trato-prod.cloudfunctions.net/whatsappWebhook');
  });

  it('local: the Functions emulator', () => {
    const setup = whatsappSetup(
      {
        options: { projectId: 'demo-trato' },
        functionsRegion: 'us-central1',
        emulators: {
          authUrl: 'http://127.0.0.1:9099',
          firestore: { host: '127.0.0.1', port: 8080 },
          storage: { host: '127.0.0.1', port: 9199 },
          functions: { host: '127.0.0.1', port: 5001 },
        },
      },
      undefined,
    );
    expect(setup).toEqual({
      webhookUrl: 'http://127.0.0.1:5001/demo-trato/us-central1/whatsappWebhook',
      localPage: 'http://127.0.0.1:9650/',
    });
    expect(localWhatsAppUrl('localhost:9651')).toBe('http://localhost:9651/');
  });

  it('no local page in production', () => {
    expect(
      whatsappSetup({ options: { projectId: 'p' }, functionsRegion: 'us-central1', emulators: null }, '1:2')
        .localPage,
    ).toBeNull();
  });
});

describe('the connect form', () => {
  it('sends ids without spaces and the token trimmed; refuses what the callable refuses', () => {
    expect(connectInput({ phoneNumberId: ' 1065 4035 ', wabaId: '12', accessToken: ' t ' })).toEqual({
      phoneNumberId: '10654035',
      wabaId: '12',
      accessToken: 't',
    });
    expect(connectErrors({ phoneNumberId: '', wabaId: 'abc', accessToken: 'x'.repeat(1025) })).toEqual({
      phoneNumberId: 'required',
      wabaId: 'digits',
      accessToken: 'tooLong',
    });
    expect(connectErrors({ phoneNumberId: '1', wabaId: '2', accessToken: 't' })).toEqual({});
  });

  it('reads the refusal and the field it concerns', () => {
    expect(channelErrorText({ details: { reason: 'token-refused' } })).toEqual({
      kind: 'reason',
      key: 'channels.reasons.token-refused',
      field: 'accessToken',
    });
    expect(channelErrorText({ details: { reason: 'invalid-input', field: 'wabaId' } }).field).toBe('wabaId');
    expect(
      channelErrorText({ details: { reason: 'invalid-input', field: 'organizationId' } }).field,
    ).toBeNull();
    expect(channelErrorText({ code: 'functions/unavailable', details: { reason: 'what' } })).toEqual({
      kind: 'server',
      key: 'errors.server.unavailable',
      field: null,
    });
  });
});

describe('opt-out keywords', () => {
  it('checks one word: blank, length, repeated (case and accents ignored), the list full', () => {
    expect(checkKeyword('  ', [])).toEqual({ ok: false, error: 'empty' });
    expect(checkKeyword('x'.repeat(21), [])).toEqual({ ok: false, error: 'tooLong' });
    expect(checkKeyword('x'.repeat(20), [])).toEqual({ ok: true, word: 'x'.repeat(20) });
    expect(checkKeyword('Bája', ['BAJA'])).toEqual({ ok: false, error: 'duplicate' });
    expect(checkKeyword('K', 'ABCDEFGHIJ'.split(''))).toEqual({ ok: false, error: 'full' });
  });

  it('adds several words, stopping at the first refused', () => {
    expect(addWords(['STOP'], 'baja, parar')).toEqual({
      keywords: ['STOP', 'baja', 'parar'],
      rest: '',
      error: null,
    });
    expect(addWords(['STOP'], 'baja, stop, fin')).toEqual({
      keywords: ['STOP', 'baja'],
      rest: 'stop, fin',
      error: 'duplicate',
    });
  });

  it('a list is 1 to 10 words', () => {
    expect(keywordsError([])).toBe('none');
    expect(keywordsError(['STOP'])).toBeNull();
    expect(keywordsError('ABCDEFGHIJK'.split(''))).toBe('full');
  });

  it("the calling code's example", () => {
    expect(callingCodeExample('504')).toBe('9999-8888 → +504 9999 8888');
    expect(callingCodeExample('1')).toBe('9999-8888 → +1 9999 8888');
    expect(callingCodeExample('')).toBeNull();
    expect(callingCodeExample('0504')).toBeNull();
  });
});
