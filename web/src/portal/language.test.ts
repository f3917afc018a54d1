import { describe, expect, it } from 'vitest';
import { choosePortalLanguage } from './language';

describe('choosePortalLanguage', () => {
  it('takes ?lang first', () => {
    expect(choosePortalLanguage({ search: '?lang=en', stored: 'es', browser: ['es-MX'] })).toBe('en');
  });

  it('then the device’s choice, then the browser’s first language the portal has', () => {
    expect(choosePortalLanguage({ search: '', stored: 'en', browser: ['es'] })).toBe('en');
    expect(choosePortalLanguage({ search: '', browser: ['fr-FR', 'en-GB', 'es'] })).toBe('en');
    expect(choosePortalLanguage({ search: '', browser: ['es-HN'] })).toBe('es');
  });

  it('stays within the site’s languages, else the site’s default (its first)', () => {
    expect(choosePortalLanguage({ search: '?lang=en', browser: ['en-US'], offered: ['es'] })).toBe('es');
    expect(choosePortalLanguage({ search: '', browser: ['fr'], offered: ['en', 'es'] })).toBe('en');
    expect(choosePortalLanguage({ search: '', browser: ['de'] })).toBe('es');
  });

  it('ignores what it does not know', () => {
    expect(choosePortalLanguage({ search: '?lang=xx', stored: 'zz', browser: ['pt-BR', 'en'] })).toBe('en');
    expect(choosePortalLanguage({ search: '?lang=EN', browser: [] })).toBe('en');
  });
});
