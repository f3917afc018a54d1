import type { Plugin } from 'vite';

const I18NEXT = /[\\/]node_modules[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/;
const DEFAULT_FORMATTER = 'formatter = Formatter;';

/**
 * i18next formats values inside texts ('{{amount, currency}}') with its Formatter (Intl-based, ~1
 * KB of gzip on every page). Trato's texts never ask for it — amounts and dates are formatted by
 * src/i18n/format.ts before they reach a text (i18n.test.ts checks no text uses the syntax) — so
 * i18next is given none and the class is tree-shaken away. Production builds only; the build
 * fails if i18next changes the line.
 */
export function slimI18next(): Plugin {
  return {
    name: 'trato:slim-i18next',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!I18NEXT.test(id)) return null;
      if (!code.includes(DEFAULT_FORMATTER))
        throw new Error('slimI18next: the default formatter line is gone (i18next changed)');
      return { code: code.replace(DEFAULT_FORMATTER, 'formatter = undefined;'), map: null };
    },
  };
}
