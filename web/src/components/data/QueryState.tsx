import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/i18n/errors';

export interface QueryStatus {
  status: 'loading' | 'success' | 'error';
  error: { code: string; message: string } | null;
}

/** A labelled spinner (role status) where content is on its way: a query, a lazy part of a page. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography sx={{ color: 'text.secondary' }}>{label ?? t('common.loading')}</Typography>
    </Box>
  );
}

/**
 * The loading / error / empty block of every list and detail: a labelled spinner, the failure in
 * the user's language (the SDK's text goes to the console), the empty view, else the content.
 */
export function QueryState({
  state,
  loadingLabel,
  errorTitle,
  isEmpty = false,
  empty,
  children,
}: {
  state: QueryStatus;
  loadingLabel?: string;
  errorTitle?: string;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <LoadingBlock label={loadingLabel} />;
  if (state.status === 'error') {
    const described = describeError(state.error);
    if (described.key === 'unknown') console.error(errorTitle ?? 'query failed', state.error);
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      >
        {errorTitle && <strong>{errorTitle} </strong>}
        {t(`errors.server.${described.key}`)}
      </Alert>
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
