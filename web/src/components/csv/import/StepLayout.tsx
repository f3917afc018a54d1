import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import type { CsvEntity } from '../fields';
import type { CsvImportFlow } from './useCsvImportFlow';

/** What the dialog gives a step: its header, the entity, the parts of the flow it uses, closing. */
export interface StepProps<Uses extends keyof CsvImportFlow> {
  header: ReactNode;
  entity: CsvEntity;
  flow: Pick<CsvImportFlow, Uses>;
  onClose: () => void;
}

/** A step's screen: the dialog's header (stepper, error) and the step's content, its buttons below. */
export function StepLayout({
  header,
  actions,
  children,
}: {
  header: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DialogContent dividers>
        {header}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
    </>
  );
}
