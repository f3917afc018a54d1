import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ rows: [] as Record<string, unknown>[], requests: [] as { id: string }[] }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    usePagedList: (request: { id: string }) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: state.rows,
        total: { value: state.rows.length, more: false },
      };
    },
  };
});

const { default: MeetingsPage } = await import('./MeetingsPage');

const page = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/reuniones']}>
      <MeetingsPage />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  state.rows = [];
  state.requests = [];
});

describe('/reuniones', () => {
  it('shows upcoming meetings first and past ones on request', async () => {
    await page();
    expect(state.requests.at(-1)?.id).toBe('meetings.upcoming');
    expect(screen.getByText('No hay reuniones')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear primera reunión' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pasadas' }));
    expect(state.requests.at(-1)?.id).toBe('meetings.past');
    expect(screen.getByText('No hay reuniones pasadas')).toBeTruthy();
  });

  it('lists title, client, start and end', async () => {
    const at = (iso: string) => ({ toMillis: () => Date.parse(iso) });
    state.rows = [
      {
        id: 'm1',
        title: 'Demo con Acme',
        contactName: null,
        startTime: at('2030-03-05T10:00:00'),
        endTime: at('2030-03-05T11:00:00'),
      },
    ];
    await page('en');
    expect(screen.getByRole('button', { name: 'New Meeting' })).toBeTruthy();
    expect(screen.getByText('Demo con Acme')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Start' })).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
