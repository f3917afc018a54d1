import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './language';
import { FEATURE_NAMESPACES, type FeatureNamespace } from './namespaces';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// The core catalogue and every feature namespace (locales/{language}/{namespace}.json), as ns:key.
const namespaceFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
function catalogue(language: 'es' | 'en', core: Tree): Map<string, string> {
  const keys = flatten(core);
  for (const [file, tree] of Object.entries(namespaceFiles)) {
    const match = /^\.\/locales\/(\w+)\/(\w+)\.json$/.exec(file);
    if (match?.[1] === language) for (const [k, v] of flatten(tree)) keys.set(`${match[2]}:${k}`, v);
  }
  return keys;
}
const esKeys = catalogue('es', es as Tree);
const enKeys = catalogue('en', en as Tree);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

describe('translation catalogues', () => {
  it('every Spanish key exists in English', () => {
    const missing = [...esKeys.keys()].filter((key) => !enKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('every English key exists in Spanish', () => {
    const missing = [...enKeys.keys()].filter((key) => !esKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('has no empty strings', () => {
    const empty = [...esKeys, ...enKeys].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const mismatched = [...esKeys.keys()].filter(
      (key) =>
        enKeys.has(key) && placeholders(esKeys.get(key)!).join() !== placeholders(enKeys.get(key)!).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("never asks i18next to format a value ('{{x, number}}'): the build leaves its formatter out", () => {
    // build/slimI18next.ts: amounts and dates are formatted by src/i18n/format.ts beforehand.
    const formatted = [...esKeys, ...enKeys].filter(([, text]) => /\{\{[^}]*,[^}]*\}\}/.test(text));
    expect(formatted).toEqual([]);
  });

  it('keeps the spec wording of the catalogue', () => {
    expect(esKeys.get('auth:toasts.welcomeBack')).toBe('Bienvenido de vuelta');
    expect(esKeys.get('auth:toasts.accountCreated')).toBe('Cuenta creada');
    expect(esKeys.get('auth:toasts.confirmEmail')).toBe('Revisa tu email para confirmar');
    expect(esKeys.get('auth:toasts.emailSent')).toBe('Email enviado');
    expect(esKeys.get('auth:toasts.resetSent')).toBe('Revisa tu correo para restablecer tu contraseña');
    expect(esKeys.get('auth.validation.resetEmail')).toBe('Ingresa tu email');
    expect(enKeys.get('notFound.title')).toBe('Oops! Page not found');
    expect(enKeys.get('notFound.home')).toBe('Return to Home');
    expect(enKeys.get('routeError.title')).toBe('Unexpected Application Error!');
    expect(esKeys.get('app.user.signOut')).toBe('Cerrar sesión');
    expect(esKeys.get('contacts:delete.title')).toBe('¿Eliminar cliente?');
    expect(esKeys.get('contacts:detail.notFound')).toBe('Cliente no encontrado');
    expect(esKeys.get('companies:detail.notFound')).toBe('Empresa no encontrada');
    expect(esKeys.get('companies:empty.action')).toBe('Crear primera empresa');
    expect(esKeys.get('records:deal.titleAndClient')).toBe('Título y cliente son obligatorios');
    expect(esKeys.get('records:meeting.deleteTitle')).toBe('¿Eliminar reunión?');
    expect(esKeys.get('subscription:paywall.title')).toBe('Suscripción Requerida');
    expect(esKeys.get('auth:invite.errors.invalid')).toBe('Invitación inválida o expirada');
    expect(esKeys.get('settings:team.invite.sent')).toBe('Invitación enviada');
  });
});

describe('feature namespaces', () => {
  // Every FeatureNamespace, once: the type (what routes may declare) and the files must agree.
  const declared: Record<FeatureNamespace, true> = {
    admin: true,
    auth: true,
    companies: true,
    contactPortal: true,
    contacts: true,
    conversations: true,
    csv: true,
    dashboard: true,
    deals: true,
    debug: true,
    documents: true,
    emails: true,
    landing: true,
    marketing: true,
    meetings: true,
    portalSettings: true,
    publicForm: true,
    records: true,
    settings: true,
    subscription: true,
    tasks: true,
    tickets: true,
    waTemplates: true,
  };

  it('has a file in each language for every declared namespace, and no other', () => {
    expect(FEATURE_NAMESPACES).toEqual(Object.keys(declared).sort());
    const files = Object.keys(namespaceFiles).sort();
    expect(files).toEqual(
      ['en', 'es']
        .flatMap((language) => FEATURE_NAMESPACES.map((ns) => `./locales/${language}/${ns}.json`))
        .sort(),
    );
  });

  it('keeps the core catalogue to what every screen needs', () => {
    expect(Object.keys(es).sort()).toEqual(
      ['app', 'auth', 'common', 'enums', 'errors', 'notFound', 'routeError'].sort(),
    );
    // Only what the shared form fields (components/form) and firebase/authErrors read.
    expect(Object.keys(es.auth).sort()).toEqual(['errors', 'fields', 'validation']);
  });
});

describe('stored language', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
  });

  it('defaults to Spanish', () => {
    expect(DEFAULT_LANGUAGE).toBe('es');
    expect(readStoredLanguage(storage(null))).toBe('es');
  });

  it('reads a supported language', () => {
    expect(readStoredLanguage(storage('en'))).toBe('en');
  });

  it('ignores unsupported values', () => {
    expect(readStoredLanguage(storage('fr'))).toBe('es');
  });

  it('survives a storage that throws', () => {
    expect(
      readStoredLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('es');
  });
});
