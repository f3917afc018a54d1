import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  recipientStepStatus,
  sendLogId,
  type Enrollment,
  type EnrollmentStatus,
  type SequenceStep,
  type WithId,
} from '@trato/model';
import { useCan } from '@/components/Can';
import { Pager } from '@/components/data/Pager';
import { QueryState } from '@/components/data/QueryState';
import { StatusChip } from '@/components/data/StatusChip';
import { useErrorToast, useToast } from '@/components/toast';
import { enrollmentsTarget, orgRequest, updateRecord, useLiveList } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { useEnrollmentSends, type useEnrollments } from '../hooks/useSequences';
import { sectionHref } from '@/app/sections';

// The picker (Autocomplete) loads when 'Inscribir contactos' is first pressed.
const EnrollDialog = lazyWithPrefetch(() =>
  import('./EnrollDialog').then((m) => ({ default: m.EnrollDialog })),
);

type Steps = readonly WithId<SequenceStep>[];

/** 'Inscripciones': who is in the sequence, each one's status per step, and 'Inscribir contactos'. */
export function EnrollmentsCard({
  organizationId,
  sequenceId,
  steps,
  list,
}: {
  organizationId: string;
  sequenceId: string;
  steps: Steps;
  list: ReturnType<typeof useEnrollments>;
}) {
  usePrefetchWhenIdle(EnrollDialog);
  const { t } = useTranslation('marketing');
  const canCreate = useCan('marketing', 'create');
  const [enrolling, setEnrolling] = useState(false);
  const ids = list.rows.map((row) => row.id);
  // The page's contacts by id (≤ one page, within the `in` limit of 30).
  const contacts = useLiveList(
    ids.length ? orgRequest(organizationId, 'contacts.byIds', { __name__: ids }) : null,
  );
  const names = new Map((contacts.data ?? []).map((c) => [c.id, c.name]));

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {t('enrollments.title')}
          </Typography>
          {canCreate && (
            <Button startIcon={<PersonAddAlt1RoundedIcon />} onClick={() => setEnrolling(true)}>
              {t('enrollments.enroll')}
            </Button>
          )}
        </Stack>
        <QueryState state={list} loadingLabel={t('enrollments.loading')}>
          {list.rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('enrollments.empty')}</Typography>
          ) : (
            <>
              <Stack
                component="ul"
                aria-label={t('enrollments.title')}
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {list.rows.map((enrollment) => (
                  <EnrollmentRow
                    key={enrollment.id}
                    organizationId={organizationId}
                    sequenceId={sequenceId}
                    enrollment={enrollment}
                    name={names.get(enrollment.id) ?? (contacts.status === 'success' ? null : '')}
                    steps={steps}
                  />
                ))}
              </Stack>
              <Pager list={list} />
            </>
          )}
        </QueryState>
      </CardContent>
      {enrolling && (
        <Suspense fallback={null}>
          <EnrollDialog
            organizationId={organizationId}
            sequenceId={sequenceId}
            onClose={() => setEnrolling(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** What a member may turn an enrolment into from its status (the rules' transitions). */
function actionsFor(status: EnrollmentStatus): { key: string; to: EnrollmentStatus }[] {
  if (status === 'active')
    return [
      { key: 'pause', to: 'paused' },
      { key: 'stop', to: 'stopped' },
    ];
  if (status === 'paused')
    return [
      { key: 'resume', to: 'active' },
      { key: 'stop', to: 'stopped' },
    ];
  if (status === 'failed')
    return [
      { key: 'retry', to: 'active' },
      { key: 'stop', to: 'stopped' },
    ];
  return [];
}

function EnrollmentRow({
  organizationId,
  sequenceId,
  enrollment,
  name,
  steps,
}: {
  organizationId: string;
  sequenceId: string;
  enrollment: WithId<Enrollment>;
  /** null: the contact was deleted; '' while loading. */
  name: string | null;
  steps: Steps;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showError = useErrorToast();
  const canEdit = useCan('marketing', 'edit');
  const [busy, setBusy] = useState(false);
  const sends = useEnrollmentSends(organizationId, sequenceId, enrollment.id);
  const byId = new Map((sends.data ?? []).map((entry) => [entry.id, entry]));
  const label = name ?? t('enrollments.deletedContact');

  const change = async (to: EnrollmentStatus) => {
    setBusy(true);
    try {
      await updateRecord(
        enrollmentsTarget(organizationId, sequenceId),
        enrollment.id,
        { status: to },
        enrollment,
      );
      toast({ title: t('enrollments.updated'), variant: 'success' });
    } catch (error) {
      showError(error, t('enrollments.updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="li"
      data-testid="enrollment"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {name ? (
            <Typography
              component={RouterLink}
              to={sectionHref('contacts', { id: enrollment.id })}
              sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
            >
              {label}
            </Typography>
          ) : (
            <Typography sx={{ fontWeight: 600, color: 'text.secondary' }}>{label}</Typography>
          )}
          <StatusChip enumName="enrollmentStatus" value={enrollment.status} />
        </Stack>
        <Stack
          direction="row"
          role="group"
          aria-label={t('enrollments.progress')}
          sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1 }}
        >
          {steps.map((step, index) => {
            const entry = byId.get(sendLogId(sequenceId, enrollment.id, step.id));
            const status = recipientStepStatus(enrollment, index, entry?.status);
            const statusText = enumLabel(tc, 'sendStatus', status);
            // The steps a reply left unsent (no send-log entry) say why.
            const error =
              entry?.error ?? (status === 'skipped' && enrollment.status === 'replied' ? 'replied' : null);
            const reason = error ? t(`sendErrors.${error}` as 'sendErrors.no-email', error) : null;
            const text = t('enrollments.stepStatus', { n: step.stepOrder, status: statusText });
            return (
              // describeChild: the reason describes the chip; its own text stays its name.
              <Tooltip key={step.id} title={reason ?? ''} disableHoverListener={!reason} describeChild>
                <Chip
                  size="small"
                  variant={status === 'pending' ? 'outlined' : 'filled'}
                  color={
                    status === 'sent'
                      ? 'success'
                      : status === 'failed'
                        ? 'error'
                        : status === 'skipped'
                          ? 'warning'
                          : 'default'
                  }
                  label={reason ? `${text} · ${reason}` : text}
                  sx={{ maxWidth: '100%' }}
                />
              </Tooltip>
            );
          })}
        </Stack>
      </Box>
      {canEdit && actionsFor(enrollment.status).length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
          role="group"
          aria-label={t('enrollments.actions', { name: label })}
        >
          {actionsFor(enrollment.status).map((action) => (
            <Button
              key={action.key}
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => change(action.to)}
            >
              {t(`enrollments.${action.key}` as 'enrollments.pause')}
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}
