import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** Router error element: 'Unexpected Application Error!' with reload and home actions. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const details = describe(error);
  useDocumentTitle(t('routeError.meta'));
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
      }}
    >
      <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 64, mb: 2 }} aria-hidden="true" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1.5 }}>
        {t('routeError.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 460 }}>{t('routeError.body')}</Typography>
      {details && (
        <Box component="details" sx={{ mb: 3, maxWidth: 560, color: 'text.secondary' }}>
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            {t('routeError.details')}
          </Box>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', textAlign: 'left', fontSize: '0.85rem' }}>
            {details}
          </Box>
        </Box>
      )}
      <Stack direction="row" spacing={1.5}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
        {/* A plain link: the router itself may be what failed. */}
        <Button href="/" variant="outlined">
          {t('routeError.home')}
        </Button>
      </Stack>
    </Box>
  );
}
