// Marketing's chips say what they show (WCAG 2.5.3 Label in Name, issue 28): the step form's
// merge-field chips, and an enrolment's step chip whose tooltip gives the reason of a failure.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Enrollment, SendLogEntry, SequenceStep, WithId } from '@trato/model';
import { labelInNameViolations } from '@/test/labelInName';
import { renderWithApp } from '@/test/render';
import { EnrollmentsCard } from './components/Enrollments';
import { StepDialog } from './components/StepDialog';

const failedSend = {
  id: 'seq1_c1_s1',
  status: 'failed',
  error: 'no-email',
} as WithId<SendLogEntry>;
vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRecordPath: () => null,
    enrollmentsTarget: () => ({ parentPath: 'organizations/org1/sequences/seq1', collection: 'enrollments' }),
    orgRequest: (_orgId: string, id: string) => ({ id }),
    useDocument: () => ({ status: 'loading', data: null, error: null }),
    // The enrolment's contact, and its send log: step 1 failed (no e-mail).
    useLiveList: (request: { id: string } | null) => ({
      status: 'success',
      data: request?.id === 'sendLog.byEnrollment' ? [failedSend] : [{ id: 'c1', name: 'Julia Pérez' }],
      error: null,
    }),
  };
});

const step = { id: 's1', stepOrder: 1, type: 'email', subject: 'Hola', body: 'Hola', delayDays: 0 };
const enrollment = { id: 'c1', contactId: 'c1', status: 'active', currentStep: 1, nextSendAt: null };
const list = {
  status: 'success' as const,
  rows: [enrollment as WithId<Enrollment>],
  error: null,
  total: { value: 1, more: false },
  page: 0,
  pageSize: 25,
  hasNext: false,
  hasPrevious: false,
  next() {},
  previous() {},
};

describe.each(['es', 'en'] as const)('in %s', (language) => {
  it("the step form's merge-field chips are named by the tag they show", async () => {
    await renderWithApp(
      <StepDialog organizationId="org1" sequenceId="seq1" steps={[]} onClose={() => {}} />,
      {
        language,
      },
    );
    const chip = await screen.findByRole('button', { name: /\{\{nombre\}\}/ });
    expect(chip.textContent).toBe('{{nombre}}');
    expect(labelInNameViolations(document.body)).toEqual([]);
  });

  it("an enrolment's failed step keeps its text as its name; the reason describes it", async () => {
    await renderWithApp(
      <MemoryRouter>
        <EnrollmentsCard
          organizationId="org1"
          sequenceId="seq1"
          steps={[step as WithId<SequenceStep>]}
          list={list}
        />
      </MemoryRouter>,
      { language },
    );
    const chip = await screen.findByText(language === 'es' ? /Paso 1/ : /Step 1/);
    expect(chip.closest('.MuiChip-root')!.getAttribute('aria-label')).toBeNull();
    expect(labelInNameViolations(document.body)).toEqual([]);
  });
});
