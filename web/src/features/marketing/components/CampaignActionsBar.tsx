import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import Button from '@mui/material/Button';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Campaign, WithId } from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useErrorToast, useToast } from '@/components/toast';
import { deleteRecord } from '@/firebase/dataApi';
import { moveCampaign } from '@/firebase/marketing';
import { sectionHref } from '@/app/sections';
import { campaignsTarget, useCampaignActions } from '../hooks/useCampaigns';
import { campaignMove, type CampaignAction } from '../utils/campaignActions';

// The forms load when first opened, fetched once the page is idle.
const CampaignDialog = lazyWithPrefetch(() =>
  import('./CampaignDialog').then((m) => ({ default: m.CampaignDialog })),
);
const ScheduleDialog = lazyWithPrefetch(() =>
  import('./ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })),
);

const ICONS: Record<CampaignAction, ReactNode> = {
  edit: <EditRoundedIcon />,
  sendNow: <SendRoundedIcon />,
  schedule: <ScheduleRoundedIcon />,
  unschedule: <UndoRoundedIcon />,
  pause: <PauseRoundedIcon />,
  resume: <PlayArrowRoundedIcon />,
  cancel: <BlockRoundedIcon />,
  delete: <DeleteOutlineRoundedIcon />,
};

/** Actions that ask first. */
type Confirmed = 'cancel' | 'delete';

/**
 * A campaign's buttons, as its status and the member's rights allow (utils/campaignActions):
 * Editar, Enviar ahora, Programar, Reanudar, Volver a borrador, Pausar, Cancelar, Eliminar.
 */
export function CampaignActionsBar({
  organizationId,
  campaign,
  runStarted,
}: {
  organizationId: string;
  campaign: WithId<Campaign>;
  /** The sender started it (campaignRuns/{id} exists): resuming goes on sending. */
  runStarted: boolean;
}) {
  usePrefetchWhenIdle(CampaignDialog, ScheduleDialog);
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const { toast } = useToast();
  const showError = useErrorToast();
  const actions = useCampaignActions(campaign);
  const [open, setOpen] = useState<'edit' | 'sendNow' | 'schedule' | Confirmed | null>(null);
  const [busy, setBusy] = useState(false);

  /** Moves the campaign (a refusal throws: the caller says why). */
  const write = async (action: 'unschedule' | 'pause' | 'resume' | 'cancel') => {
    await moveCampaign(organizationId, campaign, campaignMove(action, runStarted));
    toast({ title: t(`campaigns.toasts.${action}`), variant: 'success' });
  };
  const move = async (action: 'unschedule' | 'pause' | 'resume') => {
    setBusy(true);
    try {
      await write(action);
    } catch (error) {
      showError(error, t('campaigns.toasts.moveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const run = (action: CampaignAction) => {
    if (action === 'unschedule' || action === 'pause' || action === 'resume') void move(action);
    else setOpen(action);
  };
  const remove = async () => {
    const done = deleteRecord(campaignsTarget(organizationId), campaign.id);
    navigate(sectionHref('marketing', { page: 'campanas' }), { replace: true });
    await done;
    toast({ title: t('campaigns.toasts.deleted'), variant: 'success' });
  };

  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'sendNow' || action === 'resume' ? 'contained' : 'outlined'}
          color={action === 'delete' || action === 'cancel' ? 'error' : 'primary'}
          startIcon={ICONS[action]}
          disabled={busy}
          onClick={() => run(action)}
        >
          {t(`campaigns.actions.${action}`)}
        </Button>
      ))}
      {open === 'edit' && (
        <Suspense fallback={null}>
          <CampaignDialog organizationId={organizationId} campaign={campaign} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {(open === 'sendNow' || open === 'schedule') && (
        <Suspense fallback={null}>
          <ScheduleDialog
            organizationId={organizationId}
            campaign={campaign}
            mode={open === 'sendNow' ? 'now' : 'schedule'}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={open === 'cancel'}
        title={t('campaigns.cancel.title')}
        body={t('campaigns.cancel.body')}
        confirmLabel={t('campaigns.cancel.confirm')}
        errorTitle={t('campaigns.toasts.moveFailed')}
        onConfirm={() => write('cancel')}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'delete'}
        title={t('campaigns.delete.title')}
        body={t('campaigns.delete.body')}
        errorTitle={t('campaigns.toasts.deleteFailed')}
        onConfirm={remove}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
