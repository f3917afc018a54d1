import 'i18next';
import type es from './es.json';
import type admin from './locales/es/admin.json';
import type auth from './locales/es/auth.json';
import type companies from './locales/es/companies.json';
import type contactPortal from './locales/es/contactPortal.json';
import type contacts from './locales/es/contacts.json';
import type conversations from './locales/es/conversations.json';
import type csv from './locales/es/csv.json';
import type dashboard from './locales/es/dashboard.json';
import type deals from './locales/es/deals.json';
import type documents from './locales/es/documents.json';
import type emails from './locales/es/emails.json';
import type debug from './locales/es/debug.json';
import type landing from './locales/es/landing.json';
import type marketing from './locales/es/marketing.json';
import type meetings from './locales/es/meetings.json';
import type portalSettings from './locales/es/portalSettings.json';
import type publicForm from './locales/es/publicForm.json';
import type records from './locales/es/records.json';
import type settings from './locales/es/settings.json';
import type subscription from './locales/es/subscription.json';
import type tasks from './locales/es/tasks.json';
import type tickets from './locales/es/tickets.json';
import type waTemplates from './locales/es/waTemplates.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof es;
      admin: typeof admin;
      auth: typeof auth;
      companies: typeof companies;
      contactPortal: typeof contactPortal;
      contacts: typeof contacts;
      conversations: typeof conversations;
      csv: typeof csv;
      dashboard: typeof dashboard;
      deals: typeof deals;
      documents: typeof documents;
      emails: typeof emails;
      debug: typeof debug;
      landing: typeof landing;
      marketing: typeof marketing;
      meetings: typeof meetings;
      portalSettings: typeof portalSettings;
      publicForm: typeof publicForm;
      records: typeof records;
      settings: typeof settings;
      subscription: typeof subscription;
      tasks: typeof tasks;
      tickets: typeof tickets;
      waTemplates: typeof waTemplates;
    };
  }
}
