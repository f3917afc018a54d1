import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SEQUENCE_STEP_TYPES, type SequenceStep, type WaTemplate, type WithId } from '@trato/model';
import { sectionHref } from '@/app/sections';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord, orgRecordPath, orgRequest, useDocument, useLiveList } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { EMPTY_STEP, stepFormSchema, stepRecord, type StepValues } from '../utils/stepForm';
import { nextStepOrder, stepsTarget } from '../utils/sequenceWrites';
import { MessageFields, MessagePreview } from './MessageFields';
import { NativeSelectField } from './NativeSelectField';
import { RadioCards } from '@/components/RadioCards';
import { STEP_ICONS } from './stepTypes';
import { WaTemplatePreview } from './WaTemplatePreview';

/**
 * 'Agregar Paso': its type — an e-mail (subject and body with merge-field chips and a preview for
 * a chosen contact), a WhatsApp template (an approved or in-review one, with its text), a task for
 * the member who enrolled the contact (title and description), or a wait — and for every type the
 * delay in days (0 by default). The step goes last.
 */
export function StepDialog({
  organizationId,
  sequenceId,
  steps,
  onClose,
}: {
  organizationId: string;
  sequenceId: string;
  steps: readonly WithId<SequenceStep>[];
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const save = async (values: StepValues) => {
    await createRecord(stepsTarget(organizationId, sequenceId), {
      ...stepRecord(values),
      stepOrder: nextStepOrder(steps),
    });
    toast({ title: t('steps.added'), variant: 'success' });
  };
  return (
    <FormDialog<StepValues>
      open
      title={t('stepForm.title')}
      initialValues={EMPTY_STEP}
      schema={stepFormSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t('stepForm.save')}
      errorTitle={t('steps.addFailed')}
    >
      <StepFields organizationId={organizationId} />
    </FormDialog>
  );
}

function StepFields({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { values, setFieldValue } = useFormikContext<StepValues>();
  const Icon = STEP_ICONS;
  return (
    <>
      <RadioCards
        name="step-type"
        legend={t('stepForm.type')}
        value={values.type}
        onChange={(type) => void setFieldValue('type', type)}
        columns={{ xs: 2, md: 4 }}
        options={SEQUENCE_STEP_TYPES.map((type) => {
          const TypeIcon = Icon[type];
          return {
            value: type,
            label: enumLabel(tc, 'sequenceStepType', type),
            icon: <TypeIcon fontSize="small" />,
          };
        })}
      />
      {values.type === 'email' && <MessageFields />}
      {values.type === 'whatsapp' && <WhatsAppStepFields organizationId={organizationId} />}
      {values.type === 'task' && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('stepForm.taskHelp')}
          </Typography>
          <FormTextField name="subject" label={t('stepForm.taskTitle')} required />
          <FormTextField name="body" label={t('stepForm.taskDescription')} multiline minRows={3} />
        </>
      )}
      {values.type === 'wait' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('stepForm.waitHelp')}
        </Typography>
      )}
      <FormTextField
        name="delayDays"
        label={t('stepForm.delayDays')}
        type="number"
        helperText={t('stepForm.delayHelp')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        sx={{ maxWidth: 220 }}
      />
      {values.type === 'email' && (
        <>
          <Divider />
          <MessagePreview organizationId={organizationId} subject={values.subject} body={values.body} />
        </>
      )}
    </>
  );
}

/**
 * The WhatsApp step's template: the approved and in-review ones (waTemplates.list), each with its
 * state; one still in review must be approved before the step's turn (else the step fails, with
 * 'template-unavailable'). Its text shows as a phone would, with sample values.
 */
function WhatsAppStepFields({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('marketing');
  const { values } = useFormikContext<StepValues>();
  const templates = useLiveList(orgRequest(organizationId, 'waTemplates.list'));
  const channel = useDocument(orgRecordPath(organizationId, 'channels', 'whatsapp'));
  const usable = (templates.data ?? []).filter(
    (template) => template.status === 'approved' || template.status === 'pending',
  );
  const chosen = usable.find((template) => template.id === values.templateId) ?? null;
  const label = (template: WithId<WaTemplate>) =>
    t('stepForm.templateOption', {
      name: template.name,
      language: t(`waTemplates.languages.${template.language}`),
      status: t(`waTemplates.status.${template.status}`),
    });
  const templatesHref = sectionHref('marketing', { page: 'whatsapp' });
  return (
    <>
      {channel.status === 'success' && channel.data?.status !== 'connected' && (
        <Alert severity="warning" data-testid="step-whatsapp-channel">
          {t(channel.data ? 'stepForm.whatsappBroken' : 'stepForm.whatsappNotConnected')}
        </Alert>
      )}
      {templates.status === 'success' && usable.length === 0 ? (
        <Alert severity="info" data-testid="step-no-templates">
          {t('stepForm.noTemplates')}{' '}
          <Link component={RouterLink} to={templatesHref}>
            {t('stepForm.templatesLink')}
          </Link>
        </Alert>
      ) : (
        <NativeSelectField
          name="templateId"
          label={t('stepForm.template')}
          emptyLabel={t('stepForm.templateNone')}
          required
          disabled={templates.status !== 'success'}
          helperText={templates.status === 'loading' ? t('waTemplates.loading') : t('stepForm.templateHelp')}
          options={usable.map((template) => ({ value: template.id, label: label(template) }))}
        />
      )}
      {chosen?.status === 'pending' && (
        <Alert severity="warning" data-testid="step-template-pending">
          {t('stepForm.templatePending')}
        </Alert>
      )}
      {chosen && (
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            {t('stepForm.preview')}
          </Typography>
          <WaTemplatePreview
            values={{
              header: chosen.header ?? '',
              body: chosen.body,
              footer: chosen.footer ?? '',
              buttons: chosen.buttons,
              variables: chosen.variables,
            }}
          />
        </Box>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('stepForm.whatsappHelp')}
      </Typography>
    </>
  );
}
