import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Email accounts: honest about the state — no mail account is connected and connecting comes with
 * the mail feature (the spec's connect / disconnect / test email live here then).
 */
export function EmailAccountsTab() {
  const { t } = useTranslation('settings');
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(67,56,202,0.1)',
              color: 'primary.main',
            }}
          >
            <MailOutlineRoundedIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                {t('email.provider')}
              </Typography>
              <Chip size="small" icon={<LinkOffRoundedIcon />} label={t('email.notConnected')} />
            </Stack>
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('email.body')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {t('email.later')}
            </Typography>
            <Button variant="outlined" disabled>
              {t('email.connect')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
