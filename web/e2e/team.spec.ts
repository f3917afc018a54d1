import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail, uniqueUsername } from './support';

/**
 * The accounts slice end to end on the local cloud (Auth + Functions + Firestore with the real
 * rules): an administrator signs up and gets an organization, invites a seller who may only view
 * and create contacts, the seller joins from the copied link in another browser, sees only what
 * they may, cannot open admin tabs, and loses a right live when the administrator revokes it.
 */
const PASSWORD = 'secreto123';

const TEXT = {
  es: {
    signUpTab: 'Crear cuenta',
    signUp: 'Crear cuenta',
    fullName: /^Nombre completo/,
    username: /^Usuario/,
    company: /^Nombre de la empresa/,
    email: /^Email/,
    password: /^Contraseña/,
    accountCreated: 'Cuenta creada',
    startTrial: 'Iniciar Prueba Gratis',
    checkoutStartTrial: 'Iniciar prueba',
    nav: 'Secciones',
    settings: 'Ajustes',
    team: 'Equipo',
    permissionsTab: 'Permisos',
    send: 'Enviar invitación',
    sent: 'Invitación enviada',
    copied: 'Enlace copiado al portapapeles',
    copyFor: (email: string) => `Copiar enlace de la invitación de ${email}`,
    join: 'Únete al equipo',
    joinButton: 'Unirme al equipo',
    seller: 'Vendedor',
    contacts: 'Contactos',
    view: 'Ver',
    create: 'Crear',
    noAccess: /No tienes permiso/,
    permissionUpdated: 'Permiso actualizado',
    sellerTabs: ['Perfil', 'Organización', 'Cuentas de email'],
    adminTabs: ['Perfil', 'Organización', 'Equipo', 'Permisos', 'Cuentas de email', 'Canales', 'Portal'],
    resources: [
      'Dashboard',
      'Empresas',
      'Contactos',
      'Deals',
      'Tareas',
      'Reuniones',
      'Tickets',
      'Marketing',
      'Documentos',
      'Conversaciones',
    ],
  },
  en: {
    signUpTab: 'Sign up',
    signUp: 'Create account',
    fullName: /^Full name/,
    username: /^Username/,
    company: /^Company name/,
    email: /^Email/,
    password: /^Password/,
    accountCreated: 'Account created',
    startTrial: 'Start Free Trial',
    checkoutStartTrial: 'Start trial',
    nav: 'Sections',
    settings: 'Settings',
    team: 'Team',
    permissionsTab: 'Permissions',
    send: 'Send invitation',
    sent: 'Invitation sent',
    copied: 'Link copied to clipboard',
    copyFor: (email: string) => `Copy the invitation link for ${email}`,
    join: 'Join the team',
    joinButton: 'Join the team',
    seller: 'Seller',
    contacts: 'Contacts',
    view: 'View',
    create: 'Create',
    noAccess: /You do not have permission/,
    permissionUpdated: 'Permission updated',
    sellerTabs: ['Profile', 'Organization', 'Email accounts'],
    adminTabs: ['Profile', 'Organization', 'Team', 'Permissions', 'Email accounts', 'Channels', 'Portal'],
    resources: [
      'Dashboard',
      'Companies',
      'Contacts',
      'Deals',
      'Tasks',
      'Meetings',
      'Tickets',
      'Marketing',
      'Documents',
      'Conversations',
    ],
  },
} as const;

async function newPage(browser: Browser, language: 'es' | 'en'): Promise<Page> {
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1280, height: 860 },
  });
  await context.addInitScript((lang) => window.localStorage.setItem('trato.lang', lang), language);
  return context.newPage();
}

function navLinks(page: Page, language: 'es' | 'en') {
  return page.getByRole('navigation', { name: TEXT[language].nav }).getByRole('link');
}

for (const language of ['es', 'en'] as const) {
  test(`admin invites a seller who joins and gets exactly the granted rights, live (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const L = TEXT[language];
    const adminEmail = uniqueEmail(`admin-${language}`);
    const sellerEmail = uniqueEmail(`seller-${language}`);
    const company = language === 'es' ? 'Café Aurora' : 'Aurora Coffee';

    // 1. The administrator signs up: the account and the organization exist.
    const admin = await newPage(browser, language);
    await admin.goto('/auth');
    await admin.getByRole('tab', { name: L.signUpTab }).click();
    await admin.getByLabel(L.fullName).fill('Ana López');
    await admin.getByLabel(L.username).fill(uniqueUsername('Ana.Lopez'));
    await admin.getByLabel(L.company).fill(company);
    await admin.getByLabel(L.email).fill(adminEmail);
    await admin.getByLabel(L.password).fill(PASSWORD);
    await admin.getByRole('button', { name: L.signUp, exact: true }).click();
    // The first calls of each function start its runtime in the emulator: allow for that.
    const SLOW = { timeout: 45_000 };
    await expect(admin).toHaveURL(/\/dashboard$/, SLOW);
    await expect(admin.getByTestId('toast').first()).toContainText(L.accountCreated);
    await expect(admin.getByTestId('org-name')).toHaveText(company);
    await expect(navLinks(admin, language)).toHaveCount(11);
    // The new organization starts its trial (local Stripe's hosted Checkout, no card).
    await admin.getByTestId('paywall').getByRole('button', { name: L.startTrial }).click();
    await admin.getByRole('button', { name: L.checkoutStartTrial }).click();
    await expect(admin.getByTestId('paywall')).toHaveCount(0, SLOW);

    // 2. Ajustes → Equipo: invite a seller who may only view and create contacts.
    await navLinks(admin, language).filter({ hasText: L.settings }).click();
    await expect(admin.getByRole('tab')).toHaveText(L.adminTabs as unknown as string[]);
    await admin.getByRole('tab', { name: L.team }).click();
    const send = admin.getByRole('button', { name: L.send });
    await expect(send).toBeDisabled();
    await admin.getByLabel(L.email).fill(sellerEmail);
    for (const resource of L.resources) {
      if (resource === L.contacts) continue;
      await admin.getByRole('checkbox', { name: `${resource}: ${L.view}` }).uncheck();
    }
    await admin.getByRole('checkbox', { name: `${L.contacts}: ${L.create}` }).check();
    await expect(admin.getByRole('checkbox', { name: `${L.contacts}: ${L.view}` })).toBeChecked();
    await send.click();
    await expect(admin.getByTestId('toast').first()).toContainText(L.sent, SLOW);
    const pending = admin.getByTestId('pending-invitation').filter({ hasText: sellerEmail });
    await expect(pending).toBeVisible();

    // Copy the link of the listed invitation and read it from the clipboard.
    await admin.getByRole('button', { name: L.copyFor(sellerEmail) }).click();
    await expect(admin.getByTestId('toast').filter({ hasText: L.copied })).toBeVisible(SLOW);
    const link = await admin.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/[A-Za-z0-9_-]{20,}$/);
    await expect(admin.getByTestId('new-invite-link')).toHaveText(link);

    // 3. The seller opens the link in another browser and joins.
    const seller = await newPage(browser, language);
    await seller.goto(link);
    await expect(seller.getByRole('heading', { level: 1 })).toHaveText(L.join, SLOW);
    await expect(seller.getByTestId('invite-organization')).toContainText(company);
    await expect(seller.getByTestId('invite-role')).toHaveText(L.seller);
    await expect(seller.getByLabel(L.email)).toHaveValue(sellerEmail);
    await seller.getByLabel(L.fullName).fill('Luis Vendedor');
    await seller.getByLabel(L.username).fill(uniqueUsername('Luis V'));
    await seller.getByLabel(L.password).fill(PASSWORD);
    await seller.getByRole('button', { name: L.joinButton }).click();
    await expect(seller).toHaveURL(/\/dashboard$/, SLOW);
    await expect(seller.getByText(L.noAccess)).toBeVisible();

    // 4. The seller sees only what they may.
    await expect(navLinks(seller, language)).toHaveText([L.contacts, L.settings]);
    await seller.goto('/deals');
    await expect(seller).toHaveURL(/\/dashboard$/);
    await seller.goto('/ajustes?tab=equipo');
    await expect(seller).toHaveURL(/\/dashboard$/);
    await seller.goto('/ajustes?tab=permisos');
    await expect(seller).toHaveURL(/\/dashboard$/);
    await seller.goto('/ajustes');
    await expect(seller.getByRole('tab')).toHaveText(L.sellerTabs as unknown as string[]);
    await navLinks(seller, language).filter({ hasText: L.contacts }).click();
    await expect(seller).toHaveURL(/\/contactos$/);
    await expect(seller.getByRole('heading', { level: 1 })).toHaveText(L.contacts);

    // The invitation is used: no longer pending for the admin.
    await expect(pending).toHaveCount(0);

    // 5. The administrator revokes "view contacts"; the seller loses it without signing out.
    await admin.getByRole('tab', { name: L.permissionsTab }).click();
    const revoke = admin.getByRole('switch', { name: `Luis Vendedor — ${L.contacts}: ${L.view}` });
    await expect(revoke).toBeChecked();
    await expect(
      admin.getByRole('switch', { name: `Luis Vendedor — ${L.contacts}: ${L.create}` }),
    ).toBeChecked();
    await expect(
      admin.getByRole('switch', { name: `Luis Vendedor — ${L.resources[3]}: ${L.view}` }),
    ).not.toBeChecked();
    await revoke.click();
    await expect(admin.getByTestId('toast').filter({ hasText: L.permissionUpdated })).toBeVisible();
    await expect(revoke).not.toBeChecked();

    await expect(seller).toHaveURL(/\/dashboard$/);
    await expect(navLinks(seller, language)).toHaveText([L.settings]);

    await admin.context().close();
    await seller.context().close();
  });
}
