import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Formik, type FormikHelpers, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { useErrorToast } from '@/components/toast';
import { SidePanel } from '@/components/SidePanel';
import { GuardedForm } from './GuardedForm';
import { ToastFirstError } from './ToastFirstError';

/** The panel's form fills its height: the fields scroll, the buttons stay at the bottom. */
const DRAWER_FORM = { display: 'flex', flexDirection: 'column', height: '100%' } as const;

/**
 * A create/edit dialog: Formik + the model's yup schema, submit disabled and 'Guardando...' while
 * saving, one submit at a time. A failed save keeps the dialog open with everything typed and
 * toasts the reason; a successful one closes it. Full screen on phones. `variant="drawer"` shows
 * the same form in a side panel on the right (the meetings list's 'Editar Reunión').
 */
export function FormDialog<V extends FormikValues>({
  open,
  title,
  initialValues,
  schema,
  onSubmit,
  onClose,
  submitLabel,
  extraActions,
  errorTitle,
  toastInvalid = false,
  variant = 'dialog',
  canSubmit,
  children,
}: {
  open: boolean;
  title: string;
  initialValues: V;
  schema: AnySchema;
  /** Resolve to close; throw to keep the form (the error is toasted). */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  submitLabel?: string;
  /** e.g. 'Eliminar' in an edit dialog, left of Cancelar. */
  extraActions?: ReactNode;
  /** The failure toast's title ('Error al actualizar'); 'Error' by default. */
  errorTitle?: string;
  /** Also toast the first validation message when a submit is refused (deals, tasks, meetings). */
  toastInvalid?: boolean;
  /** A centred dialog, or a panel on the right (full width on phones). */
  variant?: 'dialog' | 'drawer';
  /** The submit button stays disabled until this holds (the folder dialog: a name is typed). */
  canSubmit?: (values: V) => boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    try {
      await onSubmit(schema.cast(values, { stripUnknown: false }) as V);
      onClose();
    } catch (error) {
      showError(error, errorTitle);
    } finally {
      helpers.setSubmitting(false);
    }
  };

  const form = (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, values }) => (
        <GuardedForm style={variant === 'drawer' ? DRAWER_FORM : undefined}>
          {toastInvalid && <ToastFirstError />}
          <DialogTitle id="form-dialog-title">{title}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {children}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            {extraActions}
            <Button onClick={onClose} disabled={isSubmitting} sx={{ ml: 'auto' }}>
              {t('common.actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting || (canSubmit ? !canSubmit(values) : false)}
              aria-busy={isSubmitting}
              // Pressing it does not blur the field being typed in: that blur's validation can
              // show a message, grow the dialog and move this button before the click lands.
              onMouseDown={(event) => event.preventDefault()}
            >
              {isSubmitting ? t('common.actions.saving') : (submitLabel ?? t('common.actions.save'))}
            </Button>
          </DialogActions>
        </GuardedForm>
      )}
    </Formik>
  );
  if (variant === 'drawer')
    return (
      <SidePanel
        anchor="right"
        open={open}
        onClose={onClose}
        paperProps={{ role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'form-dialog-title' }}
        sx={{ width: { xs: '100%', sm: 480 } }}
      >
        {form}
      </SidePanel>
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="form-dialog-title"
    >
      {form}
    </Dialog>
  );
}
