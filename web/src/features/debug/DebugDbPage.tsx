import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableContract } from '@trato/model';
import { PageHeader } from '@/components/page/PageHeader';
import { callFunction } from '@/firebase/callables';
import { useOrgId } from '@/firebase/dataApi';
import { describeError, type ServerErrorKey } from '@/i18n/errors';
import { formatCount, formatDateTime } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';

type Outcome =
  | { status: 'running' }
  | { status: 'done'; result: CallableContract['debugQuery']['out']; at: number }
  | { status: 'error'; key: ServerErrorKey };

/** /debug/db (admins): runs the test query — the send log's count — on the server and shows its answer. */
export default function DebugDbPage() {
  const { t } = useTranslation('debug');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const organizationId = useOrgId();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'running' });

  const run = useCallback(async () => {
    setOutcome({ status: 'running' });
    try {
      const result = await callFunction('debugQuery', { organizationId });
      setOutcome({ status: 'done', result, at: Date.now() });
    } catch (error) {
      const described = describeError(error);
      if (described.key === 'unknown') console.error('debugQuery', error);
      setOutcome({ status: 'error', key: described.key });
    }
  }, [organizationId]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <>
      <PageHeader
        title={tc('app.pages.debugDb')}
        subtitle={t('subtitle')}
        actions={
          <Button variant="outlined" onClick={() => void run()} disabled={outcome.status === 'running'}>
            {outcome.status === 'running' ? t('running') : t('run')}
          </Button>
        }
      />
      <Card variant="outlined" aria-live="polite" aria-busy={outcome.status === 'running'}>
        <CardContent>
          {outcome.status === 'running' && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} />
              <Typography>{t('running')}</Typography>
            </Stack>
          )}
          {outcome.status === 'error' && (
            <Alert severity="error">
              <AlertTitle>{t('failed')}</AlertTitle>
              {tc(`errors.server.${outcome.key}`)}
            </Alert>
          )}
          {outcome.status === 'done' && (
            <Stack spacing={1} data-testid="debug-result">
              <Typography variant="overline" color="text.secondary">
                {t('query')}
              </Typography>
              <Typography variant="h4" component="p">
                {t('count', {
                  count: outcome.result.count,
                  formatted: formatCount({ value: outcome.result.count, more: false }, language),
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('took', {
                  ms: outcome.result.tookMs,
                  at: formatDateTime(outcome.at, language, datePreferences),
                })}
              </Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
