import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MEETING_MINUTES, meetingSchema, type Meeting, type WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DateTimeField } from '@/components/form/DateTimeField';
import { DeleteAction } from '@/components/form/DeleteAction';
import { EntityPickerField, PICKERS } from '@/components/form/EntityPickerField';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { MemberSelectField } from '@/components/form/MemberSelectField';
import { EnumSelectField } from '@/components/form/SelectField';
import { formValuesFor, withRequiredMessage } from '@/components/form/formValues';
import { useToast } from '@/components/toast';
import {
  createRecord,
  deleteRecord,
  orgTarget,
  updateRecord,
  useDatePreferences,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import type { RecordLinks } from '@/components/records/links';
import {
  outsideWorkTime,
  proposedEnd,
  resolveMeetingPreferences,
  type MeetingPreferences,
} from './meetingHours';

const REQUIRED = 'records:meeting.requiredFields';
/** Title, start and end: 'Complete los campos requeridos' (spec §5); the end not before the start. */
const schema = withRequiredMessage(meetingSchema, ['title', 'startTime', 'endTime'], REQUIRED);

/** A new meeting starts at the next full hour and lasts the member's default length (an hour). */
export function defaultMeetingTimes(
  now = new Date(),
  minutes = DEFAULT_MEETING_MINUTES,
): { startTime: Date; endTime: Date } {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { startTime: start, endTime: proposedEnd(start, minutes) };
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/**
 * Start and end: a new start moves an end that was the proposal (or missing) to the member's
 * default length after it; a meeting outside their work days or hours gets a warning under the end.
 */
function MeetingTimesFields({ preferences }: { preferences: MeetingPreferences }) {
  const { t } = useTranslation('records');
  const { values, setFieldValue } = useFormikContext<{ startTime: unknown; endTime: unknown }>();
  const { timeZone } = useDatePreferences();
  const previousStart = useRef(values.startTime);
  useEffect(() => {
    const before = previousStart.current;
    previousStart.current = values.startTime;
    if (!isDate(values.startTime) || values.startTime === before) return;
    const end = values.endTime;
    const wasProposal =
      !isDate(end) ||
      (isDate(before) && end.getTime() === proposedEnd(before, preferences.minutes).getTime());
    if (wasProposal) void setFieldValue('endTime', proposedEnd(values.startTime, preferences.minutes));
  }, [values.startTime, values.endTime, preferences.minutes, setFieldValue]);
  const outside =
    isDate(values.startTime) && isDate(values.endTime)
      ? outsideWorkTime(values.startTime, values.endTime, preferences, timeZone)
      : null;
  return (
    <>
      <DateTimeField name="startTime" label={t('meeting.startTime')} required />
      <DateTimeField
        name="endTime"
        label={t('meeting.endTime')}
        required
        helperText={
          outside ? t(outside === 'day' ? 'meeting.outsideWorkDays' : 'meeting.outsideWorkHours') : undefined
        }
      />
    </>
  );
}

/**
 * 'Nueva reunión' / 'Editar Reunión': title, start, end, status, client, company, participants
 * (the author by default), notes. Used by the contact and company pages and by /reuniones.
 */
export function MeetingDialog({
  meeting,
  links,
  onClose,
  variant,
}: {
  meeting?: WithId<Meeting> | null;
  links?: RecordLinks;
  onClose: () => void;
  /** 'drawer': the side panel of /reuniones. */
  variant?: 'dialog' | 'drawer';
}) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { uid, profile } = useMembership();
  const preferences = resolveMeetingPreferences(profile);
  const canDelete = useCan('meetings', 'delete');
  const [confirming, setConfirming] = useState(false);
  const target = orgTarget(organizationId, 'meetings');

  const save = async (values: Record<string, unknown>) => {
    if (meeting) {
      await updateRecord(target, meeting.id, values, meeting);
      toast({ title: t('meeting.updated'), variant: 'success' });
    } else {
      await createRecord(target, values);
      toast({ title: t('meeting.created'), variant: 'success' });
    }
  };

  return (
    <>
      <FormDialog
        open
        title={meeting ? t('meeting.editTitle') : t('meeting.createTitle')}
        initialValues={formValuesFor(schema, meeting, {
          contactName: meeting?.contactName ?? links?.contactName ?? '',
          companyName: meeting?.companyName ?? links?.companyName ?? '',
          ...(meeting
            ? {}
            : {
                ...defaultMeetingTimes(new Date(), preferences.minutes),
                contactId: links?.contactId ?? '',
                companyId: links?.companyId ?? '',
                participantIds: uid ? [uid] : [],
              }),
        })}
        schema={schema}
        onSubmit={save}
        onClose={onClose}
        toastInvalid
        variant={variant}
        errorTitle={meeting ? t('meeting.updateError') : undefined}
        extraActions={meeting && canDelete && <DeleteAction onClick={() => setConfirming(true)} />}
      >
        <FormTextField name="title" label={t('meeting.title')} required autoFocus />
        <MeetingTimesFields preferences={preferences} />
        <EnumSelectField name="status" enumName="meetingStatus" label={t('meeting.status')} />
        <EntityPickerField
          name="contactId"
          labelName="contactName"
          label={t('meeting.contact')}
          queries={PICKERS.contacts}
        />
        <EntityPickerField
          name="companyId"
          labelName="companyName"
          label={t('meeting.company')}
          queries={PICKERS.companies}
        />
        <MemberSelectField name="participantIds" label={t('meeting.participants')} />
        <FormTextField name="notes" label={t('meeting.notes')} multiline minRows={2} />
      </FormDialog>
      {meeting && (
        <ConfirmDialog
          open={confirming}
          title={t('meeting.deleteTitle')}
          body={t('meeting.deleteBody')}
          confirmLabel={tc('common.actions.delete')}
          onClose={() => setConfirming(false)}
          errorTitle={t('meeting.deleteError')}
          onConfirm={async () => {
            await deleteRecord(target, meeting.id);
            toast({ title: t('meeting.deleted'), variant: 'success' });
            onClose();
          }}
        />
      )}
    </>
  );
}
