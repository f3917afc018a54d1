import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fixture } from './testFiles';

vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock);
const server = vi.hoisted(() => ({
  contactsByEmails: vi.fn(),
  existingByIds: vi.fn(),
  companiesByNames: vi.fn(),
  commitImportBatch: vi.fn(),
  forEachPage: vi.fn(),
}));
vi.mock('@/firebase/csvData', () => server);
const functions = vi.hoisted(() => ({ callFunction: vi.fn() }));
vi.mock('@/firebase/callables', () => functions);

const { CsvImportDialog } = await import('./CsvImportDialog');

async function open() {
  await renderWithApp(
    <MemoryRouter>
      <CsvImportDialog entity="contacts" onClose={() => {}} />
    </MemoryRouter>,
  );
}

async function choose(name: string, bytes: Uint8Array<ArrayBuffer>) {
  fireEvent.change(screen.getByTestId('csv-file-input'), {
    target: { files: [new File([bytes], name, { type: 'text/csv' })] },
  });
  await screen.findByRole('button', { name: 'Validar' });
}

const count = (label: string) => screen.getByTestId(`csv-count-${label}`).querySelector('dd')?.textContent;

beforeEach(() => {
  for (const fn of Object.values(server)) fn.mockReset();
  functions.callFunction.mockReset();
  server.contactsByEmails.mockResolvedValue(new Map());
  server.existingByIds.mockResolvedValue(new Map());
  server.companiesByNames.mockResolvedValue(new Map());
  localStorage.clear();
});

describe('CSV import dialog', () => {
  it('suggests the columns of an Excel-Spanish file and needs a name column to go on', async () => {
    await open();
    await choose('clientes.csv', fixture('excel-es-semicolon-cp1252.csv'));
    expect(screen.getByText('clientes.csv · 5 filas · separado por punto y coma')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Importar como: Correo' }).textContent).toBe('Email');
    expect(screen.getByRole('button', { name: 'Validar' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await choose('solo-correos.csv', new TextEncoder().encode('Correo\r\nana@x.hn\r\n'));
    expect(screen.getByText(/Asigna una columna a Nombre/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validar' })).toHaveProperty('disabled', true);
  });

  it('says an empty file or a header-only file has nothing to import', async () => {
    await open();
    fireEvent.change(screen.getByTestId('csv-file-input'), {
      target: { files: [new File([fixture('headers-only.csv')], 'vacío.csv')] },
    });
    expect(
      await screen.findByText('El archivo solo tiene encabezados: no hay filas que importar.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('csv-file-input'), {
      target: { files: [new File([fixture('empty.csv')], 'vacío.csv')] },
    });
    expect(await screen.findByText('El archivo está vacío.')).toBeTruthy();
  });

  it('reviews before writing, imports companies first, and stops on a refused batch until retried', async () => {
    await open();
    await choose('clientes.csv', fixture('excel-es-semicolon-cp1252.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByText('Nada se ha guardado todavía. Revisa el resultado de la validación:');
    expect([count('Nuevos'), count('Ya existen'), count('Rechazadas')]).toEqual(['4', '0', '1']);
    expect(screen.getByText('Se crearán 3 empresas nuevas.')).toBeTruthy();
    const refused = screen.getByRole('table', { name: 'Filas rechazadas (no se importarán)' });
    expect(within(refused).getAllByRole('row')[1]?.textContent).toBe('5Email inválido');
    expect(server.contactsByEmails).toHaveBeenCalledWith('org1', [
      'jose.nunez@cafetaleramontana.hn',
      'maria.pena@ferreteriaelnino.hn',
      'inigo@exportadoraceiba.hn',
      'ramon.avila@cafetaleramontana.hn',
    ]);
    expect(server.commitImportBatch).not.toHaveBeenCalled();

    const refusal = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    server.commitImportBatch.mockRejectedValueOnce(refusal).mockRejectedValueOnce(refusal);
    fireEvent.click(screen.getByRole('button', { name: 'Importar 4 registros' }));
    expect(
      await screen.findByText('La importación se detuvo: No tienes permiso para hacer esto.'),
    ).toBeTruthy();
    // The batch was sent, checked against the server (nothing of it there), and sent once more.
    expect(server.commitImportBatch).toHaveBeenCalledTimes(2);
    // The lookups asked for contacts' and companies' ids; the check after the refusal, both again.
    expect(server.existingByIds).toHaveBeenCalledTimes(2 + 2);

    server.commitImportBatch.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Importación terminada')).toBeTruthy();
    expect([count('Creados'), count('Empresas creadas'), count('Rechazadas')]).toEqual(['4', '3', '1']);
    const writes = server.commitImportBatch.mock.calls.at(-1)![0] as {
      kind: string;
      target: { collection: string };
      data: Record<string, unknown>;
    }[];
    expect(writes.map((w) => w.target.collection)).toEqual([
      'companies',
      'companies',
      'companies',
      'contacts',
      'contacts',
      'contacts',
      'contacts',
    ]);
    expect(writes[3]).toMatchObject({
      kind: 'create',
      data: { name: 'José Núñez', ownerId: 'u1', companyName: 'Cafetalera Montaña Azul' },
    });
  });

  it('remembers the mapping for the next file of the organization', async () => {
    await open();
    await choose('clientes.csv', fixture('excel-es-semicolon-cp1252.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() =>
      expect(localStorage.getItem('trato.csvMapping.org1.contacts')).toContain('"correo":"email"'),
    );
  });

  it('records the consent the member states for the contacts written, and retries it after a failure', async () => {
    await open();
    await choose('clientes.csv', fixture('excel-es-semicolon-cp1252.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    const stated = await screen.findByRole('checkbox', {
      name: 'Estos contactos aceptaron recibir marketing por e-mail',
    });
    fireEvent.click(stated);
    const start = screen.getByRole('button', { name: 'Importar 4 registros' });
    // Ticked, it needs to say how.
    expect(start).toHaveProperty('disabled', true);
    expect(screen.getByText('Di cómo lo dieron: queda en cada registro.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /¿Cómo dieron su consentimiento\?/ }), {
      target: { value: ' Feria 2026 ' },
    });
    expect(start).toHaveProperty('disabled', false);

    server.commitImportBatch.mockResolvedValue(undefined);
    functions.callFunction
      .mockRejectedValueOnce(Object.assign(new Error('unavailable'), { code: 'functions/unavailable' }))
      .mockResolvedValueOnce({ recorded: 3, skipped: 1 });
    fireEvent.click(start);
    expect(await screen.findByText(/^No se pudo registrar el consentimiento:/)).toBeTruthy();
    const [name, input] = functions.callFunction.mock.calls[0]! as [string, Record<string, unknown>];
    expect(name).toBe('recordImportConsent');
    const written = (
      server.commitImportBatch.mock.calls[0]![0] as { target: { collection: string }; id: string }[]
    )
      .filter((w) => w.target.collection === 'contacts')
      .map((w) => w.id);
    expect(input).toEqual({
      organizationId: 'org1',
      importId: expect.stringMatching(/^[0-9a-z]+$/),
      contactIds: written,
      text: 'Feria 2026',
    });
    expect(written).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText(
        'Consentimiento registrado para 3 contactos. 1 no tenía e-mail o ya lo había dado.',
      ),
    ).toBeTruthy();
    // The same import again: the same id, so the server records nothing twice.
    expect(functions.callFunction.mock.calls[1]![1]).toEqual(input);
  });

  it('states no consent unless ticked', async () => {
    await open();
    await choose('clientes.csv', fixture('excel-es-semicolon-cp1252.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    server.commitImportBatch.mockResolvedValue(undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 4 registros' }));
    expect(await screen.findByText('Importación terminada')).toBeTruthy();
    expect(functions.callFunction).not.toHaveBeenCalled();
    expect(screen.queryByText(/consentimiento/i)).toBeNull();
  });
});
