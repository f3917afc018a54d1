import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * CSV import and export of contacts end to end (es): five contacts from an Excel-Spanish file in
 * Windows-1252; then a 200-row HubSpot-style file with 3 bad rows and 5 duplicates of those → the
 * review and the report match, the refused rows download with their reasons; 'Exportar CSV' of
 * the whole list → the file (BOM, neutralised phones) re-imports clean: 0 refused, all duplicates.
 * Companies from /empresas the same (a duplicate by name, a multi-line note) and their export.
 * A seller without contacts.create (in English) can export but sees no import.
 */
const SLOW = { timeout: 30_000 };

const COMPANIES = ['Grupo Maya', 'Cafetalera Montaña Azul', 'Ferretería El Niño', 'Exportadora Ceiba'];
const FIRST = ['José', 'María', 'Íñigo', 'Begoña', 'Ramón', 'Lucía', 'Sofía', 'Óscar', 'Nuria', 'Ángel'];
const LAST = ['Núñez', 'Peña', 'Ibáñez', 'Muñoz', 'Ávila', 'Castañeda', 'Zúñiga', 'Gómez', 'Díaz', 'López'];

/** Five contacts as Excel in Spanish saves them: semicolons, CRLF, Windows-1252. */
function excelFile(): Buffer {
  const lines = ['Nombre;Correo;Teléfono;Empresa;Cargo;Etapa'];
  for (let i = 0; i < 5; i++)
    lines.push(
      `${FIRST[i]} ${LAST[i]};existente${i}@maya.hn;+504 2200-000${i};${COMPANIES[i % 2]};Gerente;Cliente`,
    );
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

/**
 * 200 rows in a HubSpot export's shape: 192 new contacts, 5 that exist already (their e-mails,
 * one in capitals), and 3 bad rows: an invalid e-mail (row 12), no name (row 50), an unknown
 * lifecycle stage (row 101). Company names vary in case and accents.
 */
function hubspotFile(): Buffer {
  const lines = [
    '"Record ID","First Name","Last Name","Email","Phone Number","Company Name","Job Title","Lifecycle Stage"',
  ];
  for (let i = 0; i < 200; i++) {
    const row = i + 2;
    let first = FIRST[i % 10]!;
    let last = `${LAST[Math.floor(i / 10) % 10]} ${i}`;
    let email = `nuevo${i}@clientes.hn`;
    let stage = ['lead', 'customer', 'Sales Qualified Lead', 'Marketing Qualified Lead'][i % 4]!;
    if (i < 5) email = i === 0 ? 'EXISTENTE0@MAYA.HN' : `existente${i}@maya.hn`;
    if (row === 12) email = 'sin-arroba.maya.hn';
    if (row === 50) first = last = '';
    if (row === 101) stage = 'VIP';
    const company = [COMPANIES[i % 4], 'grupo maya', 'CAFETALERA MONTANA AZUL'][i % 3]!;
    lines.push(
      [
        String(1000 + i),
        first,
        last,
        email,
        `+504 9${String(i).padStart(3, '0')}-1234`,
        company,
        'Compras',
        stage,
      ]
        .map((c) => `"${c}"`)
        .join(','),
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar contactos' });
  await expect(dialog).toBeVisible(SLOW);
  return dialog;
}

async function chooseFile(dialog: Locator, name: string, buffer: Buffer) {
  await dialog.getByTestId('csv-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await expect(dialog.getByRole('button', { name: 'Validar' })).toBeVisible(SLOW);
}

const count = (dialog: Locator, label: string) => dialog.getByTestId(`csv-count-${label}`);

test('es: import with refusals and duplicates, export, and the export re-imports clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { email, admin } = await trialAdmin('csv', 'Distribuidora Maya');
  await loginThroughUi(page, email, PASSWORD);
  await page.goto('/contactos');
  await expect(page.getByText('No hay contactos')).toBeVisible(SLOW);

  // 1. Five contacts from Excel in Spanish (Windows-1252, semicolons): the columns are recognised.
  let dialog = await openImport(page);
  await chooseFile(dialog, 'clientes excel.csv', excelFile());
  await expect(dialog).toContainText('clientes excel.csv · 5 filas · separado por punto y coma');
  await expect(dialog.getByRole('combobox', { name: 'Codificación' })).toContainText('Windows-1252');
  await expect(dialog.getByRole('row', { name: /Correo/ })).toContainText('Email');
  await expect(dialog.getByRole('row', { name: /Cargo/ })).toContainText('Profesión');
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(count(dialog, 'Nuevos')).toContainText('5', SLOW);
  await expect(dialog).toContainText('Se crearán 2 empresas nuevas.');
  await dialog.getByRole('button', { name: 'Importar 5 registros' }).click();
  await expect(dialog).toContainText('Importación terminada', SLOW);
  await expect(count(dialog, 'Creados')).toContainText('5');
  await expect(count(dialog, 'Empresas creadas')).toContainText('2');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('row', { name: /José Núñez/ })).toContainText('Grupo Maya', SLOW);
  await expect(page.getByRole('row', { name: /María Peña/ })).toContainText('Cafetalera Montaña Azul');

  // 2. 200 rows from HubSpot: 192 new, 5 duplicates, 3 refused with their rows and reasons.
  dialog = await openImport(page);
  await chooseFile(dialog, 'hubspot-contacts.csv', hubspotFile());
  await expect(dialog).toContainText('200 filas · separado por comas');
  await expect(dialog.getByRole('row', { name: /First Name/ })).toContainText('Nombre de pila');
  await expect(dialog.getByRole('row', { name: /Record ID/ })).toContainText('No importar');
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(count(dialog, 'Nuevos')).toContainText('192', SLOW);
  await expect(count(dialog, 'Ya existen')).toContainText('5');
  await expect(count(dialog, 'Rechazadas')).toContainText('3');
  const refused = dialog.getByRole('table', { name: 'Filas rechazadas (no se importarán)' });
  await expect(refused.getByRole('row', { name: /^12 / })).toContainText('Email inválido');
  await expect(refused.getByRole('row', { name: /^50 / })).toContainText('El nombre es obligatorio');
  await expect(refused.getByRole('row', { name: /^101 / })).toContainText(
    'Valor no reconocido en Etapa del ciclo de vida: «VIP»',
  );
  await expect(dialog).toContainText('Se crearán 2 empresas nuevas.');
  await expect(dialog).toContainText('2 empresas del archivo ya existen y se vincularán.');
  const [refusedFile] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Descargar filas rechazadas' }).click(),
  ]);
  const refusedText = (await readFile((await refusedFile.path())!)).toString('utf8');
  const refusedLines = refusedText
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(refusedLines[0]).toBe(
    'Fila,Record ID,First Name,Last Name,Email,Phone Number,Company Name,Job Title,Lifecycle Stage,Motivo',
  );
  expect(refusedLines.slice(1).map((l) => [l.split(',')[0], l.split(',').at(-1)])).toEqual([
    ['12', 'Email inválido'],
    ['50', 'El nombre es obligatorio'],
    ['101', 'Valor no reconocido en Etapa del ciclo de vida: «VIP»'],
  ]);

  await dialog.getByRole('button', { name: 'Importar 192 registros' }).click();
  await expect(dialog).toContainText('Importación terminada', SLOW);
  await expect(count(dialog, 'Creados')).toContainText('192');
  await expect(count(dialog, 'Ya existían')).toContainText('5');
  await expect(count(dialog, 'Rechazadas')).toContainText('3');
  await dialog.getByRole('button', { name: 'Ver contactos' }).click();
  await expect(page.getByText('197 registros')).toBeVisible(SLOW);

  // 3. Export of the whole list: a file Excel opens with accents, phones neutralised.
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^contactos-\d{4}-\d{2}-\d{2}\.csv$/);
  const exportedBytes = await readFile((await exported.path())!);
  expect([...exportedBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const exportedText = exportedBytes.toString('utf8').slice(1);
  const exportedLines = exportedText.trim().split('\r\n');
  expect(exportedLines[0]).toBe(
    'Nombre,Email,Teléfono,Empresa,Profesión,Ciudad,País,RTN,Estado,Es cliente,Etapa del ciclo de vida,LinkedIn',
  );
  expect(exportedLines).toHaveLength(198);
  expect(exportedText).toContain("José Núñez,existente0@maya.hn,'+504 2200-0000,Grupo Maya,Gerente");
  await expect(page.getByText('197 registros exportados')).toBeVisible(SLOW);

  // 4. The exported file re-imports clean: nothing refused, everything a duplicate.
  dialog = await openImport(page);
  await chooseFile(dialog, exported.suggestedFilename(), exportedBytes);
  await expect(dialog.getByRole('row', { name: /Etapa del ciclo de vida/ })).toContainText(
    'Etapa del ciclo de vida',
  );
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(count(dialog, 'Ya existen')).toContainText('197', SLOW);
  await expect(count(dialog, 'Nuevos')).toContainText('0');
  await expect(count(dialog, 'Rechazadas')).toContainText('0');
  await expect(dialog).toContainText('4 empresas del archivo ya existen y se vincularán.');
  await expect(dialog).toContainText('No hay nada que importar.');
  await expect(dialog.getByRole('button', { name: /^Importar \d/ })).toBeDisabled();
  // 'Actualizarlos' writes nothing either: the file holds what is stored.
  await dialog.getByRole('radio', { name: 'Actualizarlos con los datos del archivo' }).check();
  await expect(count(dialog, 'Se actualizarán')).toContainText('0');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('197 registros')).toBeVisible();

  // 5. Companies the same: one already there (by name, whatever the case), two new, one of them
  // with a quoted multi-line note; then their export.
  await page.goto('/empresas');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  dialog = page.getByRole('dialog', { name: 'Importar empresas' });
  const companiesCsv = [
    'Company Name,Industry,Number of Employees,Website,Notes',
    'GRUPO MAYA,Retail,120,grupomaya.hn,',
    'Panadería Núñez,Manufactura,8,,"Pan dulce y salado.\r\nEntrega los lunes, ""sin falta"""',
    'Clínica Ñandú,Salud,1.200,https://clinicanandu.hn,',
  ].join('\r\n');
  await chooseFile(dialog, 'empresas.csv', Buffer.from(`${companiesCsv}\r\n`, 'utf8'));
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(count(dialog, 'Nuevos')).toContainText('2', SLOW);
  await expect(count(dialog, 'Ya existen')).toContainText('1');
  await dialog.getByRole('button', { name: 'Importar 2 registros' }).click();
  await expect(count(dialog, 'Creados')).toContainText('2', SLOW);
  await dialog.getByRole('button', { name: 'Ver empresas' }).click();
  await expect(page.getByRole('row', { name: /Clínica Ñandú/ })).toContainText('Salud', SLOW);
  const [companiesFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  const companiesText = (await readFile((await companiesFile.path())!)).toString('utf8');
  expect(companiesText.split('\r\n')[0]).toBe(
    '\uFEFFNombre,Sitio web,Teléfono,LinkedIn,Industria,Tamaño (empleados),País,Ciudad,Dirección,Notas',
  );
  expect(companiesText).toContain(
    'Panadería Núñez,,,,Manufactura,1-10 empleados,,,,"Pan dulce y salado.\r\nEntrega los lunes, ""sin falta"""',
  );
  expect(companiesText).toContain('Clínica Ñandú,https://clinicanandu.hn,,,Salud,Más de 1000 empleados');

  // 6. A seller who may only view contacts (English): export yes, import no.
  const viewer = uniqueEmail('csv-view');
  await addSeller(admin, viewer, PASSWORD, {
    contacts: { view: true, create: false, edit: false, delete: false },
  });
  const sellerPage = await (await browser.newContext()).newPage();
  await sellerPage.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  await loginThroughUi(sellerPage, viewer, PASSWORD);
  await sellerPage.goto('/contactos');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible(SLOW);
  await expect(sellerPage.getByText('197 records')).toBeVisible(SLOW);
  await expect(sellerPage.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(sellerPage.getByRole('button', { name: 'New contact' })).toHaveCount(0);
});
