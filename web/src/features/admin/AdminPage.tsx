import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RedirectDenied } from '@/components/RedirectDenied';
import type { Organization } from '@trato/model';
import { useMembership, useOrganizations } from '@/firebase/dataApi';
import { localeFor, useLanguage } from '@/i18n';

/** /admin (superadmin): every organization, newest first (organizations.list). */
export default function AdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const membership = useMembership();
  const organizations = useOrganizations<Organization>(membership.isSuperadmin);
  const title = t('admin.title');
  if (!membership.isSuperadmin) return <RedirectDenied />;
  const dateFormat = new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium' });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('admin.subtitle')}</Typography>
      {organizations.status === 'loading' && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden="true" />
          <Typography sx={{ color: 'text.secondary' }}>{t('common.loading')}</Typography>
        </Stack>
      )}
      {organizations.status === 'error' && (
        <Alert severity="error">
          {t('admin.loadError')} ({organizations.error.message})
        </Alert>
      )}
      {organizations.status === 'success' && organizations.data.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('admin.empty')}</Typography>
      )}
      {organizations.status === 'success' && organizations.data.length > 0 && (
        <Card sx={{ overflowX: 'auto' }}>
          <Table aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.name')}</TableCell>
                <TableCell>{t('admin.country')}</TableCell>
                <TableCell>{t('admin.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organizations.data.map((organization) => (
                <TableRow key={organization.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{organization.name}</TableCell>
                  <TableCell>{organization.country || '—'}</TableCell>
                  <TableCell>
                    {organization.createdAt?.toDate
                      ? dateFormat.format(organization.createdAt.toDate())
                      : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}
