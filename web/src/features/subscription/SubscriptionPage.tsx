import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PRICE_USD_PER_MONTH, subscriptionPhase } from '@trato/model';
import { FullPageLoader } from '@/components/FullPageLoader';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import { useMembership, useSubscription } from '@/firebase/dataApi';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { BillingError } from './components/BillingError';
import { PlanFeatures } from './components/PlanFeatures';
import { useBillingRedirect } from './hooks/useBillingRedirect';
import { useDatePreferences } from '@/firebase/dataApi';

const CHIP_COLOR = {
  trial: 'info',
  active: 'success',
  attention: 'warning',
  over: 'default',
  none: 'default',
} as const;

/** /subscription: the plan, its state in words, and for admins the way to Checkout or Stripe's portal. */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const { t: tc } = useTranslation();
  const offline = useOffline();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { search } = useLocation();
  const membership = useMembership();
  const subscription = useSubscription(membership.organizationId);
  const checkout = useBillingRedirect('createCheckoutSession', membership.organizationId);
  const portal = useBillingRedirect('createPortalSession', membership.organizationId);

  if (!membership.organizationId) return <Alert severity="info">{t('page.noOrganization')}</Alert>;
  if (subscription.status === 'loading')
    return <FullPageLoader label={tc('app.subscriptionGate.checking')} />;
  if (subscription.status === 'error')
    return <Alert severity="error">{tc('app.subscriptionGate.checkError')}</Alert>;

  const mirror = subscription.mirror;
  const phase = subscriptionPhase(mirror, Date.now());
  const date = (millis: number) => formatDate(millis, language, datePreferences);
  const statusWord = mirror ? tc(`enums.subscriptionStatus.${mirror.status}`) : t('status.none');
  const detail = (() => {
    switch (phase.kind) {
      case 'trial':
        return [
          t('page.trialLeft', { count: phase.daysLeft }),
          t('page.trialEnds', { date: date(phase.endsAt) }),
        ];
      case 'active':
        return [
          phase.cancelAtPeriodEnd
            ? t('page.endsOn', { date: date(phase.renewsAt) })
            : t('page.renewsOn', { date: date(phase.renewsAt) }),
        ];
      case 'attention':
        return [t('page.paymentProblem')];
      case 'over':
        return [t('page.over')];
      default:
        return [t('page.none')];
    }
  })();
  const canStartCheckout = phase.kind === 'none' || phase.kind === 'over';

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 3 }}>
        {t('page.title')}
      </Typography>
      {new URLSearchParams(search).get('checkout') === 'canceled' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('page.checkoutCanceled')}
        </Alert>
      )}
      <Card data-testid="subscription-card">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('planName')}
            </Typography>
            <Chip label={statusWord} color={CHIP_COLOR[phase.kind]} data-testid="subscription-status" />
          </Stack>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            {t('priceLine', { amount: PRICE_USD_PER_MONTH })}
          </Typography>
          <Box data-testid="subscription-detail" sx={{ mb: 2 }}>
            {detail.map((line, index) => (
              <Typography key={line} sx={{ fontWeight: index === 0 ? 600 : 400 }}>
                {line}
              </Typography>
            ))}
            {phase.kind === 'trial' && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('page.trialCardHint')}
              </Typography>
            )}
          </Box>
          <Divider sx={{ my: 2 }} />
          <PlanFeatures withTrial={phase.kind === 'none'} />
          {membership.isAdmin ? (
            <>
              <BillingError error={checkout.error} />
              <BillingError error={portal.error} portal />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {canStartCheckout && (
                  <Button
                    variant="contained"
                    onClick={checkout.start}
                    disabled={checkout.busy || offline}
                    aria-busy={checkout.busy}
                  >
                    {checkout.busy
                      ? t('processing')
                      : phase.kind === 'none'
                        ? t('paywall.startTrial')
                        : t('page.subscribeAgain')}
                  </Button>
                )}
                {mirror?.stripeCustomerId && (
                  <Button
                    variant={canStartCheckout ? 'outlined' : 'contained'}
                    onClick={portal.start}
                    disabled={portal.busy || offline}
                    aria-busy={portal.busy}
                  >
                    {portal.busy ? t('processing') : t('page.manage')}
                  </Button>
                )}
              </Stack>
              <NeedsConnectionNote />
            </>
          ) : (
            <Typography role="note" sx={{ color: 'text.secondary' }}>
              {t('page.adminsOnly')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
