// 'Enviar ahora' / 'Programar' (issue 31): who the campaign would reach comes first
// (previewCampaignAudience), then the confirmation; a time in the past is refused. 'Sin
// consentimiento' shows where the organization requires consent or someone was left out for it;
// a campaign's topic goes with the preview (who left the topic counts as unsubscribed).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  moveCampaign: vi.fn(),
  organization: null as { marketingConsentRequired?: boolean } | null,
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    useMembership: () => ({ ...dataApiMock.useMembership(), organization: state.organization }),
    // Tegucigalpa: UTC−6 all year.
    useDatePreferences: () => ({ timeZone: 'America/Tegucigalpa', hour12: false }),
  };
});
vi.mock('@/firebase/marketing', () => ({ moveCampaign: state.moveCampaign }));

const { ScheduleDialog } = await import('./ScheduleDialog');

const campaign = {
  id: 'cmp1',
  name: 'Lanzamiento',
  listId: 'l1',
  listName: 'Clientes',
  subject: 'Hola',
  body: 'Hola',
  status: 'draft',
  scheduledAt: null,
  createdBy: 'u1',
};
const audience = { contacts: 120, recipients: 100, noEmail: 12, unsubscribed: 5, duplicates: 3 };

async function open(mode: 'now' | 'schedule', onClose = vi.fn()) {
  await renderWithApp(
    <ScheduleDialog organizationId="org1" campaign={campaign as never} mode={mode} onClose={onClose} />,
  );
  return onClose;
}
const figure = (key: string) => screen.getByTestId(`audience-${key}`).textContent;

beforeEach(() => {
  state.callFunction.mockReset().mockResolvedValue(audience);
  state.moveCampaign.mockReset().mockResolvedValue(undefined);
  state.organization = null;
});

describe('ScheduleDialog', { timeout: 40_000 }, () => {
  it('shows who it would reach, then sends now', async () => {
    const onClose = await open('now');
    expect(await screen.findByTestId('audience-recipients')).toBeTruthy();
    expect(state.callFunction).toHaveBeenCalledWith('previewCampaignAudience', {
      organizationId: 'org1',
      listId: 'l1',
    });
    expect([
      figure('contacts'),
      figure('recipients'),
      figure('noEmail'),
      figure('unsubscribed'),
      figure('duplicates'),
    ]).toEqual(['120', '100', '12', '5', '3']);
    for (const label of ['Contactos', 'Destinatarios', 'Sin email', 'Dados de baja', 'Duplicados'])
      expect(screen.getByText(label)).toBeTruthy();
    // Consent not required, nobody left out for it: no such row.
    expect(screen.queryByTestId('audience-noConsent')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.moveCampaign).toHaveBeenCalledWith('org1', campaign, {
      status: 'scheduled',
      scheduledAt: 'now',
    });
  });

  it("with a topic, those who left it count as unsubscribed: the preview gets the campaign's topic", async () => {
    const withTopic = { ...campaign, topicId: 't1', topicName: 'Promociones' };
    await renderWithApp(
      <ScheduleDialog organizationId="org1" campaign={withTopic as never} mode="now" onClose={vi.fn()} />,
    );
    expect(await screen.findByTestId('audience-recipients')).toBeTruthy();
    expect(state.callFunction).toHaveBeenCalledWith('previewCampaignAudience', {
      organizationId: 'org1',
      listId: 'l1',
      topicId: 't1',
    });
    expect(
      screen.getByText('Tema «Promociones»: quienes lo dejaron cuentan como dados de baja.'),
    ).toBeTruthy();
  });

  it('without a topic, none is sent nor mentioned', async () => {
    await open('now');
    await screen.findByTestId('audience-recipients');
    expect(state.callFunction.mock.calls[0]![1]).not.toHaveProperty('topicId');
    expect(screen.queryByText(/^Tema/)).toBeNull();
  });

  it('nothing is confirmed before the numbers are in', async () => {
    state.callFunction.mockReturnValue(new Promise(() => {}));
    await open('now');
    expect(screen.getByText('Contando la audiencia...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar ahora' })).toHaveProperty('disabled', true);
  });

  it('refuses a time in the past; takes one in the future, in the member’s zone', async () => {
    const onClose = await open('schedule');
    await screen.findByTestId('audience-recipients');
    const when = screen.getByRole('textbox', { name: /^Fecha y hora de envío/ });
    fireEvent.change(when, { target: { value: '01/01/2020 10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Elige un momento futuro')).toBeTruthy();
    expect(state.moveCampaign).not.toHaveBeenCalled();
    fireEvent.change(when, { target: { value: '01/01/2099 10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.moveCampaign).toHaveBeenCalledWith('org1', campaign, {
      status: 'scheduled',
      scheduledAt: new Date('2099-01-01T16:00:00Z'),
    });
  });

  it('nobody to reach: says so and confirms nothing', async () => {
    state.callFunction.mockResolvedValue({
      contacts: 4,
      recipients: 0,
      noEmail: 4,
      unsubscribed: 0,
      duplicates: 0,
    });
    await open('now');
    expect(await screen.findByText(/Nadie recibiría esta campaña/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar ahora' })).toHaveProperty('disabled', true);
  });

  it('consent required: those left out for it, 0 when the count has none', async () => {
    state.organization = { marketingConsentRequired: true };
    state.callFunction.mockResolvedValue({ ...audience, recipients: 90, noConsent: 10 });
    await open('now');
    expect(await screen.findByTestId('audience-noConsent')).toBeTruthy();
    expect(figure('noConsent')).toBe('10');
    expect(screen.getByText('Sin consentimiento')).toBeTruthy();
    // In the order of the exclusions.
    expect(
      [...document.querySelectorAll('[data-testid^="audience-"]')].map((el) =>
        el.getAttribute('data-testid'),
      ),
    ).toEqual([
      'audience-contacts',
      'audience-recipients',
      'audience-noEmail',
      'audience-unsubscribed',
      'audience-noConsent',
      'audience-duplicates',
    ]);
  });

  it('consent required, an older server without the count: 0', async () => {
    state.organization = { marketingConsentRequired: true };
    await open('now', vi.fn());
    expect(await screen.findByTestId('audience-noConsent')).toBeTruthy();
    expect(figure('noConsent')).toBe('0');
  });

  it('contacts left out for consent show even where it is no longer required', async () => {
    state.callFunction.mockResolvedValue({ ...audience, noConsent: 4 });
    await open('now');
    expect(await screen.findByTestId('audience-noConsent')).toBeTruthy();
    expect(figure('noConsent')).toBe('4');
  });

  it('in English', async () => {
    state.organization = { marketingConsentRequired: true };
    await renderWithApp(
      <ScheduleDialog organizationId="org1" campaign={campaign as never} mode="now" onClose={vi.fn()} />,
      { language: 'en' },
    );
    expect(await screen.findByText('No consent')).toBeTruthy();
  });

  it('a failed count says why and may be tried again', async () => {
    state.callFunction.mockRejectedValueOnce({ code: 'functions/unavailable', message: 'offline' });
    await open('now');
    expect(await screen.findByText(/No se pudo contar la audiencia/)).toBeTruthy();
    expect(screen.getByText(/Sin conexión con el servidor/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('audience-recipients')).toBeTruthy();
    expect(state.callFunction).toHaveBeenCalledTimes(2);
  });
});
