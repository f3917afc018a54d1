import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { useDocumentTitle } from '@/components/useDocumentTitle';

/**
 * /invite/:token — placeholder until the accounts feature ships the real
 * invitation page ('Únete al equipo'). It shows which token arrived and says so honestly.
 */
export default function InvitePlaceholderPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useDocumentTitle(t('invite.meta'));
  return (
    <AuthLayout>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 52,
              height: 52,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(67,56,202,0.1)',
              color: 'primary.main',
              mb: 2.5,
            }}
          >
            <MarkEmailReadRoundedIcon />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
            {t('invite.title')}
          </Typography>
          <Typography variant="body2" component="p" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {t('invite.tokenLabel')}
          </Typography>
          <Typography
            data-testid="invite-token"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              bgcolor: '#F1F5F9',
              borderRadius: 2,
              px: 1.5,
              py: 1,
              mb: 2.5,
              wordBreak: 'break-all',
            }}
          >
            {token}
          </Typography>
          <Typography sx={{ mb: 1.5 }}>{t('invite.body')}</Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('invite.next')}</Typography>
          <Button component={RouterLink} to="/" startIcon={<ArrowBackRoundedIcon />}>
            {t('invite.back')}
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
