import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths, readConnectedMarker, type MailConnection } from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/data/QueryState';
import { FormTextField } from '@/components/form/FormTextField';
import { GuardedForm } from '@/components/form/GuardedForm';
import { useToast } from '@/components/toast';
import { callFunction, useDocument, useMembership } from '@/firebase/dataApi';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { testEmailSchema, type TestEmailValues } from '../utils/schemas';
import { ConnectionHeader } from '../components/ConnectionHeader';
import { MailReading } from './components/MailReading';
import { TeamMailboxes } from './components/TeamMailboxes';
import { useConnectGmail, useMailErrorToast } from './hooks/useMailActions';
import { useDatePreferences } from '@/firebase/dataApi';

type Connection = MailConnection<{ toMillis(): number }>;

/**
 * Ajustes → Email accounts: the member's own Gmail (connect, the address, what Trato reads of it
 * and shares with the organization, its last sync, disconnect, a test e-mail; a broken or
 * unreadable connection asks to reconnect) and, for admins, who in the team is connected.
 */
export function EmailAccountsTab() {
  const membership = useMembership();
  const { organizationId, uid } = membership;
  useConnectedToast();
  const connection = useDocument<Connection>(
    organizationId && uid ? paths.mailConnection(organizationId, uid) : null,
  );
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <MailboxHeader status={connection.data?.status ?? null} />
          <QueryState state={connection}>
            <Mailbox connection={connection.data} organizationId={organizationId} />
          </QueryState>
        </CardContent>
      </Card>
      {membership.isAdmin && organizationId && <TeamMailboxes organizationId={organizationId} />}
    </Stack>
  );
}

/** After the return from Google: '#mail-connected=<email>' → the 'connected' toast, once. */
function useConnectedToast() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const email = readConnectedMarker(location.hash);
    if (!email) return;
    toast({
      title: t('email.callback.success'),
      description: t('email.callback.successBody', { email }),
      variant: 'success',
    });
    void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate, t, toast]);
}

function MailboxHeader({ status }: { status: Connection['status'] | null }) {
  const { t } = useTranslation('settings');
  return (
    <ConnectionHeader
      provider={t('email.provider')}
      icon={<MailOutlineRoundedIcon />}
      iconColors={{ bgcolor: 'rgba(67,56,202,0.1)', color: 'primary.main' }}
      status={status}
      labels={{
        connected: t('email.status.connected'),
        broken: t('email.status.broken'),
        notConnected: t('email.status.notConnected'),
      }}
    />
  );
}

function Mailbox({
  connection,
  organizationId,
}: {
  connection: Connection | null;
  organizationId: string | null;
}) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const gmail = useConnectGmail(organizationId);
  const connectButton = (label: string) => (
    <Button
      variant="contained"
      onClick={gmail.connect}
      disabled={gmail.busy || !organizationId}
      aria-busy={gmail.busy}
      startIcon={gmail.busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
    >
      {gmail.busy ? t('email.redirecting') : label}
    </Button>
  );

  if (!connection) {
    return (
      <Box>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('email.body')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('email.scopes')}
        </Typography>
        {connectButton(t('email.connect'))}
      </Box>
    );
  }
  const since = connection.connectedAt?.toMillis?.();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {t('email.connectedAs', { email: connection.email })}
        </Typography>
        {since !== undefined && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('email.connectedSince', { date: formatDate(since, language, datePreferences) })}
          </Typography>
        )}
      </Box>
      {connection.status === 'broken' && (
        <Alert severity="warning" action={connectButton(t('email.reconnect'))} sx={{ alignItems: 'center' }}>
          {t('email.brokenBody')}
        </Alert>
      )}
      {organizationId && (
        <MailReading
          connection={connection}
          organizationId={organizationId}
          reconnectButton={connectButton(t('email.reconnect'))}
        />
      )}
      <DisconnectButton email={connection.email} organizationId={organizationId} />
      {connection.status === 'connected' && organizationId && (
        <>
          <Divider />
          <TestEmailForm organizationId={organizationId} from={connection.email} />
        </>
      )}
    </Stack>
  );
}

function DisconnectButton({ email, organizationId }: { email: string; organizationId: string | null }) {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const showError = useMailErrorToast();
  const [open, setOpen] = useState(false);
  const disconnect = async () => {
    if (!organizationId) return;
    try {
      await callFunction('emailDisconnect', { organizationId });
      toast({ title: t('email.disconnected'), variant: 'success' });
    } catch (error) {
      showError(error, t('email.disconnectFailed'));
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('email.disconnect')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('email.disconnectTitle')}
        body={t('email.disconnectBody', { email })}
        confirmLabel={t('email.disconnect')}
        onConfirm={disconnect}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function TestEmailForm({ organizationId, from }: { organizationId: string; from: string }) {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const showError = useMailErrorToast();
  const language = useLanguage();
  const membership = useMembership();
  const submit = async (values: TestEmailValues) => {
    const to = values.to.trim();
    try {
      await callFunction('emailSendTest', { organizationId, to, language });
      toast({
        title: t('email.test.sent'),
        description: t('email.test.sentBody', { to, from }),
        variant: 'success',
      });
    } catch (error) {
      // The form keeps the address: a retry is one click.
      showError(error, t('email.test.failed'));
    }
  };
  return (
    <Formik<TestEmailValues>
      initialValues={{ to: membership.email ?? '' }}
      validationSchema={testEmailSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <GuardedForm aria-label={t('email.test.title')}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            {t('email.test.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('email.test.body')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormTextField
              name="to"
              id="test-email-to"
              label={t('email.test.to')}
              type="email"
              autoComplete="email"
              disabled={isSubmitting}
              sx={{ flex: 1, maxWidth: { sm: 360 } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
              startIcon={
                isSubmitting ? (
                  <CircularProgress size={16} color="inherit" aria-hidden="true" />
                ) : (
                  <SendRoundedIcon />
                )
              }
              sx={{ minHeight: 40, mt: { sm: '8px' } }}
            >
              {isSubmitting ? t('email.test.sending') : t('email.test.send')}
            </Button>
          </Stack>
          <LocalMailboxHint />
        </GuardedForm>
      )}
    </Formik>
  );
}

/** Where a developer reads what was sent, shown only on the local cloud. */
function LocalMailboxHint() {
  const { t } = useTranslation('settings');
  const mailbox = import.meta.env.VITE_USE_EMULATORS === 'true' ? localMailboxUrl() : null;
  if (!mailbox) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5, color: 'text.secondary' }}>
      <MailOutlineRoundedIcon fontSize="small" aria-hidden="true" />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('email.test.localMailbox')}{' '}
        <a href={mailbox} target="_blank" rel="noreferrer">
          {mailbox}
        </a>
      </Typography>
    </Stack>
  );
}

function localMailboxUrl(): string {
  const host = import.meta.env.VITE_GOOGLE_EMULATOR_HOST || '127.0.0.1:9598';
  return `http://${host}/`;
}
