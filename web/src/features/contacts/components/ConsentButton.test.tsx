// The contact page's e-mail consent (issue 31): the summary's value ('Sin registrar' when none was
// recorded) and 'Consentimiento', which opens the history on demand.
import { fireEvent, screen } from '@testing-library/react';
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
  it('opens the consent dialog, which closes again', async () => {
    await renderWithApp(<ConsentButton contact={{ id: 'c1', name: 'Julia Pérez' } as never} />);
    fireEvent.click(screen.getByRole('button', { name: 'Consentimiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consentimiento de marketing por e-mail' });
    expect(dialog.textContent).toContain('Julia Pérez');
    expect(screen.getByTestId('empty-state')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
