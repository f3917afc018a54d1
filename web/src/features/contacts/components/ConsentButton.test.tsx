// The contact page's e-mail consent (issue 31): the summary's value ('Sin registrar' when none was
// recorded) and 'Consentimiento', the link to the consent's own page.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return { ...dataApiMock, callFunction: vi.fn(), describeCallableError: vi.fn() };
});

const { ConsentButton, EmailConsentValue } = await import('./ConsentButton');

describe('EmailConsentValue', () => {
  it('the status as a chip, or none recorded', async () => {
    const view = await renderWithApp(<EmailConsentValue contact={{ emailConsent: 'granted' }} />);
    expect(screen.getByText('Con consentimiento')).toBeTruthy();
    view.rerender(<EmailConsentValue contact={{ emailConsent: 'pending' }} />);
    expect(screen.getByText('Pendiente de confirmar')).toBeTruthy();
    view.rerender(<EmailConsentValue contact={{}} />);
    expect(screen.getByText('Sin registrar')).toBeTruthy();
    view.rerender(<EmailConsentValue contact={{ emailConsent: null }} />);
    expect(screen.getByText('Sin registrar')).toBeTruthy();
  });

  it('in English', async () => {
    const view = await renderWithApp(<EmailConsentValue contact={{ emailConsent: 'withdrawn' }} />, {
      language: 'en',
    });
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    view.rerender(<EmailConsentValue contact={{}} />);
    expect(screen.getByText('None recorded')).toBeTruthy();
  });
});

describe('ConsentButton', { timeout: 30_000 }, () => {
  it("links to the contact's consent page", async () => {
    await renderWithApp(
      <MemoryRouter>
        <ConsentButton contact={{ id: 'c1', name: 'Julia Pérez' } as never} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Consentimiento' }).getAttribute('href')).toBe(
      '/contactos/c1/consentimiento',
    );
  });
});
