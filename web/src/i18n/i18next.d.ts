import 'i18next';
import type es from './es.json';
import type companies from './locales/es/companies.json';
import type contacts from './locales/es/contacts.json';
import type records from './locales/es/records.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof es;
      companies: typeof companies;
      contacts: typeof contacts;
      records: typeof records;
    };
  }
}
