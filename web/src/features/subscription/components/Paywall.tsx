import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PRICE_USD_PER_MONTH } from '@trato/model';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { useMembership, type SubscriptionMirror } from '@/firebase/dataApi';
import { BillingError } from './BillingError';
import { PlanFeatures } from './PlanFeatures';
import { useBillingRedirect } from '../hooks/useBillingRedirect';
import { sectionHref } from '@/app/sections';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';

/**
 * Spec: Subscription gate. Admins start the trial (or subscribe again once a subscription ended);
 * sellers see the same card and are told to ask an administrator.
 */
export default function Paywall({ mirror }: { mirror: SubscriptionMirror | null }) {
  const { t } = useTranslation('subscription');
  const offline = useOffline();
  const membership = useMembership();
  const checkout = useBillingRedirect('createCheckoutSession', membership.organizationId);
  // One trial per organization: once a subscription existed, the button subscribes with a card.
  const trialAvailable = !mirror;
  useDocumentTitle(`${t('paywall.title')} — Trato`);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card
        data-testid="paywall"
        sx={{ width: '100%', maxWidth: 460, borderColor: 'primary.light', borderWidth: 2 }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 48,
              height: 48,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#EEF2FF',
              color: 'primary.main',
              mb: 2,
            }}
          >
            <LockRoundedIcon />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 1 }}>
            {t('paywall.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            {mirror ? t('paywall.ended') : t('paywall.body')}
          </Typography>
          <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
            <Box
              component="span"
              sx={{ fontSize: '2.75rem', fontWeight: 800, letterSpacing: '-0.04em', lineHeight: 1 }}
            >
              {t('price', { amount: PRICE_USD_PER_MONTH })}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('perMonth')}
            </Box>
          </Typography>
          <Typography
            variant="overline"
            component="p"
            sx={{ color: 'text.secondary', mt: 2 }}
            id="paywall-features"
          >
            {t('features.label')}
          </Typography>
          <PlanFeatures withTrial={trialAvailable} labelledBy="paywall-features" />
          {membership.isAdmin ? (
            <>
              <BillingError error={checkout.error} />
              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={checkout.start}
                disabled={checkout.busy || offline}
                aria-busy={checkout.busy}
              >
                {checkout.busy
                  ? t('processing')
                  : trialAvailable
                    ? t('paywall.startTrial')
                    : t('paywall.subscribe')}
              </Button>
              <NeedsConnectionNote sx={{ display: 'block', mt: 1, textAlign: 'center' }} />
              {trialAvailable && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5, textAlign: 'center' }}>
                  {t('paywall.noCard')}
                </Typography>
              )}
            </>
          ) : (
            <Typography
              role="note"
              sx={{ bgcolor: '#F8FAFC', borderRadius: 1, p: 1.5, color: 'text.secondary' }}
            >
              {t('paywall.askAdmin')}
            </Typography>
          )}
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Button component={RouterLink} to={sectionHref('subscription')} size="small">
              {t('paywall.details')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
