import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAIL_PRIVACY, MAIL_PRIVACY, type MailConnection, type MailPrivacy } from '@trato/model';
import { syncOutcome, useMailSync } from '@/components/records/emails/useMailSync';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import { formatRelative, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useMailErrorToast } from '../hooks/useMailActions';

type Connection = MailConnection<{ toMillis(): number }>;

/** What the sync status line says: when it last finished, or why the last one failed. */
export function syncStatusKey(connection: Pick<Connection, 'syncedAt' | 'syncError'>) {
  const error = connection.syncError;
  if (error === 'rate-limited' || error === 'no-access') return `email.reading.errors.${error}` as const;
  if (error) return 'email.reading.errors.failed' as const;
  return connection.syncedAt ? ('email.reading.synced' as const) : ('email.reading.never' as const);
}

/**
 * The member's own mailbox as Trato reads it (two-way e-mail): what they share with the
 * organization (setMailPrivacy), a warning with 'Reconectar' when Google's grant does not let
 * Trato read it as chosen (`reads` not true, or the call said so), when it was last synchronised
 * or why not, and 'Sincronizar ahora'.
 */
export function MailReading({
  connection,
  organizationId,
  reconnectButton,
}: {
  connection: Connection;
  organizationId: string;
  /** The connect flow's button, labelled 'Reconectar'. */
  reconnectButton: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const { toast } = useToast();
  const showError = useMailErrorToast();
  const sync = useMailSync(organizationId, {
    done: (result) => {
      const outcome = syncOutcome(result);
      toast({
        title: t(`email.reading.sync.${outcome}`, { count: result.added }),
        variant: outcome === 'added' ? 'success' : 'default',
      });
    },
    failed: (error) => showError(error, t('email.reading.sync.failed')),
  });
  const saved = connection.privacy ?? DEFAULT_MAIL_PRIVACY;
  const [saving, setSaving] = useState<MailPrivacy | null>(null);
  const [mustReconnect, setMustReconnect] = useState(false);
  // A broken connection has its own banner; a connected one may still not be readable as chosen.
  const reconnect = connection.status === 'connected' && (connection.reads !== true || mustReconnect);
  const syncedAt = millisOf(connection.syncedAt);

  const choose = async (privacy: MailPrivacy) => {
    if (saving || privacy === saved) return;
    setSaving(privacy);
    try {
      const { reconnect } = await callFunction('setMailPrivacy', { organizationId, privacy });
      setMustReconnect(reconnect);
      toast({ title: t('email.privacy.saved'), variant: 'success' });
    } catch (error) {
      showError(error, t('email.privacy.failed'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      {reconnect && (
        // The button under the text: beside it, a phone's width leaves the icon on a line of its own.
        <Alert severity="warning" data-testid="mail-reconnect">
          {t('email.reading.reconnect')}
          <Box sx={{ mt: 1 }}>{reconnectButton}</Box>
        </Alert>
      )}
      <Box component="fieldset" disabled={Boolean(saving)} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5, p: 0 }}>
          {t('email.privacy.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('email.privacy.body')}
        </Typography>
        {/* Native radios (MUI's Radio and RadioGroup would add to a page at its budget). */}
        <Box sx={{ display: 'grid', gap: 1 }}>
          {MAIL_PRIVACY.map((privacy) => {
            const checked = (saving ?? saved) === privacy;
            return (
              <Box
                component="label"
                key={privacy}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  p: 1.5,
                  border: 1,
                  borderRadius: 2,
                  borderColor: checked ? 'primary.main' : 'divider',
                  bgcolor: checked ? 'rgba(67,56,202,0.04)' : 'transparent',
                  cursor: saving ? 'default' : 'pointer',
                  '&:has(input:focus-visible)': {
                    outline: 2,
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                  },
                }}
              >
                <Box
                  component="input"
                  type="radio"
                  name="mail-privacy"
                  value={privacy}
                  checked={checked}
                  onChange={() => void choose(privacy)}
                  sx={{ m: 0, mt: 0.25, width: 18, height: 18, flexShrink: 0, accentColor: '#4338CA' }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{t(`email.privacy.${privacy}`)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`email.privacy.${privacy}Help`)}
                  </Typography>
                </Box>
                {saving === privacy && <CircularProgress size={16} sx={{ ml: 'auto', flexShrink: 0 }} />}
              </Box>
            );
          })}
        </Box>
      </Box>
      {connection.status === 'connected' && connection.reads === true && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography
            variant="body2"
            sx={{ color: connection.syncError ? 'warning.dark' : 'text.secondary', flex: '1 1 240px' }}
            data-testid="mail-sync-status"
          >
            {t(syncStatusKey(connection), {
              when: syncedAt === null ? '' : formatRelative(syncedAt, Date.now(), language),
            })}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => void sync.sync()}
            disabled={sync.busy}
            aria-busy={sync.busy}
            startIcon={
              sync.busy ? (
                <CircularProgress size={16} color="inherit" aria-hidden="true" />
              ) : (
                <SyncRoundedIcon />
              )
            }
          >
            {t('email.reading.syncNow')}
          </Button>
        </Box>
      )}
    </>
  );
}
