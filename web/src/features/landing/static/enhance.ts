import { LANGUAGE_STORAGE_KEY } from '@/i18n/language';
import { rememberAuthIntent } from '../authIntent';
import { hasStoredSession } from '../session';
import { PENDING_CLASS } from './headScript';

/**
 * The only script of the prerendered landing page (inlined at the end of its body, no React): the
 * page holds the Spanish tree in #root and the English one in a <template>; this swaps them for the
 * language toggle (remembered under the same localStorage key as the app), hands sign-up clicks to
 * /auth, and gives keyboard focus the look MUI's JavaScript would give it.
 *
 * Signed-in visitors (a Firebase Auth session is stored) get 'Ir a la app' instead of 'Iniciar
 * sesión', in both language trees, without loading Firebase.
 */
const FOCUS_CLASS = 'Mui-focusVisible';

type Lang = 'es' | 'en';

function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}
const isLang = (value: unknown): value is Lang => value === 'es' || value === 'en';

export function enhanceLanding(doc: Document = document, now: Date = new Date()): void {
  const win = doc.defaultView;
  const root = doc.getElementById('root');
  if (!root || !win) return;

  const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | null => {
    try {
      return win[kind];
    } catch {
      return null;
    }
  };

  function show(lang: Lang, focusToggle: boolean) {
    const from = root!.dataset.lang;
    const template = doc.querySelector<HTMLTemplateElement>(`template[data-lang="${lang}"]`);
    if (from !== lang && template && isLang(from)) {
      const parked = doc.createDocumentFragment();
      parked.append(...Array.from(root!.childNodes));
      root!.append(template.content);
      template.content.append(parked);
      const { title, description } = template.dataset;
      template.dataset.title = doc.title;
      template.dataset.description =
        doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
      template.dataset.lang = from;
      root!.dataset.lang = lang;
      if (title) doc.title = title;
      if (description) doc.querySelector('meta[name="description"]')?.setAttribute('content', description);
      fixYear();
    }
    doc.documentElement.lang = root!.dataset.lang ?? lang;
    if (focusToggle) doc.querySelector<HTMLElement>(`#root button[aria-pressed][lang="${lang}"]`)?.focus();
  }

  // The footer's year comes from the build; keep it current.
  function fixYear() {
    const year = String(now.getFullYear());
    for (const el of Array.from(root!.querySelectorAll<HTMLElement>('[data-year]'))) {
      if (el.dataset.year !== year && el.textContent) {
        el.textContent = el.textContent.replace(el.dataset.year!, year);
        el.dataset.year = year;
      }
    }
  }

  try {
    const stored = storage('localStorage')?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLang(stored)) show(stored, false);
    fixYear();
  } finally {
    doc.documentElement.classList.remove(PENDING_CLASS);
  }

  // A stored session: the header's login button leads back into the app (both language trees).
  void hasStoredSession(win).then((signedIn) => {
    if (!signedIn) return;
    const trees = [
      root,
      ...Array.from(doc.querySelectorAll<HTMLTemplateElement>('template[data-lang]')).map((t) => t.content),
    ];
    for (const tree of trees) {
      for (const link of Array.from(tree.querySelectorAll<HTMLAnchorElement>('a[data-account-link]'))) {
        link.setAttribute('href', '/dashboard');
        if (link.dataset.appLabel) link.textContent = link.dataset.appLabel;
      }
    }
  });

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof win.Element ? event.target : null;
    const toggle = target?.closest<HTMLButtonElement>('#root button[aria-pressed][lang]');
    if (toggle) {
      const lang = toggle.getAttribute('lang');
      if (isLang(lang)) {
        try {
          storage('localStorage')?.setItem(LANGUAGE_STORAGE_KEY, lang);
        } catch {
          // Not remembered (private mode): the page still switches.
        }
        if (lang !== root.dataset.lang) show(lang, true);
      }
      return;
    }
    const signup = target?.closest('a[data-auth-mode="signup"]');
    const sessionStore = storage('sessionStorage');
    if (signup && sessionStore) rememberAuthIntent('signup', sessionStore);
  });

  // MUI styles keyboard focus through a class its JavaScript sets; do the same for :focus-visible.
  doc.addEventListener('focusin', (event) => {
    const el = event.target instanceof win.HTMLElement ? event.target : null;
    if (el?.matches('.MuiButtonBase-root, .MuiLink-root') && focusVisible(el)) {
      el.classList.add(FOCUS_CLASS);
    }
  });
  doc.addEventListener('focusout', (event) => {
    if (event.target instanceof win.HTMLElement) event.target.classList.remove(FOCUS_CLASS);
  });
}
