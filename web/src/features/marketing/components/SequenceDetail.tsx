import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import {
  type Sequence,
  type SequenceRights,
  type SequenceStep,
  type WaTemplate,
  type WithId,
} from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/data/QueryState';
import { useErrorToast, useToast } from '@/components/toast';
import { RoundBadge } from '@/components/RoundBadge';
import { orgRequest, updateRecord, useLiveList, writeRecords, type Count } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { EnrollmentsCard } from './Enrollments';
import { MailboxWarning } from './MailboxWarning';
import { STEP_ICONS } from './stepTypes';
import { WaTemplateStatusChip } from './WaTemplateStatusChip';
import { sequencesTarget, stepDeletion } from '../utils/sequenceWrites';
import {
  activeEnrollmentCount,
  deleteSequence,
  duplicateSequence,
  MAX_STEPS,
  progressVersion,
  useEnrollments,
  useSequenceNumbers,
  useSequenceOwner,
  useSequenceRights,
  useSteps,
} from '../hooks/useSequences';

// The step form (formik, yup, the contact picker of the preview) loads when first opened.
const StepDialog = lazyWithPrefetch(() => import('./StepDialog').then((m) => ({ default: m.StepDialog })));
// The sequence's form (name, description, topic): the page's 'Nueva Secuencia' one.
const SequenceDialog = lazyWithPrefetch(() =>
  import('./NewSequenceDialog').then((m) => ({ default: m.NewSequenceDialog })),
);

/**
 * The selected sequence: whose Gmail sends it, its topic, play/pause, edit, duplicate, delete, its
 * numbers, its steps and its enrolments. It speaks with its owner's voice: others see its steps read-only.
 */
export function SequenceDetail({
  organizationId,
  sequence,
  onDeleted,
  onDuplicated,
}: {
  organizationId: string;
  sequence: WithId<Sequence>;
  onDeleted: () => void;
  /** The copy was created (its id): it opens. */
  onDuplicated: (id: string) => void;
}) {
  usePrefetchWhenIdle(StepDialog);
  const { t } = useTranslation('marketing');
  const steps = useSteps(organizationId, sequence.id);
  const enrollments = useEnrollments(organizationId, sequence.id);
  const rights = useSequenceRights(sequence);
  const owner = useSequenceOwner(organizationId, sequence);
  // The owner's name; a sequence whose owner left reads 'un antiguo miembro'; '…' while loading.
  const ownerName = owner.status === 'loading' ? '…' : (owner.data?.fullName ?? t('owner.formerMember'));
  return (
    <Stack spacing={2.5}>
      <SequenceHeader
        organizationId={organizationId}
        sequence={sequence}
        rights={rights}
        ownerName={ownerName}
        steps={steps}
        onDeleted={onDeleted}
        onDuplicated={onDuplicated}
      />
      {rights.owner ? (
        <MailboxWarning organizationId={organizationId} message={t('noMailbox')} />
      ) : (
        <Alert severity="info" data-testid="read-only-note">
          {t('owner.readOnly', { name: ownerName })}
          {rights.duplicate && ` ${t('owner.duplicateHint')}`}
        </Alert>
      )}
      {!sequence.isActive && <Alert severity="info">{t('inactiveNote')}</Alert>}
      <Numbers organizationId={organizationId} sequenceId={sequence.id} enrollments={enrollments} />
      <StepsCard organizationId={organizationId} sequenceId={sequence.id} steps={steps} rights={rights} />
      <EnrollmentsCard
        organizationId={organizationId}
        sequenceId={sequence.id}
        steps={steps.data ?? []}
        list={enrollments}
      />
    </Stack>
  );
}

function SequenceHeader({
  organizationId,
  sequence,
  rights,
  ownerName,
  steps,
  onDeleted,
  onDuplicated,
}: {
  organizationId: string;
  sequence: WithId<Sequence>;
  rights: SequenceRights;
  ownerName: string;
  steps: ReturnType<typeof useSteps>;
  onDeleted: () => void;
  onDuplicated: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      await updateRecord(
        sequencesTarget(organizationId),
        sequence.id,
        { isActive: !sequence.isActive },
        sequence,
      );
      toast({ title: t(sequence.isActive ? 'paused' : 'activated'), variant: 'success' });
    } catch (error) {
      showError(error, t('toggleFailed'));
    } finally {
      setBusy(false);
    }
  };
  const duplicate = async () => {
    setBusy(true);
    try {
      const id = await duplicateSequence(
        organizationId,
        sequence,
        steps.data ?? [],
        t('copyName', { name: sequence.name }),
      );
      toast({ title: t('duplicated'), variant: 'success' });
      onDuplicated(id);
    } catch (error) {
      showError(error, t('duplicateFailed'));
      setBusy(false);
    }
  };
  const remove = async () => {
    // Refused while enrolments may still send: the user stops them first (said in the toast).
    if ((await activeEnrollmentCount(organizationId, sequence.id)) > 0) {
      toast({ title: t('deleteFailed'), description: t('deleteBlocked'), variant: 'destructive' });
      return;
    }
    await deleteSequence(organizationId, sequence.id);
    toast({ title: t('deleted'), variant: 'success' });
    onDeleted();
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }}>
                {sequence.name}
              </Typography>
              <Chip
                size="small"
                color={sequence.isActive ? 'success' : 'default'}
                label={t(sequence.isActive ? 'state.active' : 'state.inactive')}
              />
            </Stack>
            {sequence.description && (
              <Typography sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                {sequence.description}
              </Typography>
            )}
            <Stack
              direction="row"
              spacing={0.75}
              data-testid="sequence-sender"
              sx={{ alignItems: 'center', color: 'text.secondary', mt: 1 }}
            >
              <MailOutlineRoundedIcon fontSize="small" aria-hidden="true" />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {rights.owner ? t('owner.self') : t('owner.other', { name: ownerName })}
              </Typography>
            </Stack>
            {sequence.topicId && (
              <Typography
                variant="body2"
                data-testid="sequence-topic"
                sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {t('topics.shown', { name: sequence.topicName ?? '' })}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 1 }}>
            {rights.toggle && (
              <Button
                variant={sequence.isActive ? 'outlined' : 'contained'}
                startIcon={sequence.isActive ? <PauseRoundedIcon /> : <PlayArrowRoundedIcon />}
                onClick={toggle}
                disabled={busy}
              >
                {t(sequence.isActive ? 'pause' : 'activate')}
              </Button>
            )}
            {rights.rename && (
              <Button variant="outlined" startIcon={<EditRoundedIcon />} onClick={() => setEditing(true)}>
                {tc('common.actions.edit')}
              </Button>
            )}
            {rights.duplicate && (
              <Button
                variant="outlined"
                startIcon={<ContentCopyRoundedIcon />}
                onClick={duplicate}
                disabled={busy || steps.status !== 'success'}
              >
                {t('duplicate')}
              </Button>
            )}
            {rights.delete && (
              <IconButton
                aria-label={t('deleteLabel', { name: sequence.name })}
                onClick={() => setConfirming(true)}
                color="error"
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            )}
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('deleteTitle')}
        body={t('deleteBody', { name: sequence.name })}
        confirmLabel={t('delete')}
        errorTitle={t('deleteFailed')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
      {editing && (
        <Suspense fallback={null}>
          <SequenceDialog
            organizationId={organizationId}
            sequence={sequence}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

function Numbers({
  organizationId,
  sequenceId,
  enrollments,
}: {
  organizationId: string;
  sequenceId: string;
  enrollments: ReturnType<typeof useEnrollments>;
}) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const numbers = useSequenceNumbers(
    organizationId,
    sequenceId,
    enrollments.total,
    progressVersion(enrollments.rows),
  );
  const shown = (count: Count | null) => (count ? formatCount(count, language) : '…');
  const items = [
    ['enrolled', numbers.enrolled],
    ['sent', numbers.sent],
    ['failed', numbers.failed],
    ['unsubscribed', numbers.unsubscribed],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('numbers.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map(([key, count]) => (
        <Card key={key} variant="outlined" sx={{ px: 2, py: 1.5 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`numbers.${key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}
            data-testid={`number-${key}`}
          >
            {shown(count)}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** The steps; only the owner (with the rights) adds and deletes them: read-only for the others. */
function StepsCard({
  organizationId,
  sequenceId,
  steps,
  rights,
}: {
  organizationId: string;
  sequenceId: string;
  steps: ReturnType<typeof useSteps>;
  rights: SequenceRights;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WithId<SequenceStep> | null>(null);
  const rows = steps.data ?? [];
  const full = rows.length >= MAX_STEPS;
  // The templates of the WhatsApp steps (their names and states), read only when there is one.
  const templates = useLiveList(
    rows.some((step) => step.type === 'whatsapp') ? orgRequest(organizationId, 'waTemplates.list') : null,
  );
  const templateOf = (step: WithId<SequenceStep>): StepTemplate => {
    if (step.type !== 'whatsapp') return undefined;
    if (templates.status !== 'success') return 'loading';
    return templates.data.find((template) => template.id === step.templateId) ?? null;
  };
  const stepTitle = (step: WithId<SequenceStep>, template: StepTemplate) =>
    step.type === 'whatsapp'
      ? template && template !== 'loading'
        ? template.name
        : enumLabel(tc, 'sequenceStepType', 'whatsapp')
      : step.subject || enumLabel(tc, 'sequenceStepType', step.type);

  const remove = async (step: WithId<SequenceStep>) => {
    await writeRecords(stepDeletion(organizationId, sequenceId, rows, step.id));
    toast({ title: t('steps.deleted'), variant: 'success' });
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {t('steps.title')}
          </Typography>
          {rights.addStep && (
            <Button startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)} disabled={full}>
              {t('steps.add')}
            </Button>
          )}
        </Stack>
        {full && rights.addStep && <Alert severity="info">{t('steps.full', { max: MAX_STEPS })}</Alert>}
        <QueryState state={steps}>
          {rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('steps.empty')}</Typography>
          ) : (
            <Stack
              component="ol"
              aria-label={t('steps.title')}
              spacing={1.5}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {rows.map((step, index) => (
                <Box
                  component="li"
                  key={step.id}
                  sx={{
                    display: 'flex',
                    gap: 1.5,
                    p: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                  }}
                >
                  <RoundBadge size={32}>{step.stepOrder}</RoundBadge>
                  <StepSummary step={step} index={index} template={templateOf(step)} />
                  {rights.deleteStep && (
                    <IconButton
                      aria-label={t('steps.deleteLabel', { n: step.stepOrder })}
                      onClick={() => setDeleting(step)}
                      sx={{ alignSelf: 'flex-start' }}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </QueryState>
      </CardContent>
      {adding && (
        <Suspense fallback={null}>
          <StepDialog
            organizationId={organizationId}
            sequenceId={sequenceId}
            steps={rows}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('steps.deleteTitle')}
        body={
          deleting
            ? t('steps.deleteBody', {
                n: deleting.stepOrder,
                subject: stepTitle(deleting, templateOf(deleting)),
              })
            : ''
        }
        confirmLabel={t('delete')}
        errorTitle={t('steps.deleteFailed')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** A WhatsApp step's template: undefined for other types, 'loading', or null when it was deleted. */
type StepTemplate = WithId<WaTemplate> | null | 'loading' | undefined;

/**
 * A step in the list: its type with its icon, when it runs, and what it does — an e-mail's subject
 * and body, a WhatsApp step's template (with its state when not approved), a task's title and
 * description, a wait's days.
 */
function StepSummary({
  step,
  index,
  template,
}: {
  step: WithId<SequenceStep>;
  index: number;
  template: StepTemplate;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const Icon = STEP_ICONS[step.type] ?? STEP_ICONS.email;
  const secondary = (text: string) => (
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        overflowWrap: 'anywhere',
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {text}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', color: 'text.secondary', flexWrap: 'wrap' }}
      >
        <Icon fontSize="small" aria-hidden="true" />
        <Typography variant="body2" data-testid="step-type" sx={{ fontWeight: 600 }}>
          {enumLabel(tc, 'sequenceStepType', step.type)}
        </Typography>
        <Typography variant="body2">
          · {t('steps.order', { n: step.stepOrder })} · {delayText(t, step.delayDays, index)}
        </Typography>
      </Stack>
      {step.type === 'email' && (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{step.subject}</Typography>
          {secondary(step.body)}
        </>
      )}
      {step.type === 'task' && (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('steps.taskSummary', { title: step.subject })}
          </Typography>
          {step.body && secondary(step.body)}
        </>
      )}
      {step.type === 'whatsapp' &&
        (template === 'loading' ? (
          <Typography sx={{ color: 'text.secondary' }}>…</Typography>
        ) : template ? (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {t('steps.templateSummary', { name: template.name })}
              </Typography>
              {template.status !== 'approved' && <WaTemplateStatusChip status={template.status} />}
            </Stack>
            {template.status !== 'approved' && (
              <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                {t('steps.templateNotApproved')}
              </Typography>
            )}
            {secondary(template.body)}
          </>
        ) : (
          <Typography sx={{ color: 'error.main' }}>{t('steps.templateMissing')}</Typography>
        ))}
      {step.type === 'wait' && (
        <Typography sx={{ fontWeight: 600 }}>{t('steps.waitSummary', { count: step.delayDays })}</Typography>
      )}
    </Box>
  );
}

/** 'Al inscribirse', '2 días después del paso anterior'… */
function delayText(
  t: ReturnType<typeof useTranslation<'marketing'>>['t'],
  delayDays: number,
  index: number,
): string {
  if (delayDays === 0) return t(index === 0 ? 'steps.immediately' : 'steps.sameDay');
  return t(index === 0 ? 'steps.firstDelay' : 'steps.delay', { count: delayDays });
}
