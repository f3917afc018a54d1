import { describe, expect, it } from 'vitest';

// Every source file's text, read at build time by Vite.
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('Firebase access boundary', () => {
  it('only src/firebase/ imports the Firebase SDK or reactfire', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => !path.startsWith('/src/firebase/'))
      .filter(([, text]) => /from\s+['"](firebase\/[\w-]+|reactfire)['"]/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('the landing page does not pull Firebase into its bundle', () => {
    const landing = Object.entries(sources).filter(([path]) => path.startsWith('/src/features/landing/'));
    expect(landing.length).toBeGreaterThan(0);
    for (const [path, text] of landing) {
      expect(text, path).not.toMatch(/from\s+['"]@\/firebase/);
    }
  });
});
