import { LANGUAGE_STORAGE_KEY } from '@/i18n/language';

/** Class on <html> that keeps #root hidden until ./enhance.ts has shown the visitor's language. */
export const PENDING_CLASS = 'lang-pending';

/**
 * The static landing's pre-paint snippet for <head>: an English visitor's page starts hidden and
 * with lang="en" (the body script swaps in the English tree, then shows it), so Spanish never
 * flashes. Without JavaScript nothing is hidden.
 */
export const HEAD_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})==='en'){var d=document.documentElement;d.lang='en';d.classList.add('${PENDING_CLASS}')}}catch(e){}`;
