// A started campaign's results (issue 31): its audience as the sender counted it, with 'Sin
// consentimiento' where the organization requires consent or someone was left out for it (a run
// from before the count reads 0), and the recipients by status.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  organization: null as { marketingConsentRequired?: boolean } | null,
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    useMembership: () => ({ ...dataApiMock.useMembership(), organization: state.organization }),
  };
});
vi.mock('../hooks/useCampaigns', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const count = (value: number) => ({ value, more: false });
  return {
    useRecipientNumbers: () => ({
      pending: count(0),
      sent: count(80),
      failed: count(2),
      skipped: count(0),
      unsubscribed: count(1),
    }),
    useRecipients: () => dataApiMock.usePagedList(),
  };
});

const { CampaignResults } = await import('./CampaignResults');

const campaign = { id: 'cmp1', name: 'Lanzamiento', status: 'sent', listId: 'l1', createdBy: 'u1' };
const audience = { contacts: 100, recipients: 82, noEmail: 10, unsubscribed: 3, duplicates: 1 };
const run = (counts: Record<string, number>) => ({
  id: 'cmp1',
  audience: counts,
  audienceDone: true,
  updatedAt: { toMillis: () => 1 },
});
async function show(counts: Record<string, number>, language: 'es' | 'en' = 'es') {
  await renderWithApp(
    <MemoryRouter>
      <CampaignResults organizationId="org1" campaign={campaign as never} run={run(counts) as never} />
    </MemoryRouter>,
    { language },
  );
}
const figure = (key: string) => screen.queryByTestId(`run-${key}`)?.textContent ?? null;

beforeEach(() => {
  state.organization = null;
});

describe('CampaignResults: the audience', { timeout: 30_000 }, () => {
  it('without consent required and nobody left out for it: the five figures', async () => {
    await show(audience);
    expect(['contacts', 'recipients', 'noEmail', 'unsubscribed', 'duplicates'].map(figure)).toEqual([
      '100',
      '82',
      '10',
      '3',
      '1',
    ]);
    expect(figure('noConsent')).toBeNull();
    expect(screen.getByTestId('recipients-sent').textContent).toBe('80');
  });

  it('consent required: those left out for it', async () => {
    state.organization = { marketingConsentRequired: true };
    await show({ ...audience, recipients: 70, noConsent: 12 });
    expect(figure('noConsent')).toBe('12');
    expect(screen.getByText('Sin consentimiento')).toBeTruthy();
  });

  it('consent required, a run from before the count: 0', async () => {
    state.organization = { marketingConsentRequired: true };
    await show(audience, 'en');
    expect(figure('noConsent')).toBe('0');
    expect(screen.getByText('No consent')).toBeTruthy();
  });

  it('a run that left contacts out for consent shows them even once it is no longer required', async () => {
    await show({ ...audience, noConsent: 5 });
    expect(figure('noConsent')).toBe('5');
  });
});
