// An enrolment the mail sync ended (issue 32): 'Respondió' when the contact answered (the steps it
// left unsent say why), and a sequence e-mail that bounced says so on its step.
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Enrollment, SequenceStep, WithId } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ sends: [] as unknown[] }));
vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRecordPath: () => null,
    enrollmentsTarget: () => ({ parentPath: 'organizations/org1/sequences/seq1', collection: 'enrollments' }),
    orgRequest: (_orgId: string, id: string) => ({ id }),
    useDocument: () => ({ status: 'loading', data: null, error: null }),
    useLiveList: (request: { id: string } | null) => ({
      status: 'success',
      data: request?.id === 'sendLog.byEnrollment' ? state.sends : [{ id: 'c1', name: 'Julia Pérez' }],
      error: null,
    }),
  };
});

const { EnrollmentsCard } = await import('./Enrollments');

const steps = [1, 2].map((n) => ({
  id: `s${n}`,
  stepOrder: n,
  type: 'email',
  subject: 'Hola',
  body: 'Hola',
  delayDays: n,
}));
const listOf = (enrollment: Record<string, unknown>) => ({
  status: 'success' as const,
  rows: [{ id: 'c1', contactId: 'c1', nextSendAt: null, ...enrollment } as unknown as WithId<Enrollment>],
  error: null,
  total: { value: 1, more: false },
  page: 0,
  pageSize: 25,
  hasNext: false,
  hasPrevious: false,
  next() {},
  previous() {},
});
const render = (enrollment: Record<string, unknown>, language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter>
      <EnrollmentsCard
        organizationId="org1"
        sequenceId="seq1"
        steps={steps as WithId<SequenceStep>[]}
        list={listOf(enrollment)}
      />
    </MemoryRouter>,
    { language },
  );

describe('EnrollmentsCard: replies and bounces', { timeout: 30_000 }, () => {
  it("a contact who replied: 'Respondió', and the next step left unsent says why", async () => {
    state.sends = [{ id: 'seq1_c1_s1', status: 'sent', error: null }];
    await render({ status: 'replied', currentStep: 1 });
    const row = screen.getByTestId('enrollment');
    expect(within(row).getByText('Respondió')).toBeTruthy();
    expect(row.textContent).toContain('Paso 1: Enviado');
    expect(row.textContent).toContain('Paso 2: Omitido · Respondió: no se envía nada más');
    // Final: nothing to resume or stop.
    expect(within(row).queryByRole('button', { name: /Reanudar|Detener|Reintentar/ })).toBeNull();
  });

  it('a bounced e-mail fails its step with the reason (English)', async () => {
    state.sends = [{ id: 'seq1_c1_s1', status: 'failed', error: 'bounced' }];
    await render({ status: 'failed', currentStep: 0 }, 'en');
    const row = screen.getByTestId('enrollment');
    expect(row.textContent).toContain('Step 1: Failed · The message bounced: the address takes no mail');
  });
});
