import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths, type MailConnection } from '@trato/model';
import { useDocument, useMembership } from '@/firebase/dataApi';
import { sectionHref } from '@/app/sections';

/**
 * A sequence or a campaign sends from its author's Gmail: tell the author (the signed-in member)
 * when theirs is not usable, with the way to connect it.
 */
export function MailboxWarning({ organizationId, message }: { organizationId: string; message: string }) {
  const { t } = useTranslation('marketing');
  const { uid } = useMembership();
  const connection = useDocument<MailConnection>(uid ? paths.mailConnection(organizationId, uid) : null);
  if (connection.status !== 'success' || connection.data?.status === 'connected') return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button
          component={RouterLink}
          to={sectionHref('settings', { query: { tab: 'email' } })}
          color="inherit"
          size="small"
        >
          {t('connectMailbox')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
