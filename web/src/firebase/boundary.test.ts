/**
 * Import boundaries of the web app, checked on every source file's syntax tree (so comments and
 * strings never count, and every way of importing does: `import`, `import type`, side-effect
 * imports, `export ... from`, dynamic `import()`, `require()`, `import x = require()` and
 * `typeof import()` types):
 *
 * - only src/firebase/ imports the Firebase SDKs (`firebase`, `firebase/*`, `@firebase/*`) or
 *   reactfire;
 * - a feature (src/features/<a>/) does not import another feature (src/features/<b>/): what two
 *   features share goes to src/components/ (or the model), and what composes features goes to
 *   src/app/;
 * - the shared components (src/components/) import no feature;
 * - the landing page does not pull the Firebase layer into its bundle;
 * - the customer portal (src/portal/, its own page and bundle, issue 34) has its own Firebase layer
 *   (src/portal/firebase/, the only portal code importing the SDKs) and imports of the CRM only
 *   the pure modules listed in PORTAL_IMPORTS_ALLOWED; the CRM imports nothing of the portal.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every source file's text, read at build time by Vite.
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Features that may still import another feature, with the reason. Keep it short: every entry
 * must still be needed (a test fails on a stale one), and new code must not add to it but move
 * what is shared to src/components/ or the composition to src/app/ (issue 12).
 * Key: the importing file; value: the features it may import.
 */
const FEATURE_IMPORTS_ALLOWED: Record<string, { features: string[]; why: string }> = {
  // (none today: the shell, which composes onboarding and the subscription gate, lives in
  // src/app/shell/, and the form building blocks the auth, invite, onboarding and settings
  // features share live in src/components/form/)
};

/** The CRM modules the portal may import: pure, light, with no SDK nor MUI behind them. */
const PORTAL_IMPORTS_ALLOWED: Record<string, string> = {
  '/src/firebase/config': 'how the web app reaches Firebase (VITE_ variables, the local cloud)',
  '/src/firebase/publicFunctions': "a callable's address and its error's shape (the callables over fetch)",
  '/src/i18n/format': 'dates and file sizes as the CRM writes them',
};

/** The module specifiers a source imports, in every syntactic form. */
function importSpecifiers(source: string, fileName = 'file.tsx'): string[] {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      literal(node.moduleReference.expression);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire =
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'require'); // require.resolve('x')
      if (isImport || isRequire) literal(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      literal(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const isFirebaseSdk = (specifier: string) => /^(?:firebase|reactfire)(?:\/|$)|^@firebase\//.test(specifier);

/** The file a specifier points into, as a /src/... path (null for packages). */
function resolveLocal(importer: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@/')) target = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('/src/')) target = specifier;
  else if (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    specifier === '.' ||
    specifier === '..'
  )
    target = `${importer.slice(0, importer.lastIndexOf('/'))}/${specifier}`;
  else return null;
  const parts: string[] = [];
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** The feature a /src/... path belongs to, or null. */
const featureOf = (path: string | null) =>
  (path && /^\/src\/features\/([^/]+)(?:\/|$)/.exec(path)?.[1]) || null;

interface Violation {
  file: string;
  specifier: string;
  rule:
    | 'firebase-sdk'
    | 'feature-to-feature'
    | 'component-to-feature'
    | 'landing-to-firebase'
    | 'portal-to-crm'
    | 'crm-to-portal';
  feature?: string;
}

/** Every boundary a file crosses (allow-list not applied). */
function violations(file: string, source: string): Violation[] {
  const out: Violation[] = [];
  const ownFeature = featureOf(file);
  for (const specifier of importSpecifiers(source, file)) {
    const inPortal = file.startsWith('/src/portal/');
    if (
      isFirebaseSdk(specifier) &&
      !file.startsWith('/src/firebase/') &&
      !file.startsWith('/src/portal/firebase/')
    )
      out.push({ file, specifier, rule: 'firebase-sdk' });
    const target = resolveLocal(file, specifier);
    if (inPortal && target && !target.startsWith('/src/portal/') && !PORTAL_IMPORTS_ALLOWED[target])
      out.push({ file, specifier, rule: 'portal-to-crm' });
    if (!inPortal && target?.startsWith('/src/portal/')) out.push({ file, specifier, rule: 'crm-to-portal' });
    const feature = featureOf(target);
    if (ownFeature && feature && feature !== ownFeature)
      out.push({ file, specifier, rule: 'feature-to-feature', feature });
    if (file.startsWith('/src/components/') && feature)
      out.push({ file, specifier, rule: 'component-to-feature', feature });
    if (
      ownFeature === 'landing' &&
      target &&
      (target === '/src/firebase' || target.startsWith('/src/firebase/'))
    )
      out.push({ file, specifier, rule: 'landing-to-firebase' });
  }
  return out;
}

const allowed = (v: Violation) =>
  v.rule === 'feature-to-feature' && !!FEATURE_IMPORTS_ALLOWED[v.file]?.features.includes(v.feature!);

const all = Object.entries(sources).flatMap(([file, text]) => violations(file, text));
const describeViolations = (list: Violation[]) => list.map((v) => `${v.file} → ${v.specifier}`);

describe('web import boundaries', () => {
  it('reads the whole source tree', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('/src/firebase/callables.ts');
    expect(files.some((f) => f.startsWith('/src/features/landing/'))).toBe(true);
    // The SDK imports of the Firebase layer are seen, so the check below is not vacuous.
    const sdkImports = Object.entries(sources)
      .filter(([file]) => file.startsWith('/src/firebase/'))
      .flatMap(([file, text]) => importSpecifiers(text, file))
      .filter(isFirebaseSdk);
    expect(sdkImports.length).toBeGreaterThan(0);
  });

  it('only src/firebase/ imports the Firebase SDKs or reactfire', () => {
    expect(describeViolations(all.filter((v) => v.rule === 'firebase-sdk'))).toEqual([]);
  });

  it('features do not import other features (except the allow-list)', () => {
    const found = all.filter((v) => v.rule === 'feature-to-feature' && !allowed(v));
    expect(describeViolations(found)).toEqual([]);
  });

  it('every allow-list entry is still needed', () => {
    const stale = Object.entries(FEATURE_IMPORTS_ALLOWED).flatMap(([file, { features }]) =>
      features
        .filter(
          (feature) =>
            !all.some((v) => v.rule === 'feature-to-feature' && v.file === file && v.feature === feature),
        )
        .map((feature) => `${file} → ${feature}`),
    );
    expect(stale).toEqual([]);
  });

  it('shared components import no feature', () => {
    expect(describeViolations(all.filter((v) => v.rule === 'component-to-feature'))).toEqual([]);
  });

  it('the landing page does not pull the Firebase layer into its bundle', () => {
    expect(describeViolations(all.filter((v) => v.rule === 'landing-to-firebase'))).toEqual([]);
  });

  it('the portal imports of the CRM only its pure modules, and the CRM nothing of the portal', () => {
    expect(Object.keys(sources).some((f) => f.startsWith('/src/portal/firebase/'))).toBe(true);
    expect(
      describeViolations(all.filter((v) => v.rule === 'portal-to-crm' || v.rule === 'crm-to-portal')),
    ).toEqual([]);
  });

  it('the portal checks detect an import of the CRM and one of the portal', () => {
    expect(violations('/src/portal/screens/X.tsx', `import { Button } from '@/components/Button';`)).toEqual([
      { file: '/src/portal/screens/X.tsx', specifier: '@/components/Button', rule: 'portal-to-crm' },
    ]);
    expect(violations('/src/portal/X.ts', `import { formatDate } from '@/i18n/format';`)).toEqual([]);
    expect(violations('/src/app/X.ts', `import '../portal/main';`).map((v) => v.rule)).toEqual([
      'crm-to-portal',
    ]);
  });
});

describe('the boundary checks detect', () => {
  const sdk = (source: string, file = '/src/features/deals/DealsPage.tsx') =>
    violations(file, source)
      .filter((v) => v.rule === 'firebase-sdk')
      .map((v) => v.specifier);

  it('every way of importing a Firebase SDK', () => {
    expect(sdk(`import { getFirestore } from 'firebase/firestore';`)).toEqual(['firebase/firestore']);
    expect(sdk(`import { getFirestore } from "firebase/firestore/lite";`)).toEqual([
      'firebase/firestore/lite',
    ]);
    expect(sdk(`import firebase from 'firebase';`)).toEqual(['firebase']);
    expect(sdk(`import { Firestore } from '@firebase/firestore';`)).toEqual(['@firebase/firestore']);
    expect(sdk(`import { _x } from '@firebase/auth/internal';`)).toEqual(['@firebase/auth/internal']);
    expect(sdk(`import { useUser } from 'reactfire';`)).toEqual(['reactfire']);
    expect(sdk(`import type { User } from 'firebase/auth';`)).toEqual(['firebase/auth']);
    expect(sdk(`import 'firebase/app';`)).toEqual(['firebase/app']);
    expect(sdk(`import * as storage from 'firebase/storage';`)).toEqual(['firebase/storage']);
    expect(sdk(`const { getStorage } = await import('firebase/storage');`)).toEqual(['firebase/storage']);
    expect(sdk(`const load = () => import(\n  'firebase/functions'\n);`)).toEqual(['firebase/functions']);
    expect(sdk(`const { getAuth } = require('firebase/auth');`)).toEqual(['firebase/auth']);
    expect(sdk(`const where = require.resolve('firebase/app');`)).toEqual(['firebase/app']);
    expect(sdk(`import auth = require('firebase/auth');`)).toEqual(['firebase/auth']);
    expect(sdk(`export { getAuth } from 'firebase/auth';`)).toEqual(['firebase/auth']);
    expect(sdk(`export * from 'firebase/app';`)).toEqual(['firebase/app']);
    expect(sdk(`export * as fs from '@firebase/firestore';`)).toEqual(['@firebase/firestore']);
    expect(sdk(`export type { User } from 'firebase/auth';`)).toEqual(['firebase/auth']);
    expect(sdk(`let u: typeof import('firebase/auth').getAuth;`)).toEqual(['firebase/auth']);
    expect(sdk(`const x = <div>{String(await import('reactfire'))}</div>;`)).toEqual(['reactfire']);
  });

  it('but not comments, strings, look-alike packages or the firebase layer itself', () => {
    expect(sdk(`// import { x } from 'firebase/app';\n/* require('firebase/auth') */`)).toEqual([]);
    expect(sdk(`const s = "import('firebase/app')"; const t = \`from 'firebase/auth'\`;`)).toEqual([]);
    expect(sdk(`const p = <p>Don't import('firebase/app') here</p>;`)).toEqual([]);
    expect(sdk(`import { callFunction } from '@/firebase/dataApi';`)).toEqual([]);
    expect(sdk(`import x from 'firebase-tools'; import y from 'reactfire-ish';`)).toEqual([]);
    expect(sdk(`import { getAuth } from 'firebase/auth';`, '/src/firebase/auth.ts')).toEqual([]);
  });

  it('a feature importing another feature, by alias, relative path or dynamically', () => {
    const cross = (source: string, file = '/src/features/deals/components/Board.tsx') =>
      violations(file, source)
        .filter((v) => v.rule === 'feature-to-feature')
        .map((v) => v.feature);
    expect(cross(`import { ContactCard } from '@/features/contacts/ContactCard';`)).toEqual(['contacts']);
    expect(cross(`import { ContactCard } from '../../contacts/ContactCard';`)).toEqual(['contacts']);
    expect(cross(`import { x } from '../../../features/contacts/x';`)).toEqual(['contacts']);
    expect(cross(`import { x } from '/src/features/contacts/x';`)).toEqual(['contacts']);
    expect(cross(`const Page = lazy(() => import('@/features/contacts/ContactsPage'));`)).toEqual([
      'contacts',
    ]);
    expect(cross(`export { ContactCard } from '@/features/contacts/ContactCard';`)).toEqual(['contacts']);
    expect(cross(`import '../..';`, '/src/features/deals/components/a/Board.tsx')).toEqual([]);
    // Its own feature, shared layers and other places are fine.
    expect(cross(`import { x } from '../utils/x'; import { y } from '@/features/deals/y';`)).toEqual([]);
    expect(
      cross(`import { z } from '@/components/form/GuardedForm'; import { a } from '@/app/theme';`),
    ).toEqual([]);
    expect(cross(`import { x } from '@/features/contacts/x';`, '/src/app/routes.tsx')).toEqual([]);
    // A feature whose name starts like another one is still another feature.
    expect(cross(`import { x } from '@/features/deals-archive/x';`)).toEqual(['deals-archive']);
  });

  it('a shared component importing a feature', () => {
    const fromComponent = (source: string) =>
      violations('/src/components/form/Field.tsx', source)
        .filter((v) => v.rule === 'component-to-feature')
        .map((v) => v.specifier);
    expect(fromComponent(`import { rules } from '@/features/auth/utils/schemas';`)).toEqual([
      '@/features/auth/utils/schemas',
    ]);
    expect(fromComponent(`import { rules } from '../../features/auth/utils/schemas';`)).toEqual([
      '../../features/auth/utils/schemas',
    ]);
    expect(fromComponent(`import { rules } from './rules'; import { m } from '@trato/model';`)).toEqual([]);
  });

  it('the landing page importing the Firebase layer', () => {
    const fromLanding = (source: string) =>
      violations('/src/features/landing/components/Hero.tsx', source)
        .filter((v) => v.rule === 'landing-to-firebase')
        .map((v) => v.specifier);
    expect(fromLanding(`import { useSession } from '@/firebase';`)).toEqual(['@/firebase']);
    expect(fromLanding(`const api = await import('../../../firebase/dataApi');`)).toEqual([
      '../../../firebase/dataApi',
    ]);
    expect(fromLanding(`import { brand } from '@/app/theme';`)).toEqual([]);
  });

  it('allow-listed imports only', () => {
    const v: Violation = {
      file: '/src/features/x/A.tsx',
      specifier: '@/features/y/B',
      rule: 'feature-to-feature',
      feature: 'y',
    };
    expect(allowed(v)).toBe(false);
  });
});
