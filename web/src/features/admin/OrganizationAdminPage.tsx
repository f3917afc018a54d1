import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths, type Member, type Organization, type WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { DetailFields } from '@/components/data/DetailFields';
import { EmptyState } from '@/components/data/EmptyState';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useDatePreferences, useDocument, useMembership, usePagedList } from '@/firebase/dataApi';
import { formatShortDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { SubscriptionBadge } from './components/SubscriptionBadge';
import { useOrganizationStats } from './hooks/useOrganizationStats';

/**
 * /admin/:organizationId (superadmin): one organization's settings, read-only — its details,
 * subscription and members. No record of its CRM is shown, and nothing here acts as its members
 * (impersonation is not offered).
 */
export default function OrganizationAdminPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const membership = useMembership();
  const { organizationId = '' } = useParams();
  const allowed = membership.isSuperadmin;
  const organization = useDocument<Organization>(allowed ? paths.organization(organizationId) : null);
  const members = usePagedList(
    allowed ? { id: 'members.list', parentPath: paths.organization(organizationId) } : null,
  );
  const stats = useOrganizationStats(allowed ? [organizationId] : []);
  if (!allowed) return <RedirectDenied />;

  const date = (millis: number | null | undefined) =>
    millis ? formatShortDate(millis, language, datePreferences) : null;
  const figures = stats.byId[organizationId];
  const subscription = figures?.subscription ?? null;
  const memberColumns: ListColumn<WithId<Member>>[] = [
    { field: 'fullName', headerName: t('memberName'), flex: 1, minWidth: 160 },
    { field: 'email', headerName: t('memberEmail'), flex: 1, minWidth: 180 },
    {
      field: 'role',
      headerName: t('memberRole'),
      width: 140,
      valueGetter: (_v, row) => tc(`enums.role.${row.role}`),
    },
    {
      field: 'joinedAt',
      headerName: t('memberJoined'),
      width: 130,
      valueGetter: (_v, row) => date(row.joinedAt?.toMillis?.()) ?? '—',
    },
  ];

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <QueryState
        state={organization}
        isEmpty={organization.status === 'success' && !organization.data}
        empty={<EmptyState title={t('notFound')} />}
      >
        {organization.data && (
          <>
            <PageHeader
              before={<BackLink to={sectionHref('admin')} label={t('back')} />}
              title={organization.data.name}
              subtitle={t('readOnly')}
            />
            <Card variant="outlined" sx={{ mb: 3 }}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
                  {t('details')}
                </Typography>
                <DetailFields
                  fields={[
                    { label: t('name'), value: organization.data.name },
                    { label: t('country'), value: organization.data.country },
                    { label: t('rtn'), value: organization.data.rtn },
                    { label: t('created'), value: date(organization.data.createdAt?.toMillis?.()) },
                    {
                      label: t('subscription'),
                      value: figures ? (
                        <SubscriptionBadge subscription={subscription} />
                      ) : stats.status === 'error' ? (
                        t('statsError')
                      ) : (
                        '…'
                      ),
                    },
                    {
                      label: t('trialEnd'),
                      value: subscription?.trialEnd ? date(Date.parse(subscription.trialEnd)) : null,
                    },
                    {
                      label: t('periodEnd'),
                      value: subscription?.currentPeriodEnd
                        ? date(Date.parse(subscription.currentPeriodEnd))
                        : null,
                    },
                    {
                      label: t('lastActivity'),
                      value: figures
                        ? figures.lastActivityAt
                          ? date(Date.parse(figures.lastActivityAt))
                          : t('never')
                        : '…',
                    },
                  ]}
                />
              </CardContent>
            </Card>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
              {t('membersTitle', { count: figures?.memberCount ?? members.rows.length })}
            </Typography>
            <DataList
              list={members}
              columns={memberColumns}
              label={t('membersLabel')}
              empty={<EmptyState title={t('noMembers')} />}
              renderCard={(member) => (
                <>
                  <Typography sx={{ fontWeight: 600 }}>{member.fullName}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {[member.email, tc(`enums.role.${member.role}`)].join(' · ')}
                  </Typography>
                </>
              )}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}
