import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/data/QueryState';
import { useLiveList, useMembership } from '@/firebase/dataApi';
import { portalSiteRequest } from '@/firebase/portal';
import { PortalSettingsForm } from './components/PortalSettingsForm';

/**
 * Ajustes → Portal (admins, issue 34): the organization's customer portal — on or off, its
 * address, the name and logo its customers see, its languages, which ticket fields they see and
 * set, who may sign up, and whether contacts see their company's tickets. Read live from
 * portals/{slug} ('portals.byOrganization'), saved with setPortalSettings.
 */
export function PortalTab() {
  const { t } = useTranslation('portalSettings');
  const { organizationId, organization } = useMembership();
  const site = useLiveList(organizationId ? portalSiteRequest(organizationId) : null);
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <QueryState state={site} loadingLabel={t('loading')} errorTitle={t('loadError')}>
          {organizationId && site.data && (
            <PortalSettingsForm
              // A site saved elsewhere (another admin) starts the form again from it.
              key={site.data[0]?.slug ?? 'new'}
              organizationId={organizationId}
              organizationName={organization?.name ?? ''}
              site={site.data[0] ?? null}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
