// A contact's WhatsApp page (issue 33): the contact's name to go back, the same conversation as
// the inbox's (number, window, composer), what a member without the conversations sees, and a
// contact that does not exist. The contact page's 'WhatsApp' button, only for those who may.
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { path, resetWa, wa } from './test/waMock';

vi.mock('@/firebase/dataApi', async () => (await import('./test/waMock')).waDataApiMock());
vi.mock('@/firebase/feed', async () => (await import('./test/waMock')).waFeedMock());
vi.mock('@/firebase/whatsapp', async () => (await import('./test/waMock')).waWritesMock());

const { default: ContactWhatsAppPage } = await import('./ContactWhatsAppPage');
const { WhatsAppButton } = await import('@/components/records/WhatsAppButton');

const render = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/contactos/c1/whatsapp']}>
      <Routes>
        <Route path="/contactos/:id/whatsapp" element={<ContactWhatsAppPage />} />
      </Routes>
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  resetWa();
  wa.docs[path('contacts', 'c1')] = {
    id: 'c1',
    name: 'Julia Pérez',
    phone: '+504 9999-8888',
    whatsappConsent: 'granted',
  };
  wa.docs[path('channels', 'whatsapp')] = { id: 'whatsapp', status: 'connected', callingCode: '504' };
});

describe('ContactWhatsAppPage', { timeout: 30_000 }, () => {
  it("shows the contact's conversation under their name", async () => {
    await render();
    expect(screen.getByRole('heading', { level: 1, name: 'WhatsApp' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Julia Pérez' }).getAttribute('href')).toBe('/contactos/c1');
    expect(screen.getByTestId('wa-number').textContent).toBe('+504 9999 8888');
    expect(screen.getByRole('region', { name: 'Conversación con Julia Pérez' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar plantilla' })).toBeTruthy();
    expect(wa.requests.at(-1)).toEqual({
      orgId: 'org1',
      id: 'waMessages.byContact',
      values: { contactId: 'c1' },
    });
  });

  it('without conversations.view: says so, and reads nothing of them', async () => {
    wa.denied.add('conversations.view');
    await render('en');
    expect(screen.getByText('You do not have access to WhatsApp conversations.')).toBeTruthy();
    expect(wa.requests).toEqual([]);
  });

  it('a contact that does not exist', async () => {
    delete wa.docs[path('contacts', 'c1')];
    await render();
    expect(screen.getByText('Cliente no encontrado')).toBeTruthy();
  });
});

describe('WhatsAppButton', { timeout: 30_000 }, () => {
  it("links to the contact's WhatsApp page, for members who see the conversations", async () => {
    const { unmount } = await renderWithApp(
      <MemoryRouter>
        <WhatsAppButton to="/contactos/c1/whatsapp" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      '/contactos/c1/whatsapp',
    );
    unmount();
    wa.denied.add('conversations.view');
    await renderWithApp(
      <MemoryRouter>
        <WhatsAppButton to="/contactos/c1/whatsapp" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
