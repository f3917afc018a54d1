import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Contact, MarketingList, WithId } from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { QueryState } from '@/components/data/QueryState';
import { StatusChip } from '@/components/data/StatusChip';
import { PageHeader } from '@/components/page/PageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { useErrorToast, useToast } from '@/components/toast';
import {
  deleteRecord,
  orgRecordPath,
  useDocument,
  useMembership,
  useOrgId,
  type PagedList,
} from '@/firebase/dataApi';
import { listChangeMode, setListMembership } from '@/firebase/listMembers';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { KindChip, useCriteriaText } from './components/labels';
import { MarketingTabs } from './components/MarketingTabs';
import { listPath, listsTarget, useAudience } from './hooks/useLists';

// Dialogs (formik, yup, pickers) load when first opened, fetched once the page is idle.
const ListDialog = lazyWithPrefetch(() =>
  import('./components/ListDialog').then((m) => ({ default: m.ListDialog })),
);
const AddContactsDialog = lazyWithPrefetch(() =>
  import('./components/AddContactsDialog').then((m) => ({ default: m.AddContactsDialog })),
);
const EnrollListDialog = lazyWithPrefetch(() =>
  import('./components/EnrollListDialog').then((m) => ({ default: m.EnrollListDialog })),
);

const LISTS_HREF = sectionHref('marketing', { page: 'listas' });

/**
 * /marketing/listas/{id}: a list — its kind, criteria and how many contacts it holds (a server
 * count), its contacts newest first a page at a time; a static list's 'Añadir contactos' and
 * 'Quitar de la lista'; 'Usar en campaña', 'Inscribir en secuencia', Editar and Eliminar as the
 * member may.
 */
export default function ListPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('marketing');
  const organizationId = useOrgId();
  const list = useDocument(listPath(organizationId, id));
  if (list.status === 'success' && list.data === null)
    return (
      <Box sx={{ maxWidth: 1280 }}>
        <MarketingTabs />
        <MissingRecord texts={t('lists.detail', { returnObjects: true })} listPath={LISTS_HREF} />
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <QueryState state={list} loadingLabel={t('lists.detail.loading')}>
        {list.data && <ListDetail organizationId={organizationId} list={list.data} />}
      </QueryState>
    </Box>
  );
}

function ListDetail({ organizationId, list }: { organizationId: string; list: WithId<MarketingList> }) {
  usePrefetchWhenIdle(ListDialog);
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { can } = useMembership();
  const { toast } = useToast();
  const audience = useAudience(organizationId, list);
  const company = useDocument(
    list.kind === 'segment' && list.companyId && can('companies', 'view')
      ? orgRecordPath(organizationId, 'companies', list.companyId)
      : null,
  );
  const companyName = company.data?.name ?? null;
  const criteria = useCriteriaText(
    new Map(list.companyId && companyName ? [[list.companyId, companyName]] : []),
  );
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'enroll' | null>(null);
  const canCreate = can('marketing', 'create');
  const canViewContacts = can('contacts', 'view');
  const items = criteria.items(list);

  const remove = async () => {
    const done = deleteRecord(listsTarget(organizationId), list.id);
    navigate(LISTS_HREF, { replace: true });
    await done;
    toast({ title: t('lists.toasts.deleted'), variant: 'success' });
  };

  return (
    <>
      <PageHeader
        before={<BackLink to={LISTS_HREF} label={t('lists.detail.back')} />}
        title={list.name}
        subtitle={
          <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
            <KindChip kind={list.kind} />
            {list.description && <Box sx={{ overflowWrap: 'anywhere' }}>{list.description}</Box>}
          </Stack>
        }
        actions={
          <>
            {canCreate && (
              <Button
                variant="contained"
                startIcon={<SendRoundedIcon />}
                component={RouterLink}
                to={sectionHref('marketing', { page: 'campanas', query: { nueva: '1', lista: list.id } })}
              >
                {t('lists.useInCampaign')}
              </Button>
            )}
            {canCreate && canViewContacts && (
              <Button
                variant="outlined"
                startIcon={<CampaignRoundedIcon />}
                onClick={() => setDialog('enroll')}
              >
                {t('lists.enroll.button')}
              </Button>
            )}
            {can('marketing', 'edit') && (
              <Button variant="outlined" startIcon={<EditRoundedIcon />} onClick={() => setDialog('edit')}>
                {tc('common.actions.edit')}
              </Button>
            )}
            {can('marketing', 'delete') && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineRoundedIcon />}
                onClick={() => setDialog('delete')}
              >
                {tc('common.actions.delete')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="outlined" sx={{ mb: 2.5 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
                {t('lists.detail.criteria')}
              </Typography>
              {list.kind === 'static' ? (
                <Typography sx={{ color: 'text.secondary' }}>{t('lists.detail.staticNote')}</Typography>
              ) : items.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>{t('lists.criteria.all')}</Typography>
              ) : (
                <Stack
                  direction="row"
                  component="ul"
                  aria-label={t('lists.detail.criteria')}
                  sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
                >
                  {items.map((item) => (
                    <li key={item}>
                      <Chip label={item} size="small" sx={{ maxWidth: '100%' }} />
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
            {canViewContacts && (
              <Box sx={{ flexShrink: 0 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('lists.detail.count')}
                </Typography>
                <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="list-count">
                  {audience.total ? formatCount(audience.total, language) : '…'}
                </Typography>
              </Box>
            )}
          </Stack>
        </CardContent>
      </Card>
      {canViewContacts ? (
        <ListContacts organizationId={organizationId} list={list} audience={audience} />
      ) : (
        <Alert severity="info">{t('lists.detail.noContactsRight')}</Alert>
      )}
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <ListDialog
            organizationId={organizationId}
            list={list}
            companyName={companyName}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog === 'enroll' && (
        <Suspense fallback={null}>
          <EnrollListDialog
            organizationId={organizationId}
            list={list}
            total={audience.total}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('lists.delete.title')}
        body={t('lists.delete.body')}
        confirmLabel={tc('common.actions.delete')}
        errorTitle={t('lists.toasts.deleteFailed')}
        onConfirm={remove}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

/** The list's contacts (newest first): name (to the contact), email, company, city, stage. */
function ListContacts({
  organizationId,
  list,
  audience,
}: {
  organizationId: string;
  list: WithId<MarketingList>;
  audience: PagedList<Contact>;
}) {
  const { t } = useTranslation('marketing');
  const { can } = useMembership();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // Who may change a contact's lists, and how (firebase/listMembers.ts).
  const mode = list.kind === 'static' ? listChangeMode(can) : null;
  const canChange = mode !== null;
  usePrefetchWhenIdle(...(canChange ? [AddContactsDialog] : []));

  const takeOff = async (contact: WithId<Contact>) => {
    setBusy(contact.id);
    try {
      await setListMembership(organizationId, contact, list, false, mode!);
      toast({ title: t('lists.members.removed', { name: contact.name }), variant: 'success' });
    } catch (error) {
      showError(error, t('lists.members.removeFailed'));
    } finally {
      setBusy(null);
    }
  };
  const removeButton = (row: WithId<Contact>) => (
    <Button
      size="small"
      color="inherit"
      disabled={busy === row.id}
      onClick={(event) => {
        event.stopPropagation();
        void takeOff(row);
      }}
      aria-label={t('lists.members.removeLabel', { name: row.name })}
    >
      {t('lists.members.remove')}
    </Button>
  );
  const contactLink = (row: WithId<Contact>) => (
    <Link
      component={RouterLink}
      to={sectionHref('contacts', { id: row.id })}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {row.name}
    </Link>
  );

  const columns: ListColumn<WithId<Contact>>[] = [
    {
      field: 'name',
      headerName: t('lists.members.name'),
      flex: 1.2,
      minWidth: 160,
      renderCell: ({ row }) => contactLink(row),
    },
    {
      field: 'email',
      headerName: t('lists.members.email'),
      flex: 1.4,
      minWidth: 180,
      valueGetter: (v: string | null) => v || '-',
    },
    {
      field: 'companyName',
      headerName: t('lists.members.company'),
      flex: 1,
      minWidth: 130,
      valueGetter: (v: string | null) => v || '-',
    },
    {
      field: 'city',
      headerName: t('lists.members.city'),
      flex: 0.8,
      minWidth: 110,
      valueGetter: (v: string | null) => v || '-',
    },
    {
      field: 'lifecycleStage',
      headerName: t('lists.members.stage'),
      width: 130,
      renderCell: ({ row }) => <StatusChip enumName="lifecycleStage" value={row.lifecycleStage} />,
    },
    ...(canChange
      ? [
          {
            field: 'actions',
            headerName: t('lists.columns.actions'),
            width: 150,
            align: 'right' as const,
            headerAlign: 'right' as const,
            renderCell: ({ row }: { row: WithId<Contact> }) => removeButton(row),
          },
        ]
      : []),
  ];

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {t('lists.members.title')}
          </Typography>
          {canChange && (
            <Button startIcon={<PersonAddAlt1RoundedIcon />} onClick={() => setAdding(true)}>
              {t('lists.members.add')}
            </Button>
          )}
        </Stack>
        <DataList
          list={audience}
          columns={columns}
          label={t('lists.members.title')}
          loadingLabel={t('lists.members.loading')}
          renderCard={(row) => (
            <Stack spacing={0.5}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                {contactLink(row)}
                <StatusChip enumName="lifecycleStage" value={row.lifecycleStage} />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {[row.email, row.companyName, row.city].filter(Boolean).join(' · ') || '-'}
              </Typography>
              {canChange && <Box>{removeButton(row)}</Box>}
            </Stack>
          )}
          empty={
            <Typography
              sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}
              data-testid="empty-state"
            >
              {t(list.kind === 'static' ? 'lists.members.emptyStatic' : 'lists.members.emptySegment')}
            </Typography>
          }
        />
      </CardContent>
      {adding && (
        <Suspense fallback={null}>
          <AddContactsDialog
            organizationId={organizationId}
            listId={list.id}
            mode={mode!}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
