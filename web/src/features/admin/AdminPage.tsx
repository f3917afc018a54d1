import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { organizationNameKey, type Organization, type WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState } from '@/components/data/EmptyState';
import { ListToolbar } from '@/components/data/ListToolbar';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useDebounced } from '@/components/useDebounced';
import { useDatePreferences, useMembership, usePagedList } from '@/firebase/dataApi';
import { formatCount, formatShortDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { SubscriptionBadge } from './components/SubscriptionBadge';
import { useOrganizationStats } from './hooks/useOrganizationStats';

/**
 * /admin (superadmin): every organization, newest first, or those whose name starts with what is
 * typed — paged on the server — with its subscription, members and last activity (issue 30).
 */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const membership = useMembership();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const settled = organizationNameKey(useDebounced(search.trim(), 300));
  const organizations = usePagedList(
    !membership.isSuperadmin
      ? null
      : settled
        ? { id: 'organizations.search', parentPath: '', values: { nameKey: settled } }
        : { id: 'organizations.list', parentPath: '' },
  );
  const stats = useOrganizationStats(organizations.rows.map((row) => row.id));
  if (!membership.isSuperadmin) return <RedirectDenied />;

  const date = (millis: number | null | undefined) =>
    millis ? formatShortDate(millis, language, datePreferences) : '—';
  const pending = stats.status === 'loading' ? '…' : '—';
  const figures = (organization: WithId<Organization>) => stats.byId[organization.id];
  const members = (organization: WithId<Organization>) => {
    const count = figures(organization)?.memberCount;
    return count === undefined ? pending : formatCount({ value: count, more: false }, language);
  };
  const lastActivity = (organization: WithId<Organization>) => {
    const at = figures(organization)?.lastActivityAt;
    return at ? date(Date.parse(at)) : stats.status === 'loading' ? '…' : t('never');
  };
  const subscription = (organization: WithId<Organization>) =>
    figures(organization) ? (
      <SubscriptionBadge subscription={figures(organization)!.subscription} />
    ) : (
      pending
    );
  const nameLink = (organization: WithId<Organization>) => (
    <Link component={RouterLink} to={organization.id} onClick={(event) => event.stopPropagation()}>
      {organization.name}
    </Link>
  );

  const columns: ListColumn<WithId<Organization>>[] = [
    { field: 'name', headerName: t('name'), flex: 2, minWidth: 180, renderCell: ({ row }) => nameLink(row) },
    {
      field: 'subscription',
      headerName: t('subscription'),
      flex: 1,
      minWidth: 130,
      renderCell: ({ row }) => subscription(row),
    },
    { field: 'members', headerName: t('members'), width: 100, valueGetter: (_v, row) => members(row) },
    {
      field: 'activity',
      headerName: t('lastActivity'),
      flex: 1,
      valueGetter: (_v, row) => lastActivity(row),
    },
    {
      field: 'createdAt',
      headerName: t('created'),
      flex: 1,
      valueGetter: (_v, row) => date(row.createdAt?.toMillis?.()),
    },
  ];

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('subtitle')}</Typography>
      <ListToolbar search={search} onSearch={setSearch} searchLabel={t('search')} />
      {stats.status === 'error' && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mb: 1 }}>
          {t('statsError')}
        </Typography>
      )}
      <DataList
        list={organizations}
        columns={columns}
        label={t('title')}
        onRowClick={(organization) => navigate(organization.id)}
        empty={<EmptyState title={settled ? t('noMatch') : t('empty')} />}
        renderCard={(organization) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{nameLink(organization)}</Typography>
            <Box sx={{ my: 0.5 }}>{subscription(organization)}</Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('cardLine', { members: members(organization), activity: lastActivity(organization) })}
            </Typography>
          </>
        )}
      />
    </Box>
  );
}
