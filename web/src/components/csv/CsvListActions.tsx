// 'Importar CSV' and 'Exportar CSV' of the contacts and companies lists. Only these two buttons load
// with the list: the dialogs, papaparse, the worker and the csv texts load when one is pressed.
import FileDownloadRoundedIcon from '@mui/icons-material/FileDownloadRounded';
import FileUploadRoundedIcon from '@mui/icons-material/FileUploadRounded';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import { loadNamespaces } from '@/i18n';
import type { Count, QueryRequest } from '@/firebase/dataApi';
import type { CsvEntity } from './fields';

const CsvImportDialog = lazy(() =>
  Promise.all([import('./CsvImportDialog'), loadNamespaces(['csv'])]).then(([m]) => ({
    default: m.CsvImportDialog,
  })),
);
const CsvExportDialog = lazy(() =>
  Promise.all([import('./CsvExportDialog'), loadNamespaces(['csv'])]).then(([m]) => ({
    default: m.CsvExportDialog,
  })),
);

export interface ExportScope {
  /** The list's query as shown (search and filters: the server matches every searched word). */
  request: QueryRequest;
  /** The list's count, for the progress. */
  total: Count | null;
}

export function CsvListActions({
  entity,
  labels,
  canImport,
  exportScope,
}: {
  entity: CsvEntity;
  labels: { import: string; export: string };
  /** contacts.create / companies.create. */
  canImport: boolean;
  /** Null while the organization is not known. */
  exportScope: ExportScope | null;
}) {
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  const offline = useOffline();
  const close = () => setOpen(null);
  return (
    <>
      {canImport && (
        <Button
          variant="outlined"
          startIcon={<FileUploadRoundedIcon />}
          onClick={() => setOpen('import')}
          disabled={offline}
        >
          {labels.import}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<FileDownloadRoundedIcon />}
        disabled={!exportScope || offline}
        onClick={() => setOpen('export')}
      >
        {labels.export}
      </Button>
      <NeedsConnectionNote sx={{ alignSelf: 'center' }} />
      <Suspense fallback={null}>
        {open === 'import' && <CsvImportDialog entity={entity} onClose={close} />}
        {open === 'export' && exportScope && (
          <CsvExportDialog entity={entity} scope={exportScope} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
