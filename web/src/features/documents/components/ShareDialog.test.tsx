// 'Compartir con un contacto' (issue 34): a picked contact gets the share (its id, names and
// target), one already sharing it is told so, and 'Compartido con' lists and removes the shares.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  shareWithContact: vi.fn(),
  stopSharing: vi.fn(),
  shares: [] as Record<string, unknown>[],
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    useLiveList: (request: unknown) => {
      state.requests.push(request);
      return { status: 'success', data: state.shares, error: null };
    },
  };
});
vi.mock('@/firebase/portal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/portal')>()),
  shareWithContact: state.shareWithContact,
  stopSharing: state.stopSharing,
}));
// The picker as a button that picks María (the real one searches Firestore as you type).
vi.mock('@/components/form/EntityPickerField', () => ({
  PICKERS: { contacts: {} },
  EntityPicker: ({
    onChange,
    label,
    helperText,
  }: {
    onChange: (v: { id: string; label: string }) => void;
    label: string;
    helperText?: string;
  }) => (
    <div>
      <button type="button" onClick={() => onChange({ id: 'c1', label: 'María Hernández' })}>
        {label}: María
      </button>
      {helperText && <p>{helperText}</p>}
    </div>
  ),
}));

const { ShareDialog } = await import('./ShareDialog');

const dialog = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter>
      <ShareDialog
        organizationId="org1"
        target={{ type: 'folder', id: 'f1', name: 'Contratos' }}
        onClose={() => {}}
      />
    </MemoryRouter>,
    { language },
  );
const SHARE = {
  id: 'c1_f1',
  contactId: 'c1',
  contactName: 'María Hernández',
  targetType: 'folder',
  targetId: 'f1',
  targetName: 'Contratos',
  createdBy: 'u1',
};

beforeEach(() => {
  state.shareWithContact.mockReset();
  state.stopSharing.mockReset();
  state.shares = [];
  state.requests = [];
});

describe('ShareDialog', { timeout: 30_000 }, () => {
  it('shares the folder with the contact picked', async () => {
    state.shareWithContact.mockResolvedValue('c1_f1');
    await dialog();
    expect(screen.getByRole('dialog', { name: 'Compartir «Contratos»' })).toBeTruthy();
    expect(state.requests[0]).toEqual({
      id: 'documentShares.byTarget',
      parentPath: 'organizations/org1',
      values: { targetId: 'f1' },
    });
    expect(screen.getByText('Todavía no se comparte con nadie.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Elige un contacto')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contacto: María' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() =>
      expect(state.shareWithContact).toHaveBeenCalledWith('org1', {
        contactId: 'c1',
        contactName: 'María Hernández',
        targetType: 'folder',
        targetId: 'f1',
        targetName: 'Contratos',
      }),
    );
    expect(await screen.findByText('Compartido con María Hernández')).toBeTruthy();
  });

  it('lists who has it, says when it is shared already, and removes a share', async () => {
    state.shares = [SHARE];
    state.stopSharing.mockResolvedValue(undefined);
    await dialog();
    const list = screen.getByTestId('share-list');
    expect(within(list).getByRole('link', { name: 'María Hernández' }).getAttribute('href')).toBe(
      '/contactos/c1/portal',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Contacto: María' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Ya está compartido con María Hernández')).toBeTruthy();
    expect(state.shareWithContact).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir con María Hernández' }));
    await waitFor(() => expect(state.stopSharing).toHaveBeenCalledWith('org1', 'c1_f1'));
  });

  it('in English', async () => {
    await dialog('en');
    expect(screen.getByRole('dialog', { name: 'Share “Contratos”' })).toBeTruthy();
    expect(screen.getByText('Shared with')).toBeTruthy();
  });
});
