/**
 * The one registry of the signed-in area's sections. Routes, the sidebar, the section guard, the
 * subscription gate and page titles are all derived from it: adding a CRM section is one entry
 * here plus its feature folder (see web/README.md, "How to add a CRM section").
 */
import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import ConfirmationNumberRoundedIcon from '@mui/icons-material/ConfirmationNumberRounded';
import ContactsRoundedIcon from '@mui/icons-material/ContactsRounded';
import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import StorageRoundedIcon from '@mui/icons-material/StorageRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { Resource } from '@trato/model';
import type en from '@/i18n/en.json';
import type { FeatureNamespace } from '@/i18n';

export type SectionKey = keyof typeof en.app.sections;
export type PageTitleKey = keyof typeof en.app.pages;

/** A lazily loaded page module; its default export is the screen. */
export type PageModule = () => Promise<{ default: ComponentType }>;

export interface SectionPage {
  /** Relative to the section's path: '' (the index), ':id', 'nuevo', ':id/editar'. */
  path: string;
  title: PageTitleKey;
  /** The screen. */
  load: PageModule;
  /** The feature catalogues (src/i18n/locales) the page's texts come from, loaded with it. */
  namespaces?: FeatureNamespace[];
}

/** Who may open a section, on top of the signed-in membership. */
export type SectionAccess =
  | { kind: 'resource'; resource: Resource } // the permission matrix's view right
  | { kind: 'member' } // every member (settings, billing)
  | { kind: 'admin' } // administrators of the organization
  | { kind: 'superadmin' };

export interface Section {
  key: SectionKey;
  /** The first path segment, in the spec's (Spanish) URLs. */
  path: string;
  access: SectionAccess;
  icon: SvgIconComponent;
  /** Listed in the sidebar (in this order) when the member may open it. */
  inSidebar: boolean;
  /** Behind the subscription gate (CRM data); settings and billing stay reachable without one. */
  needsSubscription: boolean;
  pages: SectionPage[];
}

const crm = (
  key: SectionKey,
  path: string,
  resource: Resource,
  icon: SvgIconComponent,
  pages: SectionPage[],
): Section => ({
  key,
  path,
  access: { kind: 'resource', resource },
  icon,
  inSidebar: true,
  needsSubscription: true,
  pages,
});

/** Spec §2 shell: the sidebar order. */
export const SECTIONS: readonly Section[] = [
  crm('dashboard', 'dashboard', 'dashboard', DashboardRoundedIcon, [
    {
      path: '',
      title: 'dashboard',
      load: () => import('@/features/dashboard/DashboardPage'),
      namespaces: ['dashboard'],
    },
  ]),
  crm('companies', 'empresas', 'companies', BusinessRoundedIcon, [
    {
      path: '',
      title: 'companies',
      load: () => import('@/features/companies/CompaniesPage'),
      namespaces: ['companies'],
    },
    {
      path: ':id',
      title: 'company',
      load: () => import('@/features/companies/CompanyPage'),
      namespaces: ['companies', 'contacts', 'records'],
    },
    {
      path: ':id/emails',
      title: 'companyEmails',
      load: () => import('@/features/emails/EmailsPage'),
      namespaces: ['companies', 'emails', 'records'],
    },
  ]),
  crm('contacts', 'contactos', 'contacts', ContactsRoundedIcon, [
    {
      path: '',
      title: 'contacts',
      load: () => import('@/features/contacts/ContactsPage'),
      namespaces: ['contacts'],
    },
    {
      path: ':id',
      title: 'contact',
      load: () => import('@/features/contacts/ContactPage'),
      namespaces: ['contacts', 'records'],
    },
    {
      path: ':id/consentimiento',
      title: 'contactConsent',
      load: () => import('@/features/contacts/ConsentPage'),
      namespaces: ['contacts', 'records'],
    },
    {
      path: ':id/emails',
      title: 'contactEmails',
      load: () => import('@/features/emails/EmailsPage'),
      namespaces: ['contacts', 'emails', 'records'],
    },
    {
      // The contact's WhatsApp conversation (issue 33): the inbox's thread and composer, on a page
      // of its own so the contact's page stays within its budget.
      path: ':id/whatsapp',
      title: 'contactWhatsApp',
      load: () => import('@/features/conversations/ContactWhatsAppPage'),
      namespaces: ['contacts', 'conversations'],
    },
    {
      // The contact's access to the customer portal and the documents shared with them (issue 34),
      // on a page of its own so the contact's page keeps only its 'Portal' link.
      path: ':id/portal',
      title: 'contactPortal',
      load: () => import('@/features/contacts/PortalAccessPage'),
      namespaces: ['contacts', 'contactPortal'],
    },
  ]),
  crm('deals', 'deals', 'deals', HandshakeRoundedIcon, [
    {
      path: '',
      title: 'deals',
      load: () => import('@/features/deals/DealsPage'),
      namespaces: ['deals', 'records'],
    },
  ]),
  crm('tasks', 'tareas', 'tasks', TaskAltRoundedIcon, [
    {
      path: '',
      title: 'tasks',
      load: () => import('@/features/tasks/TasksPage'),
      namespaces: ['tasks', 'records'],
    },
  ]),
  crm('meetings', 'reuniones', 'meetings', EventRoundedIcon, [
    {
      path: '',
      title: 'meetings',
      load: () => import('@/features/meetings/MeetingsPage'),
      namespaces: ['meetings', 'records'],
    },
  ]),
  crm('tickets', 'tickets', 'tickets', ConfirmationNumberRoundedIcon, [
    {
      path: '',
      title: 'tickets',
      load: () => import('@/features/tickets/TicketsPage'),
      namespaces: ['tickets'],
    },
    {
      path: 'nuevo',
      title: 'ticketNew',
      load: () => import('@/features/tickets/TicketFormPage'),
      namespaces: ['tickets'],
    },
    {
      path: ':id',
      title: 'ticket',
      load: () => import('@/features/tickets/TicketPage'),
      namespaces: ['tickets'],
    },
    {
      path: ':id/editar',
      title: 'ticketEdit',
      load: () => import('@/features/tickets/TicketFormPage'),
      namespaces: ['tickets'],
    },
  ]),
  // The WhatsApp inbox (issue 33): one page module for the list and an opened conversation
  // (/conversaciones/{contactId}), so the list stays mounted while conversations open beside it.
  crm('conversations', 'conversaciones', 'conversations', ForumRoundedIcon, [
    {
      path: '',
      title: 'conversations',
      load: () => import('@/features/conversations/ConversationsPage'),
      namespaces: ['conversations'],
    },
    {
      path: ':id',
      title: 'conversation',
      load: () => import('@/features/conversations/ConversationsPage'),
      namespaces: ['conversations'],
    },
  ]),
  crm('marketing', 'marketing', 'marketing', CampaignRoundedIcon, [
    {
      path: '',
      title: 'marketing',
      load: () => import('@/features/marketing/MarketingPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'listas',
      title: 'marketingLists',
      load: () => import('@/features/marketing/ListsPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'listas/:id',
      title: 'marketingList',
      load: () => import('@/features/marketing/ListPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'campanas',
      title: 'campaigns',
      load: () => import('@/features/marketing/CampaignsPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'campanas/:id',
      title: 'campaign',
      load: () => import('@/features/marketing/CampaignPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'formularios',
      title: 'marketingForms',
      load: () => import('@/features/marketing/FormsPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'formularios/:id',
      title: 'marketingForm',
      load: () => import('@/features/marketing/FormPage'),
      namespaces: ['marketing'],
    },
    {
      path: 'whatsapp',
      title: 'marketingWhatsApp',
      load: () => import('@/features/marketing/WhatsAppTemplatesPage'),
      namespaces: ['marketing', 'waTemplates'],
    },
  ]),
  crm('documents', 'documentos', 'documents', FolderRoundedIcon, [
    {
      path: '',
      title: 'documents',
      load: () => import('@/features/documents/DocumentsPage'),
      namespaces: ['documents'],
    },
  ]),
  {
    key: 'settings',
    path: 'ajustes',
    access: { kind: 'member' },
    icon: SettingsRoundedIcon,
    inSidebar: true,
    needsSubscription: false,
    pages: [
      {
        path: '',
        title: 'settings',
        load: () => import('@/features/settings/SettingsPage'),
        namespaces: ['settings'],
      },
      {
        // Ajustes → Portal (issue 34, admins): a tab of Ajustes with an address of its own, so that
        // the customer portal's settings add nothing to /ajustes, which is at its size budget.
        path: 'portal',
        title: 'settingsPortal',
        load: () => import('@/features/settings/PortalSettingsPage'),
        namespaces: ['settings', 'portalSettings'],
      },
    ],
  },
  {
    key: 'subscription',
    path: 'subscription',
    access: { kind: 'member' },
    icon: CreditCardRoundedIcon,
    inSidebar: false,
    needsSubscription: false,
    pages: [
      {
        path: '',
        title: 'subscription',
        load: () => import('@/features/subscription/SubscriptionPage'),
        namespaces: ['subscription'],
      },
    ],
  },
  {
    key: 'debug',
    path: 'debug',
    access: { kind: 'admin' },
    icon: StorageRoundedIcon,
    inSidebar: false,
    needsSubscription: false,
    pages: [
      {
        path: 'db',
        title: 'debugDb',
        load: () => import('@/features/debug/DebugDbPage'),
        namespaces: ['debug'],
      },
    ],
  },
  {
    key: 'admin',
    path: 'admin',
    access: { kind: 'superadmin' },
    icon: AdminPanelSettingsRoundedIcon,
    inSidebar: true,
    needsSubscription: false,
    pages: [
      { path: '', title: 'admin', load: () => import('@/features/admin/AdminPage'), namespaces: ['admin'] },
      {
        path: ':organizationId',
        title: 'adminOrganization',
        load: () => import('@/features/admin/OrganizationAdminPage'),
        namespaces: ['admin'],
      },
    ],
  },
];

/** What the guards need to know about the member (membership.can and the roles). */
export interface Viewer {
  canView(resource: Resource): boolean;
  isAdmin: boolean;
  isSuperadmin: boolean;
}

export function mayOpen(section: Section, viewer: Viewer): boolean {
  switch (section.access.kind) {
    case 'resource':
      return viewer.canView(section.access.resource);
    case 'member':
      return true;
    case 'admin':
      return viewer.isAdmin;
    case 'superadmin':
      return viewer.isSuperadmin;
  }
}

/** A page of a section below its index: a record (`id`), a fixed page (`page`), or a record's page. */
export interface SectionLink {
  id?: string;
  /**
   * A page the registry declares by name: 'nuevo', 'editar' under a record, or a record under a
   * page ('listas' with an id: /marketing/listas/{id}).
   */
  page?: string;
  /** The page's query (a tab, a folder, a record opened in place); empty values are left out. */
  query?: Record<string, string | null | undefined>;
}

function sectionByKey(key: SectionKey): Section {
  const section = SECTIONS.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`No section ${key} in the registry`);
  return section;
}

/**
 * The address of a section's page, from the registry, so that links never spell a path twice:
 * sectionHref('contacts') → /contactos, sectionHref('contacts', { id }) → /contactos/{id},
 * sectionHref('tickets', { id, page: 'editar' }) → /tickets/{id}/editar,
 * sectionHref('marketing', { id, page: 'listas' }) → /marketing/listas/{id},
 * sectionHref('settings', { query: { tab: 'email' } }) → /ajustes?tab=email. A page the section
 * does not declare is a programming error, and throws.
 */
export function sectionHref(key: SectionKey, link: SectionLink = {}): string {
  const section = sectionByKey(key);
  const id = link.id === undefined ? null : ':id';
  const pattern = [id, link.page].filter(Boolean).join('/');
  // A section without an index page ('/debug') opens on its first one ('/debug/db').
  const page =
    pattern === ''
      ? section.pages[0]
      : section.pages.find((p) => p.path === pattern || (id && p.path === `${link.page}/${id}`));
  if (!page) throw new Error(`The section ${key} has no page '${pattern}'`);
  const path = page.path.replace(':id', encodeURIComponent(link.id ?? ''));
  const query = Object.entries(link.query ?? {}).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const search = query.length ? `?${new URLSearchParams(query).toString()}` : '';
  return `/${pagePath(section, { ...page, path })}${search}`;
}

/** The section a path of the signed-in area belongs to (none for public paths such as /auth). */
export function sectionOf(pathname: string): Section | null {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return SECTIONS.find((section) => section.path === first) ?? null;
}

/** The sidebar: the sections the member may open, in order. */
export function sidebarSections(viewer: Viewer): Section[] {
  return SECTIONS.filter((section) => section.inSidebar && mayOpen(section, viewer));
}

export type SectionDecision = 'allow' | 'redirect' | 'noAccess';

/**
 * allow, or send the member to /dashboard (telling them why); on /dashboard itself (nowhere else
 * to go) explain in place instead of redirecting in a loop.
 */
export function decideSection(pathname: string, viewer: Viewer): SectionDecision {
  const section = sectionOf(pathname);
  if (!section || mayOpen(section, viewer)) return 'allow';
  return section.key === 'dashboard' ? 'noAccess' : 'redirect';
}

/** Paths behind the paywall: every section that holds CRM data. */
export function needsSubscription(pathname: string): boolean {
  return sectionOf(pathname)?.needsSubscription ?? false;
}

/** `/empresas/:id` style paths of every page, for the router. */
export function pagePath(section: Section, page: SectionPage): string {
  return page.path ? `${section.path}/${page.path}` : section.path;
}

/**
 * The step a signed-in account without an organization finishes before the shell (not a section:
 * no sidebar, no guard; the membership gate sends such accounts here and everyone else away).
 */
export const ONBOARDING_PATH = '/onboarding';
