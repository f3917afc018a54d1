import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { connectedMarkerHash, MAIL_PROVIDERS, type MailProvider } from '@trato/model';
import { useToast } from '@/components/toast';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { useSession } from '@/firebase';
import { callFunction } from '@/firebase/dataApi';
import { mailErrorText } from './utils/mailErrors';
import { readMailReturn } from './utils/mailReturn';
import { sectionHref } from '@/app/sections';

const SETTINGS_EMAIL = sectionHref('settings', { query: { tab: 'email' } });
/** The callable that finishes each provider's connection. */
const CALLBACKS = { gmail: 'authGmailCallback' } as const satisfies Record<MailProvider, string>;

/**
 * /auth/{provider}/callback — where Google sends the browser back. Finishes the connection and
 * returns to Ajustes → Email: with the 'connected' marker on success, with a toast otherwise
 * ('Error OAuth', 'Parámetros OAuth inválidos', 'Error de conexión'). Not signed in → /auth.
 */
export default function MailCallbackPage() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const started = useRef(false);
  useDocumentTitle(`${tc('app.pages.mailCallback')} — Trato`);

  useEffect(() => {
    if (session.status !== 'signedIn' || started.current) return;
    // Once: a code is single-use, and React may run effects twice in development.
    started.current = true;
    const back = (title: string, description?: string) => {
      toast({ title, description, variant: 'destructive' });
      void navigate(SETTINGS_EMAIL, { replace: true });
    };
    const result = readMailReturn(params);
    if (!(MAIL_PROVIDERS as readonly string[]).includes(provider)) {
      back(t('email.callback.badParams'));
      return;
    }
    if (result.kind === 'provider-error') {
      back(t('email.callback.oauthError'), result.description);
      return;
    }
    if (result.kind === 'missing') {
      back(t('email.callback.badParams'));
      return;
    }
    callFunction(CALLBACKS[provider as MailProvider], { code: result.code, state: result.state })
      .then(({ email }) => {
        void navigate(`${SETTINGS_EMAIL}${connectedMarkerHash(email)}`, { replace: true });
      })
      .catch((error: unknown) => {
        const text = mailErrorText(error);
        if (text.key === 'errors.server.unknown') console.error('mail connection failed', error);
        const hint =
          text.kind === 'reason'
            ? t(text.key)
            : text.key === 'errors.server.unknown'
              ? t('email.callback.defaultHint')
              : tc(text.key as 'errors.server.unknown');
        back(t('email.callback.connectError'), hint);
      });
  }, [session.status, params, provider, navigate, t, tc, toast]);

  if (session.status === 'signedOut') return <Navigate to="/auth" replace />;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <CircularProgress aria-hidden="true" sx={{ mb: 2 }} />
        <Typography>{t('email.callback.working')}</Typography>
      </Box>
    </Box>
  );
}
