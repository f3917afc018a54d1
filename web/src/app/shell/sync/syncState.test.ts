import { describe, expect, it } from 'vitest';
import { syncStateOf } from './SyncIndicator';
import { changeText } from './SyncPanel';

describe('the sync indicator', () => {
  it('says a refusal first, then offline, then pending', () => {
    expect(syncStateOf(true, 0, 0)).toBe('online');
    expect(syncStateOf(true, 2, 0)).toBe('pending');
    expect(syncStateOf(false, 2, 0)).toBe('offline');
    expect(syncStateOf(false, 0, 1)).toBe('refused');
  });

  it("copies a change's title and its values as typed", () => {
    expect(
      changeText({
        id: 'x',
        action: 'create',
        collection: 'contacts',
        path: 'p',
        title: 'Ana López',
        fields: { name: 'Ana López', city: 'La Ceiba', phone: '9999-8888' },
        at: 0,
        status: 'refused',
      }),
    ).toBe('Ana López\nLa Ceiba\n9999-8888');
  });
});
