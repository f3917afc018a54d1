// Ajustes → Portal (issue 34): the address checked as it is typed with a message per problem, the
// server's 'slug-taken' on the field with everything typed kept, the stored site read back, and
// the callable's input.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { slugMessage, toggleLanguage, makeDefaultLanguage, typedSlug } from './utils/portalSettings';
import { logoSize } from './utils/logo';

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  site: { status: 'success', data: [], error: null } as Record<string, unknown>,
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    useLiveList: (request: unknown) => {
      state.requests.push(request);
      return state.site;
    },
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      organization: { id: 'org1', name: 'Distribuidora Maya' },
    }),
  };
});

const { PortalTab } = await import('./PortalTab');

const slugField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Dirección/ });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

beforeEach(() => {
  state.callFunction.mockReset();
  state.site = { status: 'success', data: [], error: null };
  state.requests = [];
});

describe('slug messages', () => {
  it('says what is wrong with an address, and nothing when it may be used', () => {
    expect(slugMessage('ab')?.key).toBe('slug.problems.short');
    expect(slugMessage('a'.repeat(41))?.key).toBe('slug.problems.long');
    expect(slugMessage('mi--portal')?.key).toBe('slug.problems.pattern');
    expect(slugMessage('-maya')?.key).toBe('slug.problems.pattern');
    expect(slugMessage('café')?.key).toBe('slug.problems.pattern');
    expect(slugMessage('soporte')?.key).toBe('slug.problems.reserved');
    expect(slugMessage(' Maya ')).toBeNull();
    expect(typedSlug('Distribuidora Maya')).toBe('distribuidora-maya');
  });

  it('keeps at least one language, the first the default', () => {
    expect(toggleLanguage(['es'], 'es')).toEqual(['es']);
    expect(toggleLanguage(['es'], 'en')).toEqual(['es', 'en']);
    expect(toggleLanguage(['es', 'en'], 'es')).toEqual(['en']);
    expect(makeDefaultLanguage(['es', 'en'], 'en')).toEqual(['en', 'es']);
  });

  it('reduces a logo to 160 px on its longest side, never enlarging it', () => {
    expect(logoSize(800, 400)).toEqual({ width: 160, height: 80 });
    expect(logoSize(100, 50)).toEqual({ width: 100, height: 50 });
  });
});

describe('PortalTab', { timeout: 40_000 }, () => {
  it('starts a new site from the organization, checks the address live and saves', async () => {
    state.callFunction.mockResolvedValue({ slug: 'distribuidora-maya' });
    await renderWithApp(<PortalTab />);
    expect(state.requests[0]).toEqual({
      id: 'portals.byOrganization',
      parentPath: '',
      values: { organizationId: 'org1' },
    });
    expect(slugField().value).toBe('distribuidora-maya');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Nombre/ }).value).toBe(
      'Distribuidora Maya',
    );
    expect(screen.getByTestId('portal-address').textContent).toMatch(/\/portal\/distribuidora-maya$/);

    type(slugField(), 'ab');
    expect(screen.getByText('La dirección debe tener al menos 3 caracteres.')).toBeTruthy();
    type(slugField(), 'soporte');
    expect(screen.getByText('Esa dirección está reservada. Elige otra.')).toBeTruthy();
    save();
    expect(state.callFunction).not.toHaveBeenCalled();

    type(slugField(), 'maya');
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Activar el portal' }));
    save();
    await waitFor(() => expect(state.callFunction).toHaveBeenCalledTimes(1));
    expect(state.callFunction).toHaveBeenCalledWith('setPortalSettings', {
      organizationId: 'org1',
      enabled: true,
      slug: 'maya',
      name: 'Distribuidora Maya',
      logo: null,
      languages: ['es', 'en'],
      fields: { description: 'settable', priority: 'visible', attachments: 'settable' },
      signup: 'closed',
      companyTickets: false,
    });
    expect(await screen.findByText('Portal guardado')).toBeTruthy();
  });

  it("shows the server's 'slug-taken' on the field and keeps what was typed", async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/already-exists',
      message: 'taken',
      details: { reason: 'slug-taken' },
    });
    await renderWithApp(<PortalTab />);
    type(slugField(), 'cafe-copan');
    save();
    await waitFor(() =>
      expect(screen.getAllByText('Esa dirección ya la usa otra organización. Elige otra.').length).toBe(2),
    );
    expect(slugField().value).toBe('cafe-copan');
    expect(slugField().getAttribute('aria-invalid')).toBe('true');
    // Another address clears the field's error.
    type(slugField(), 'cafe-copan-2');
    expect(slugField().getAttribute('aria-invalid')).toBe('false');
  });

  it('reads a stored site back, in English too', async () => {
    state.site = {
      status: 'success',
      data: [
        {
          id: 'maya',
          organizationId: 'org1',
          slug: 'maya',
          enabled: true,
          name: 'Maya',
          logo: null,
          languages: ['en', 'es'],
          fields: { description: 'visible', priority: 'hidden', attachments: 'hidden' },
          signup: 'anyone',
          companyTickets: true,
        },
      ],
      error: null,
    };
    await renderWithApp(<PortalTab />, { language: 'en' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Address/ }).value).toBe('maya');
    expect(screen.getByRole('switch', { name: 'Turn the portal on' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: "Contacts see their company's tickets" })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByText('Anyone (creates a new contact)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open portal' }).getAttribute('href')).toMatch(/\/portal\/maya$/);
  });
});
