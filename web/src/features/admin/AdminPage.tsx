import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Organization, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState } from '@/components/data/EmptyState';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useMembership, usePagedList } from '@/firebase/dataApi';
import { formatShortDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';

/** /admin (superadmin): every organization, newest first (organizations.list), paged on the server. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const membership = useMembership();
  const organizations = usePagedList(
    membership.isSuperadmin ? { id: 'organizations.list', parentPath: '' } : null,
  );
  if (!membership.isSuperadmin) return <RedirectDenied />;
  const created = (organization: WithId<Organization>) =>
    organization.createdAt?.toMillis
      ? formatShortDate(organization.createdAt.toMillis(), language, datePreferences)
      : '—';
  const columns: ListColumn<WithId<Organization>>[] = [
    { field: 'name', headerName: t('name'), flex: 2, minWidth: 180 },
    {
      field: 'country',
      headerName: t('country'),
      flex: 1,
      valueGetter: (_value, row) => row.country || '—',
    },
    {
      field: 'createdAt',
      headerName: t('created'),
      flex: 1,
      valueGetter: (_value, row) => created(row),
    },
  ];

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('subtitle')}</Typography>
      <DataList
        list={organizations}
        columns={columns}
        label={t('title')}
        empty={<EmptyState title={t('empty')} />}
        renderCard={(organization) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{organization.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[organization.country, created(organization)].filter(Boolean).join(' · ')}
            </Typography>
          </>
        )}
      />
    </Box>
  );
}
