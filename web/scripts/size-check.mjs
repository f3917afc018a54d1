// The JavaScript weight of every route of a production build, in bytes of gzip -9, against budgets
// (issue 12). Deterministic: the same sources always give the same numbers (no browser, no timing).
//
//   node scripts/size-check.mjs                 build into node_modules/.cache/size-dist, then check
//   node scripts/size-check.mjs --dist dist     check an existing build (made with build.manifest)
//   --report <file>                             also write the results as JSON (used by npm test)
//
// What a route loads (web/src/app/routes.tsx, read through Vite's SSR loader so the check follows
// whatever the router says, including routes added later):
//   - "/" is the prerendered landing page (dist/index.html): its inline scripts plus any script it
//     references, with their static imports;
//   - every other route is the SPA shell (dist/app.html): the entry chunk with its static imports,
//     plus the route modules of each `lazy()` on the way to that route (layouts like the Firebase
//     root and the signed-in area included) with their static imports, plus whatever those route
//     chunks import dynamically (recursively). Dynamic imports made by the shell itself are other
//     routes or on-demand data (translations), so they are not counted for every route.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { closure, htmlScripts, signedInShellModules } from '../build/builtPages.mjs';
import { routePages } from '../build/routePages.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** "KB" as in issue 12: 1024 bytes. */
const KB = 1024;
/*
 * The brief's budgets: the landing page ≤ 120 KB, the signed-in shell ≤ 350 KB, every signed-in
 * route ≤ 450 KB with everything it loads on demand (its dialogs, tabs, CSV import), and — issue 29 —
 * ≤ 400 KB before any of that (its first load). The shell — React, the router, MUI with emotion,
 * i18next, Firebase Auth and Firestore, the membership, the layout with its sidebar, and on demand the
 * search, the bell and the paywall — weighs ~336 KB; every signed-in page is that plus its own code.
 * Pages built on heavier parts get budgets of their own below (never above the route maximum), each
 * with what it adds (figures of 2026-11-26, a few KB of room).
 */
const SIGNED_IN_ROUTE_MAX = 450 * KB;
const FIRST_LOAD_MAX = 400 * KB;
/**
 * Issue 35 (offline), on every signed-in page: Firestore's persistent cache (~18 KB), the sync
 * indicator with its panel, the service worker's registration and its update prompt (~4 KB), less
 * what build/slimFirestore.ts, slimFormik.ts, slimI18next.ts and the pickers' light popper
 * (build/slimMui.ts) took out (~15 KB on every page, ~25 KB more on pages with forms or pickers).
 * The pages without a form or a picker grew by ~9 KB: their budgets below 450 KB take this; the
 * signed-in shell keeps its 350 KB, and no budget goes above 450 KB.
 */
const OFFLINE = 10 * KB;
const withOffline = (budget) => Math.min(budget + OFFLINE, SIGNED_IN_ROUTE_MAX);
/**
 * CRM lists on the shared DataList (server-paged, on MUI's Table since MUI X Data Grid, ~125 KB
 * for none of its features, went in issue 29), with the list's own create/edit dialog (formik,
 * yup) on first open (the base of the lists below; /admin has its own budget since issue 30).
 */
const CRM_LIST = 366 * KB;
/**
 * /empresas: the same plus 'Importar CSV' and 'Exportar CSV' (issue 19); the two buttons load with
 * the list, the import and export dialogs (stepper, column mapping, review, progress) when
 * pressed: 427.9 KB. papaparse and the validation run in a Web Worker, a file of its own that no
 * route's scripts include.
 */
const CRM_LIST_WITH_CSV = CRM_LIST + 68 * KB;
/**
 * /contactos: the same plus the company filter's entity picker (MUI Autocomplete with its
 * Popper and chips, ~20 KB, at first load), and the rows' selection with 'Añadir a lista' (issue
 * 31: the bar, and the list dialog when pressed): 444.5 KB (first load 391.2 KB: the create dialog
 * is fetched when the page is idle).
 */
const CONTACTS_LIST = SIGNED_IN_ROUTE_MAX;
/**
 * The list plus the task or meeting dialog (formik, yup, the typed date fields, the entity and
 * member pickers), on first open: /tareas and /reuniones (434.2 / 432.6 KB).
 */
const CRM_LIST_WITH_DATES = withOffline(440 * KB);
/**
 * The record pages with their related lists and the task, meeting or deal dialog (date fields,
 * entity and member pickers) on first open, the edit dialog too: /empresas/:id and /contactos/:id
 * (442.8 / 446.5 KB; first load 363.1 / 383.0 KB). MUI X Date Pickers (~57 KB) and MUI's Tabs
 * (~5.5 KB) went for this (components/form/DateTimeField.tsx, components/TabBar.tsx). Issue 31
 * added the contact's 'Listas' dialog (~1.5 KB) and took MUI's LinearProgress (~1.5 KB,
 * components/ProgressBar.tsx), createThemeWithVars and Select's unused inputs (~5 KB on every
 * page, build/slimMui.ts) out: 439.1 / 445.8 KB (first load 353.5 / 372.0 KB).
 */
const CRM_RECORD_PAGE = SIGNED_IN_ROUTE_MAX;
/**
 * The board (react-dnd with its HTML5 and touch backends, ~30 KB; first load 357.1 KB) and the
 * deal dialog on first open (formik, yup, the date field, the entity pickers): 439.4 KB.
 */
const DEALS_BOARD = 445 * KB;
/**
 * The tickets pages (cards, not DataList's table): the list with its filters and search 367.9 KB,
 * the ticket 351.2 KB; the form page for new and existing tickets adds formik, yup with the
 * model's ticket schema, the selects and the owner, contact and company pickers: 413.6 KB (first
 * load 378.1 KB: the pickers load right after the form).
 */
const TICKETS_PAGES = withOffline(372 * KB);
const TICKET_FORM_PAGE = 416 * KB;
/**
 * /tickets/:id with its conversation (issue 34): the replies and internal notes live, the composer
 * (the outlined text field, 'Respuesta pública' / 'Nota interna' as two pressed buttons rather than
 * MUI's ToggleButtonGroup), and on demand the Firebase Storage SDK (~10 KB) with the first download
 * of a customer's attachment: 372.3 KB (first load 351.5 KB).
 */
const TICKET_PAGE = withOffline(376 * KB);
/**
 * /documentos: folder and file cards with their menus and tooltips (MUI Popper), the breadcrumb
 * and the uploads panel; on demand the folder form (formik, yup) and the Firebase Storage SDK with
 * the first upload, download or delete: 418.2 KB.
 */
/**
 * Issue 34 adds 'Compartir con un contacto' to a file's and a folder's menu: the dialog on demand
 * with the contact picker (MUI Autocomplete with its Popper and chips, ~13 KB) and 'Compartido
 * con': 437.8 KB (first load 367.0 KB).
 */
const DOCUMENTS_PAGE = withOffline(442 * KB);
/**
 * /marketing: the sequences, the selected one's numbers, steps and enrolments; on demand the
 * sequence and step forms (formik, yup, the merge-field chips, the preview's contact picker) and
 * the enrolment dialog's picker: 417.2 KB (420.8 KB with the hub's tab row, issue 31). With the
 * forms (issue 31): 425.9 KB — the 'Formularios' tab and the forms' texts in the marketing
 * catalogue (+1.4 KB), and Firebase's app module, the web config and the model's constants in a
 * file of their own now that /f/:formKey loads them without Auth (+1.5 KB on every signed-in page).
 */
/**
 * Issue 33 adds to /marketing the step types (E-mail / WhatsApp / Tarea / Esperar as native radios),
 * the WhatsApp step's template picker (a native select: MUI Select's Menu would add ~13 KB), its
 * phone-like preview and the steps' summaries by type, on demand with the step form: 433.3 KB
 * (first load 366.1 KB), of which ~2 KB is the signed-in shell's growth with the inbox.
 */
const MARKETING_PAGE = withOffline(436 * KB);
/**
 * The marketing hub's lists (issue 31), on DataList: /marketing/listas with its criteria summaries
 * and, on demand, the list form (formik, yup, the segment's selects, company and owner pickers,
 * date fields): 430.9 KB; /marketing/campanas with, on demand, the campaign form (the step form's
 * merge-field chips and preview with its contact picker, the lists select): 429.7 KB.
 */
const MARKETING_LISTS = 440 * KB;
/**
 * A list's and a campaign's page (issue 31): /marketing/listas/:id — its count and contacts, on
 * demand the list form, 'Añadir contactos' (the contact picker) and 'Inscribir en secuencia':
 * 436.4 KB; /marketing/campanas/:id — its status, actions and results (the recipients' table), on
 * demand the campaign form and the schedule dialog (the date-time field): 439.7 KB.
 */
const MARKETING_RECORD_PAGES = 445 * KB;
/**
 * The forms (issue 31) under the same budgets: /marketing/formularios (the forms, on demand the
 * builder: formik, yup, the selects of lists, sequences and members, its switches): 420.9 KB;
 * /marketing/formularios/:id (its address and embed code, settings, the submissions' table, on
 * demand the builder): 422.8 KB.
 */
const MARKETING_FORMS = MARKETING_LISTS;
/**
 * /marketing/campanas with the topics of the preference centre (issue 31): 'Temas' (the topics
 * dialog on demand: list, add, edit, delete with ConfirmDialog) and the campaign form's 'Tema'
 * picker: 438.0 KB; a campaign's page with its topic in the summary, the form's picker and the
 * schedule preview's topic note: 445.3 KB.
 */
const MARKETING_CAMPAIGNS = 443 * KB;
const MARKETING_CAMPAIGN_PAGE = SIGNED_IN_ROUTE_MAX;
/**
 * Issue 33: every marketing page loads the hub's fifth tab ('Plantillas WhatsApp') and the marketing
 * catalogue's step and send-log texts (+0.4 KB; the templates page's own texts are a namespace of
 * their own), with the signed-in shell's ~2 KB more for the inbox: /marketing/listas 438.5 KB,
 * /marketing/listas/:id 444.8 KB, /marketing/campanas 441.4 KB, /marketing/campanas/:id 448.7 KB.
 *
 * /marketing/whatsapp: the WhatsApp templates, live (cards with their states), 'Actualizar estados'
 * and deleting with ConfirmDialog; on demand the template form (outlined fields, MUI Select for the
 * language and the variables' sources, native radios for the category, the phone-like preview) and
 * the page's own texts (the waTemplates namespace, ~2.8 KB): 402.1 KB (first load 349.5 KB).
 */
const MARKETING_WHATSAPP = withOffline(410 * KB);
/**
 * /contactos/:id/consentimiento (issue 31): a contact's consent with its proof — the history
 * (server-paged) and, with contacts.edit, recording it given or withdrawn — on a page of its own
 * so the contact's page stays within 450 KB: 366.8 KB.
 */
const CONTACT_CONSENT_PAGE = withOffline(372 * KB);
/**
 * /contactos/:id/portal (issue 34): a contact's access to the customer portal (status, dates,
 * invite, revoke with ConfirmDialog) and the documents shared with them, with its texts in a
 * catalogue of its own (contactPortal), on a page of its own so the contact's page keeps only its
 * 'Portal' link: 353.0 KB.
 */
const CONTACT_PORTAL_PAGE = withOffline(358 * KB);
/**
 * /ajustes/portal (issue 34, admins): Ajustes' title and tab row with the customer portal's
 * settings — the address with its checks, copy and 'Abrir portal', the logo resized by a canvas,
 * the languages, the ticket fields' and sign-up's selects (MUI Select with its Menu), the switches —
 * and its texts (portalSettings): 378.9 KB (first load 367.4 KB). An address of its own so /ajustes,
 * at the route maximum with its tabs, does not carry it (449.5 KB with the tab's label).
 */
const SETTINGS_PORTAL_PAGE = withOffline(384 * KB);
/**
 * /contactos/:id/emails and /empresas/:id/emails (issue 32), one page module: the conversations
 * (server-paged), one opened with its messages, each body in a sandboxed frame, attachments'
 * downloads, 'Sincronizar'; on demand the compose dialog (Dialog, chips, the outlined fields, no
 * formik): 365.1 / 364.8 KB. Pages of their own so the record pages stay within 450 KB.
 */
const RECORD_EMAILS_PAGE = withOffline(372 * KB);
/**
 * The WhatsApp inbox (issue 33), one page module for /conversaciones and /conversaciones/:id (the
 * list — filters, rows, 'Cargar más' — beside or before the open conversation: bubbles with ticks,
 * 'Asignar a' as a native select, the 24-hour window, the composer with MUI's outlined field) and
 * /contactos/:id/whatsapp (the same conversation under the contact's name); on demand the template
 * picker (Dialog, native radios, the preview): 359.4 / 359.7 KB. A page of its own for the
 * contact, so the contact's page keeps only its 'WhatsApp' link.
 */
const WHATSAPP_PAGES = withOffline(368 * KB);
const MARKETING_FORM_PAGE = MARKETING_RECORD_PAGES;
/**
 * /f/:formKey, a form's public page (issue 31), for visitors on their phones: outside the Firebase
 * root, so no Auth, no Firestore, no shell — the entry (React, the router, MUI's core with emotion,
 * i18next: 172.9 KB, what the 404 page weighs), Firebase's app and Functions SDKs (~12 KB, for
 * getPublicForm and submitForm), MUI's outlined text field (~8 KB) and the page itself (~4.5 KB;
 * the consent checkbox is a native one): 200.8 KB.
 */
const PUBLIC_FORM_PAGE = 204 * KB;
/**
 * /ajustes: its tabs' forms (formik, yup with the model's schemas: ~23 KB), the role select
 * (MUI Select with its Menu), the permission matrix (Table, Switch, Checkbox), the confirmations,
 * the Gmail connection and the team's mailboxes, and Perfil's preferences with the time-zone
 * picker (MUI Autocomplete with its Popper, ~18 KB; issue 30): 433.5 KB, each tab with its own code
 * (first load 325.3 KB: the tabs alone; the others fetched when the page is idle).
 */
/**
 * Issue 33 adds the admins' 'Canales' tab (the WhatsApp connection form with its refusals, the
 * connected number, the opt-out keywords and calling code, the webhook address), on demand with
 * the tab (5.4 KB) and its texts in the settings catalogue (~2.2 KB): 448.1 KB (first load
 * 333.9 KB), with the signed-in shell's ~2 KB more for the inbox.
 */
const SETTINGS_PAGE = SIGNED_IN_ROUTE_MAX;

/**
 * /admin (superadmin): a CRM-like paged list with its search, plus each organization's figures
 * (subscription chips, counts) and its read-only page (details, members) — issue 30. One person
 * uses it, on a desktop; it stays well inside the 450 KB every route keeps to.
 */
const SUPERADMIN_PAGES = 380 * KB;
/** The dashboard, billing and the debug page: the signed-in shell and a little of their own. */
const SHELL_PAGES = withOffline(350 * KB);

/** Budgets in bytes of gzip -9 JavaScript (issue 12). */
export const BUDGETS = {
  /** The static landing page. */
  landing: 120 * KB,
  /**
   * The customer portal (issue 34): its own page (portal.html) that loads none of the CRM's code —
   * React, its screens on plain elements and a stylesheet (MUI with emotion would not fit), i18next
   * with its own catalogue, Firebase Auth (e-mail link) and Firestore Lite, the callables over
   * fetch; with what it loads on demand (Firebase Storage, for uploads and downloads).
   */
  portal: 200 * KB,
  /**
   * Any route of the SPA without a budget of its own: sign-in, invitation, onboarding, the mail
   * return, the dashboard, billing, the debug page; and the signed-in shell on its own.
   */
  app: 350 * KB,
  /** What any route of the SPA may load before its on-demand parts (issue 29). */
  firstLoad: FIRST_LOAD_MAX,
  /** Per-route budgets, by route pattern, each with its reason above; none above 450 KB. */
  routes: {
    '/dashboard': SHELL_PAGES,
    '/subscription': SHELL_PAGES,
    '/debug/db': SHELL_PAGES,
    '/admin': SUPERADMIN_PAGES,
    '/admin/:organizationId': SUPERADMIN_PAGES,
    '/empresas': CRM_LIST_WITH_CSV,
    '/contactos': CONTACTS_LIST,
    '/empresas/:id': CRM_RECORD_PAGE,
    '/contactos/:id': CRM_RECORD_PAGE,
    '/contactos/:id/consentimiento': CONTACT_CONSENT_PAGE,
    '/contactos/:id/portal': CONTACT_PORTAL_PAGE,
    '/contactos/:id/emails': RECORD_EMAILS_PAGE,
    '/empresas/:id/emails': RECORD_EMAILS_PAGE,
    '/contactos/:id/whatsapp': WHATSAPP_PAGES,
    '/conversaciones': WHATSAPP_PAGES,
    '/conversaciones/:id': WHATSAPP_PAGES,
    '/tareas': CRM_LIST_WITH_DATES,
    '/reuniones': CRM_LIST_WITH_DATES,
    '/deals': DEALS_BOARD,
    '/tickets': TICKETS_PAGES,
    '/tickets/:id': TICKET_PAGE,
    '/tickets/nuevo': TICKET_FORM_PAGE,
    '/tickets/:id/editar': TICKET_FORM_PAGE,
    '/documentos': DOCUMENTS_PAGE,
    '/marketing': MARKETING_PAGE,
    '/marketing/listas': MARKETING_LISTS,
    '/marketing/campanas': MARKETING_CAMPAIGNS,
    '/marketing/listas/:id': MARKETING_RECORD_PAGES,
    '/marketing/campanas/:id': MARKETING_CAMPAIGN_PAGE,
    '/marketing/formularios': MARKETING_FORMS,
    '/marketing/formularios/:id': MARKETING_FORM_PAGE,
    '/marketing/whatsapp': MARKETING_WHATSAPP,
    '/f/:formKey': PUBLIC_FORM_PAGE,
    '/ajustes': SETTINGS_PAGE,
    '/ajustes/portal': SETTINGS_PORTAL_PAGE,
  },
};
for (const [route, budget] of Object.entries(BUDGETS.routes)) {
  if (budget > SIGNED_IN_ROUTE_MAX)
    throw new Error(`${route}: its budget is above the 450 KB every route keeps to`);
}

/**
 * Code that must never reach the browser, by strings only that code contains: the Realtime
 * Database and Remote Config SDKs (once brought in by reactfire, now removed); re2js, which
 * Firestore imports for Pipeline queries only (web/build/slimFirebase.ts stubs it); the Pipeline
 * engine itself, whose branches web/build/slimFirestore.ts takes out; the bloom-filter arithmetic
 * (web/build/stubs/bloomBlob.js).
 */
export const FORBIDDEN = [
  { what: 'Realtime Database SDK', markers: ['FIREBASE_DATABASE_EMULATOR_HOST', 'firebaseio.com'] },
  { what: 'Remote Config SDK', markers: ['firebaseremoteconfig.googleapis.com'] },
  { what: 're2js', markers: ['RE2JSSyntaxException'] },
  { what: 'Firestore pipeline engine', markers: ['string_concat'] },
  { what: 'bloom-blob (Integer, Md5)', markers: ['number format error: empty string'] },
];

export const gzipSize = (data) => gzipSync(data, { level: 9 }).length;

export { htmlScripts };

/** Per route: which JS files it loads and their gzip -9 bytes. */
export function measure(distDir, leaves) {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing (build with build.manifest)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
  const sizeCache = new Map();
  const fileSize = (file) => {
    if (!sizeCache.has(file)) sizeCache.set(file, gzipSize(readFileSync(path.join(distDir, file))));
    return sizeCache.get(file);
  };

  const spaHtml = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  const staticLanding = spaHtml === 'app.html';
  const shellOf = (htmlFile) => {
    const { inline, files } = htmlScripts(readFileSync(path.join(distDir, htmlFile), 'utf8'));
    const keys = files.map((file) => byFile.get(file)).filter(Boolean);
    const unknown = files.filter((file) => !byFile.has(file));
    return { inline, keys, unknown };
  };
  const spaShell = shellOf(spaHtml);
  const shellKeys = closure(manifest, spaShell.keys, { dynamic: false });

  const routeModules = new Set(leaves.flatMap((leaf) => leaf.lazyModules));
  for (const id of routeModules) {
    if (!manifest[id]) throw new Error(`route module ${id} is not in the build manifest`);
  }

  const results = [];
  const seenSets = new Map();
  for (const leaf of leaves) {
    const isLanding = leaf.path === '/' && leaf.index;
    // Redirects and other routes without their own code weigh what the 404 page weighs: skip them.
    if (!isLanding && !leaf.lazyModules.length && leaf.path !== '/*') continue;
    let inline;
    let keys;
    let extraFiles = [];
    let firstLoad = null;
    if (isLanding && staticLanding) {
      const landing = shellOf('index.html');
      inline = landing.inline;
      keys = closure(manifest, landing.keys, { dynamic: false });
      extraFiles = landing.unknown;
    } else {
      inline = spaShell.inline;
      keys = closure(manifest, [...spaShell.keys, ...leaf.lazyModules], {
        dynamic: true,
        stopAt: routeModules,
        skipDynamicFrom: shellKeys,
      });
      extraFiles = spaShell.unknown;
      firstLoad = closure(manifest, [...spaShell.keys, ...leaf.lazyModules], { dynamic: false });
    }
    const files = [...new Set([...[...keys].map((k) => manifest[k].file), ...extraFiles])]
      .filter((file) => file.endsWith('.js'))
      .sort();
    const chunks = files.map((file) => ({ file, bytes: fileSize(file) }));
    const inlineBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);
    const bytes = inlineBytes + chunks.reduce((sum, c) => sum + c.bytes, 0);
    // Without what the route's code imports on demand (e.g. after a form is sent).
    const firstLoadFiles = firstLoad ? new Set([...firstLoad].map((k) => manifest[k].file)) : null;
    const firstLoadBytes = firstLoadFiles
      ? inlineBytes + chunks.filter((c) => firstLoadFiles.has(c.file)).reduce((sum, c) => sum + c.bytes, 0)
      : bytes;
    const budget = isLanding ? BUDGETS.landing : (BUDGETS.routes[leaf.path] ?? BUDGETS.app);
    const forbidden = FORBIDDEN.filter(({ markers }) =>
      files.some((file) => {
        const text = readFileSync(path.join(distDir, file), 'utf8');
        return markers.some((marker) => text.includes(marker));
      }),
    ).map((f) => f.what);
    const label = isLanding ? (staticLanding ? '/ (static landing)' : '/ (landing)') : leaf.path;
    // Routes that load exactly the same files are one row.
    const signature = `${budget}|${isLanding}|${inline.join('\0')}|${files.join(',')}`;
    const same = seenSets.get(signature);
    if (same) {
      same.routes.push(label);
      continue;
    }
    const result = {
      routes: [label],
      files: files.length,
      inline: inline.length,
      bytes,
      firstLoadBytes,
      budget,
      chunks,
      forbidden,
    };
    seenSets.set(signature, result);
    results.push(result);
  }
  const portal = measurePortal(distDir, fileSize);
  if (portal) results.push(portal);
  for (const r of results) {
    r.overBudget = r.bytes > r.budget;
    r.firstLoadBudget =
      r.routes.some((route) => route.startsWith('/ (')) || r === portal ? r.budget : BUDGETS.firstLoad;
    r.overFirstLoad = r.firstLoadBytes > r.firstLoadBudget;
    r.ok = r.forbidden.length === 0 && !r.overBudget && !r.overFirstLoad;
  }
  return results;
}

export const PORTAL_ROW = '/portal/:slug (portal.html)';

/**
 * The customer portal's page (dist/portal.html, issue 34; a build of its own, web/build/portalPage.ts,
 * with its manifest): its scripts (inline and files) with their static imports, plus every dynamic
 * import they make, recursively (Storage, on demand). Null when the build has no portal page.
 */
function measurePortal(distDir, fileSize) {
  const htmlPath = path.join(distDir, 'portal.html');
  const manifestPath = path.join(distDir, '.vite/portal-manifest.json');
  if (!existsSync(htmlPath)) return null;
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing (the portal's own build writes it)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
  const { inline, files: htmlFiles } = htmlScripts(readFileSync(htmlPath, 'utf8'));
  const start = htmlFiles.map((file) => byFile.get(file)).filter(Boolean);
  const unknown = htmlFiles.filter((file) => !byFile.has(file));
  const toFiles = (keys) =>
    [...new Set([...[...keys].map((k) => manifest[k].file), ...unknown])]
      .filter((f) => f.endsWith('.js'))
      .sort();
  const files = toFiles(closure(manifest, start, { dynamic: true }));
  const firstFiles = new Set(toFiles(closure(manifest, start, { dynamic: false })));
  const chunks = files.map((file) => ({ file, bytes: fileSize(file) }));
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);
  const forbidden = FORBIDDEN.filter(({ markers }) =>
    files.some((file) => {
      const text = readFileSync(path.join(distDir, file), 'utf8');
      return markers.some((marker) => text.includes(marker));
    }),
  ).map((f) => f.what);
  return {
    routes: [PORTAL_ROW],
    files: files.length,
    inline: inline.length,
    bytes: inlineBytes + chunks.reduce((sum, c) => sum + c.bytes, 0),
    firstLoadBytes:
      inlineBytes + chunks.filter((c) => firstFiles.has(c.file)).reduce((sum, c) => sum + c.bytes, 0),
    budget: BUDGETS.portal,
    chunks,
    forbidden,
  };
}

export const SHELL_ROW = 'signed-in shell (no page)';

/**
 * A row for the signed-in shell alone: the route modules down to the shell's layout (the Firebase
 * root, the signed-in area, the layout), without any section's page.
 */
export function signedInShell(pages) {
  return { path: SHELL_ROW, index: false, lazyModules: signedInShellModules(pages) };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function verdict(r) {
  const problems = [
    ...(r.overBudget ? [`${kb(r.bytes - r.budget)} over budget`] : []),
    ...(r.overFirstLoad
      ? [`first load ${kb(r.firstLoadBytes - r.firstLoadBudget)} over ${kb(r.firstLoadBudget)}`]
      : []),
    ...(r.forbidden.length ? [`contains ${r.forbidden.join(', ')}`] : []),
  ];
  return problems.length ? `FAIL: ${problems.join('; ')}` : 'ok';
}

export function formatTable(results) {
  const name = (r) =>
    r.routes.length > 3
      ? `${r.routes.slice(0, 2).join(', ')} … (${r.routes.length} routes)`
      : r.routes.join(', ');
  const rows = results.map((r) => [
    name(r),
    String(r.files + r.inline),
    kb(r.firstLoadBytes),
    kb(r.bytes),
    kb(r.budget),
    verdict(r),
  ]);
  const head = ['Route', 'Scripts', 'First load', 'JS (gzip -9)', 'Budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)];
  for (const r of results.filter((x) => !x.ok)) {
    out.push('', `${name(r)}: the heaviest scripts`);
    for (const c of [...r.chunks].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) {
      out.push(`  ${kb(c.bytes).padStart(9)}  ${c.file}`);
    }
  }
  return out.join('\n');
}

async function main(argv) {
  const arg = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const report = arg('--report');
  let distDir = arg('--dist') && path.resolve(arg('--dist'));
  let results;
  try {
    if (!distDir) {
      distDir = path.join(webDir, 'node_modules/.cache/size-dist');
      const { build } = await import('vite');
      const started = Date.now();
      await build({
        root: webDir,
        mode: 'production',
        logLevel: 'warn',
        build: { outDir: distDir, emptyOutDir: true, sourcemap: false, manifest: true },
      });
      console.log(
        `built ${path.relative(process.cwd(), distDir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const pages = await routePages(webDir);
    results = measure(distDir, [...pages, signedInShell(pages)]);
  } catch (error) {
    console.error(`size check: ${error.stack ?? error}`);
    if (report) writeReport(report, { passed: 0, failed: 1, skipped: 0, error: String(error) });
    return 1;
  }
  console.log(formatTable(results));
  const failed = results.filter((r) => !r.ok).length;
  if (report) writeReport(report, { passed: results.length - failed, failed, skipped: 0, results });
  console.log(
    `\nJS: all the scripts a route loads, on demand too (first load: before any of those, at most\n` +
      `${kb(BUDGETS.firstLoad)}); gzip -9 of each script, 1 KB = 1024 bytes. ${failed ? `${failed} route group(s) FAIL.` : 'Every route is within its budget.'}`,
  );
  if (failed) {
    console.log(
      'Make the route load less (lazy-load what it does not need at first), or give it its own budget in\n' +
        'BUDGETS.routes of web/scripts/size-check.mjs with the reason next to it.',
    );
  }
  return failed ? 1 : 0;
}

function writeReport(file, data) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(data, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
