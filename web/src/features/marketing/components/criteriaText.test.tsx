// A segment's criteria in words (the lists page and a list's page), the e-mail consent among them
// (issue 31), in both languages.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListKind, SegmentCriteria } from '@trato/model';
import { renderWithApp } from '@/test/render';

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    useDatePreferences: () => ({ timeZone: 'America/Tegucigalpa', hour12: false }),
    useLiveList: () => ({ status: 'success', data: [{ id: 'u2', fullName: 'Marta Díaz' }], error: null }),
  };
});

const { useCriteriaText } = await import('./labels');

type List = { kind: ListKind } & SegmentCriteria<Date>;
function Line({ list }: { list: List }) {
  return <p data-testid="line">{useCriteriaText().line(list)}</p>;
}
const line = () => screen.getByTestId('line').textContent;

describe('useCriteriaText', () => {
  it('describes the e-mail consent criterion with the others', async () => {
    const view = await renderWithApp(
      <Line list={{ kind: 'segment', lifecycleStage: 'lead', emailConsent: 'granted', ownerId: 'u2' }} />,
    );
    expect(line()).toBe(
      'Etapa: Lead · Consentimiento de e-mail: Con consentimiento · Propietario: Marta Díaz',
    );
    view.rerender(<Line list={{ kind: 'segment', emailConsent: 'withdrawn' }} />);
    expect(line()).toBe('Consentimiento de e-mail: Retirado');
    view.rerender(<Line list={{ kind: 'segment', emailConsent: null }} />);
    expect(line()).toBe('Todos los contactos');
  });

  it('in English', async () => {
    await renderWithApp(<Line list={{ kind: 'segment', emailConsent: 'pending' }} />, { language: 'en' });
    expect(line()).toBe('E-mail consent: Awaiting confirmation');
  });
});
