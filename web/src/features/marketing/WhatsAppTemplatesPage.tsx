import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { WaTemplate, WithId } from '@trato/model';
import { sectionHref } from '@/app/sections';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/data/EmptyState';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useToast } from '@/components/toast';
import {
  callFunction,
  orgRecordPath,
  orgRequest,
  useDatePreferences,
  useDocument,
  useLiveList,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import { formatShortDate, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { MarketingTabs } from './components/MarketingTabs';
import { WaTemplateStatusChip } from './components/WaTemplateStatusChip';
import { templateRefusal } from './utils/waTemplateErrors';

// The template form (its fields, the variables' mapping, the preview) loads when first opened.
const WaTemplateDialog = lazyWithPrefetch(() =>
  import('./components/WaTemplateDialog').then((m) => ({ default: m.WaTemplateDialog })),
);

type Row = WithId<WaTemplate>;

/**
 * /marketing/whatsapp — the organization's WhatsApp message templates, by name, live: each with its
 * language, category, review state in words (a rejection with its reason) and creation date;
 * 'Actualizar estados' asks the platform now (syncWaTemplates), 'Nueva plantilla' submits one for
 * review (createWaTemplate), 'Eliminar' deletes it there and here (deleteWaTemplate).
 */
export default function WhatsAppTemplatesPage() {
  usePrefetchWhenIdle(WaTemplateDialog);
  const { t } = useTranslation('waTemplates');
  const { t: tm } = useTranslation('marketing');
  const organizationId = useOrgId();
  const canCreate = useCan('marketing', 'create');
  const canDelete = useCan('marketing', 'delete');
  const templates = useLiveList(orgRequest(organizationId, 'waTemplates.list'));
  const channel = useDocument(orgRecordPath(organizationId, 'channels', 'whatsapp'));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const rows = templates.data ?? [];
  const remove = useRemove();

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <SyncButton organizationId={organizationId} />
            {canCreate && (
              <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
                {t('new')}
              </Button>
            )}
          </>
        }
      />
      <ChannelNotice state={channel} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('review')}
      </Alert>
      <QueryState
        state={templates}
        loadingLabel={tm('waTemplates.loading')}
        errorTitle={t('loadFailed')}
        isEmpty={templates.status === 'success' && rows.length === 0}
        empty={
          <EmptyState
            icon={WhatsAppIcon}
            title={t('empty.title')}
            body={t('empty.body')}
            action={canCreate ? { label: t('new'), onClick: () => setCreating(true) } : undefined}
          />
        }
      >
        <Stack component="ul" aria-label={t('title')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <TemplateItem key={row.id} row={row} onDelete={canDelete ? () => setDeleting(row) : undefined} />
          ))}
        </Stack>
      </QueryState>
      {creating && (
        <Suspense fallback={null}>
          <WaTemplateDialog organizationId={organizationId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        body={deleting ? t('delete.body', { name: deleting.name }) : ''}
        confirmLabel={tm('delete')}
        onConfirm={() => (deleting ? remove(organizationId, deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** deleteWaTemplate, with its toasts (a refusal in words; the confirmation then closes). */
function useRemove() {
  const { t } = useTranslation('waTemplates');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  return async (organizationId: string, row: Row) => {
    try {
      await callFunction('deleteWaTemplate', { organizationId, templateId: row.id });
      toast({ title: t('toasts.deleted'), variant: 'success' });
    } catch (error) {
      const refusal = templateRefusal(error);
      if (refusal.key === 'errors.server.unknown') console.error('deleteWaTemplate', error);
      toast({
        title: t('toasts.deleteFailed'),
        description: refusal.key.startsWith('reasons.')
          ? t(refusal.key as 'reasons.not-connected')
          : tc(refusal.key as 'errors.server.unknown'),
        variant: 'destructive',
      });
    }
  };
}

/** 'Actualizar estados': the platform's statuses now (the webhook brings them too). */
function SyncButton({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('waTemplates');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      const { updated } = await callFunction('syncWaTemplates', { organizationId });
      toast({
        title: t('toasts.synced'),
        description: t('toasts.syncedBody', { count: updated }),
        variant: 'success',
      });
    } catch (error) {
      const refusal = templateRefusal(error);
      if (refusal.key === 'errors.server.unknown') console.error('syncWaTemplates', error);
      toast({
        title: t('toasts.syncFailed'),
        description: refusal.key.startsWith('reasons.')
          ? t(refusal.key as 'reasons.not-connected')
          : tc(refusal.key as 'errors.server.unknown'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void sync()}
      disabled={busy}
      aria-busy={busy}
      startIcon={
        busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SyncRoundedIcon />
      }
    >
      {t('sync')}
    </Button>
  );
}

/** No number connected, or one Meta no longer accepts: templates cannot be created nor sent. */
function ChannelNotice({ state }: { state: { status: string; data: { status: string } | null } }) {
  const { t } = useTranslation('waTemplates');
  const { isAdmin } = useMembership();
  if (state.status !== 'success') return null;
  const channel = state.data;
  if (channel && channel.status !== 'broken') return null;
  const link = isAdmin ? (
    <>
      {' '}
      <Link component={RouterLink} to={sectionHref('settings', { query: { tab: 'canales' } })}>
        {t('channel.link')}
      </Link>
    </>
  ) : (
    ` ${t('channel.askAdmin')}`
  );
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="wa-channel-notice">
      {t(channel ? 'channel.broken' : 'channel.none')}
      {link}
    </Alert>
  );
}

function TemplateItem({ row, onDelete }: { row: Row; onDelete?: () => void }) {
  const { t } = useTranslation('waTemplates');
  const { t: tm } = useTranslation('marketing');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const created = millisOf(row.createdAt);
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-labelledby={`wa-template-${row.id}`}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography
              id={`wa-template-${row.id}`}
              component="h2"
              sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
            >
              {row.name}
            </Typography>
            <WaTemplateStatusChip status={row.status} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {[
              tm(`waTemplates.languages.${row.language}`),
              t(`categories.${row.category}`),
              created === null
                ? null
                : t('createdOn', { date: formatShortDate(created, language, preferences) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {row.status === 'rejected' && (
            <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, overflowWrap: 'anywhere' }}>
              {row.rejectedReason
                ? t('rejectedReason', { reason: rejectionText(t, row.rejectedReason) })
                : t('rejectedNoReason')}
            </Typography>
          )}
          {(row.status === 'paused' || row.status === 'disabled') && (
            <Typography variant="body2" sx={{ color: 'warning.dark', mt: 0.5 }}>
              {t(`statusHelp.${row.status}`)}
            </Typography>
          )}
          <Typography
            variant="body2"
            sx={{
              mt: 0.75,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {row.body}
          </Typography>
        </Box>
        {onDelete && (
          <IconButton aria-label={t('delete.label', { name: row.name })} onClick={onDelete}>
            <DeleteOutlineRoundedIcon />
          </IconButton>
        )}
      </Stack>
    </Card>
  );
}

/** Graph's rejection codes in words ('INVALID_FORMAT' → 'Formato no válido'); others as the platform wrote them. */
function rejectionText(t: ReturnType<typeof useTranslation<'waTemplates'>>['t'], reason: string): string {
  return t(`rejections.${reason}` as 'rejections.INVALID_FORMAT', {
    defaultValue: reason,
  });
}
