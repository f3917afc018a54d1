import Chip from '@mui/material/Chip';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { formEmbedSnippet, publicFormKey, type Form, type FormSubmission, type WithId } from '@trato/model';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { useMembers } from '@/components/useMembers';
import { useErrorToast, useToast } from '@/components/toast';
import { deleteRecord, updateRecord, useDatePreferences, useMembership, useOrgId } from '@/firebase/dataApi';
import { formatCount, formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { FormStatusChip, useFieldsSummary } from './components/formLabels';
import { MarketingTabs } from './components/MarketingTabs';
import { formsTarget, useForm, useSubmissions } from './hooks/useForms';
import { visuallyHidden } from '@/components/visuallyHidden';

// The builder (formik, yup, the selects) loads when first opened, fetched once the page is idle.
const FormBuilderDialog = lazyWithPrefetch(() =>
  import('./components/FormBuilderDialog').then((m) => ({ default: m.FormBuilderDialog })),
);

const FORMS_HREF = sectionHref('marketing', { page: 'formularios' });

/**
 * /marketing/formularios/{id}: a form — published or a draft (a switch), its public address with
 * 'Copiar' and 'Abrir', the code that embeds it in a website, its settings, 'Editar' and
 * 'Eliminar' as the member may, and for members who see contacts its submissions (a server count
 * and the list, newest first, each with the contact it created or updated).
 */
export default function FormPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('marketing');
  const organizationId = useOrgId();
  const form = useForm(organizationId, id);
  if (form.status === 'success' && form.data === null)
    return (
      <Box sx={{ maxWidth: 1280 }}>
        <MarketingTabs />
        <MissingRecord texts={t('forms.detail', { returnObjects: true })} listPath={FORMS_HREF} />
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <QueryState state={form} loadingLabel={t('forms.detail.loading')}>
        {form.data && <FormDetail organizationId={organizationId} form={form.data} />}
      </QueryState>
    </Box>
  );
}

/** Copies a text: 'Copiado al portapapeles', or says to copy it by hand when the browser refuses. */
function useCopy() {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('forms.toasts.copied'), variant: 'success' });
    } catch {
      toast({ title: t('forms.toasts.copyFailed'), variant: 'destructive' });
    }
  };
}

function FormDetail({ organizationId, form }: { organizationId: string; form: WithId<Form> }) {
  usePrefetchWhenIdle(FormBuilderDialog);
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { can } = useMembership();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  const remove = async () => {
    const done = deleteRecord(formsTarget(organizationId), form.id);
    navigate(FORMS_HREF, { replace: true });
    await done;
    toast({ title: t('forms.toasts.deleted'), variant: 'success' });
  };

  return (
    <Stack spacing={2.5}>
      <PageHeader
        before={<BackLink to={FORMS_HREF} label={t('forms.detail.back')} />}
        title={form.name}
        subtitle={<FormStatusChip published={form.published} />}
        actions={
          <>
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
      <Publication organizationId={organizationId} form={form} />
      <Settings form={form} />
      {can('contacts', 'view') ? (
        <Submissions organizationId={organizationId} formId={form.id} />
      ) : (
        <Alert severity="info">{t('forms.submissions.noContactsRight')}</Alert>
      )}
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <FormBuilderDialog organizationId={organizationId} form={form} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('forms.delete.title')}
        body={t('forms.delete.body')}
        confirmLabel={tc('common.actions.delete')}
        errorTitle={t('forms.toasts.deleteFailed')}
        onConfirm={remove}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

const cardTitle = { fontSize: '1.1rem', fontWeight: 700 } as const;
const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
} as const;

/** A read-only value in a monospace box with its copy button (the address, the embed code). */
function CopyBox({
  id,
  label,
  help,
  value,
  copyLabel,
  actions,
  multiline = false,
}: {
  id: string;
  label: string;
  help?: string;
  value: string;
  copyLabel: string;
  actions?: ReactNode;
  multiline?: boolean;
}) {
  const copy = useCopy();
  const helpId = help ? `${id}-help` : undefined;
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {label}
      </Typography>
      {help && (
        <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
          {help}
        </Typography>
      )}
      <Box
        component={multiline ? 'textarea' : 'input'}
        id={id}
        readOnly
        value={value}
        aria-describedby={helpId}
        rows={multiline ? 4 : undefined}
        onFocus={(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.target.select()}
        sx={{
          ...mono,
          display: 'block',
          width: '100%',
          boxSizing: 'border-box',
          mt: 1,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'action.hover',
          color: 'text.primary',
          resize: 'vertical',
          overflowWrap: 'anywhere',
        }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" startIcon={<ContentCopyRoundedIcon />} onClick={() => void copy(value)}>
          {copyLabel}
        </Button>
        {actions}
      </Stack>
    </Box>
  );
}

/** Published or a draft (a switch for who may edit), the public address and the embed code. */
function Publication({ organizationId, form }: { organizationId: string; form: WithId<Form> }) {
  const { t } = useTranslation('marketing');
  const { can } = useMembership();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  const origin = window.location.origin;
  const key = publicFormKey(organizationId, form.id);
  const address = `${origin}/f/${key}`;

  const toggle = async (published: boolean) => {
    setBusy(true);
    try {
      await updateRecord(formsTarget(organizationId), form.id, { published }, form);
      toast({
        title: t(published ? 'forms.toasts.published' : 'forms.toasts.unpublished'),
        variant: 'success',
      });
    } catch (error) {
      showError(error, t('forms.toasts.publishFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ ...cardTitle, mb: 1 }}>
          {t('forms.detail.publication')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={form.published}
              disabled={busy || !can('marketing', 'edit')}
              onChange={(_event, checked) => void toggle(checked)}
            />
          }
          label={t('forms.detail.publishedSwitch')}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          {t(form.published ? 'forms.detail.publishedNote' : 'forms.detail.draftNote')}
        </Typography>
        <Stack spacing={3}>
          <CopyBox
            id="form-address"
            label={t('forms.detail.address')}
            value={address}
            copyLabel={t('forms.detail.copyAddress')}
            actions={
              <Button
                size="small"
                startIcon={<OpenInNewRoundedIcon />}
                href={address}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('forms.detail.openLabel')}
              >
                {t('forms.detail.open')}
              </Button>
            }
          />
          <CopyBox
            id="form-embed"
            label={t('forms.detail.embed')}
            help={t('forms.detail.embedHelp')}
            value={formEmbedSnippet(origin, key, form.name)}
            copyLabel={t('forms.detail.copyEmbed')}
            multiline
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What the form asks, its consent, what follows a submission and who hears of it. */
function Settings({ form }: { form: WithId<Form> }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const members = useMembers();
  const fieldsOf = useFieldsSummary();
  const created = millisOf(form.createdAt);
  const consent = form.consentTextEs || form.consentTextEn;
  const notified = form.notifyUid
    ? (members.data?.find((member) => member.id === form.notifyUid)?.fullName ??
      (members.status === 'loading' ? '…' : t('forms.form.formerMember')))
    : null;
  const thanks = [form.thankYouEs, form.thankYouEn].filter(Boolean).join('\n');
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ ...cardTitle, mb: 2 }}>
          {t('forms.detail.settings')}
        </Typography>
        <DetailFields
          fields={[
            { label: t('forms.detail.fields'), value: fieldsOf(form) },
            {
              label: t('forms.detail.consent'),
              value: consent
                ? [form.consentTextEs, form.consentTextEn].filter(Boolean).join('\n')
                : t('forms.detail.noConsent'),
            },
            ...(consent
              ? [
                  {
                    label: t('forms.detail.doubleOptIn'),
                    value: t(form.doubleOptIn ? 'forms.detail.yes' : 'forms.detail.no'),
                  },
                ]
              : []),
            {
              label: t('forms.detail.afterSend'),
              value: form.redirectUrl
                ? t('forms.detail.redirectTo', { url: form.redirectUrl })
                : thanks || t('forms.detail.defaultThanks'),
            },
            {
              label: t('forms.detail.list'),
              value: form.listId ? (
                <Link
                  component={RouterLink}
                  to={sectionHref('marketing', { id: form.listId, page: 'listas' })}
                >
                  {form.listName || form.listId}
                </Link>
              ) : null,
            },
            {
              label: t('forms.detail.sequence'),
              value: form.sequenceId ? (
                <Link
                  component={RouterLink}
                  to={sectionHref('marketing', { query: { secuencia: form.sequenceId } })}
                >
                  {form.sequenceName || form.sequenceId}
                </Link>
              ) : null,
            },
            { label: t('forms.detail.notify'), value: notified },
            {
              label: t('forms.detail.createdAt'),
              value: created === null ? null : formatDateTime(created, language, preferences),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** The form's submissions: how many (a server count) and each, newest first, a page at a time. */
function Submissions({ organizationId, formId }: { organizationId: string; formId: string }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const { list, count } = useSubmissions(organizationId, formId);
  const when = (row: FormSubmission) => {
    const millis = millisOf(row.createdAt);
    return millis === null ? '-' : formatDateTime(millis, language, preferences);
  };
  const consentText = (row: FormSubmission) =>
    row.consent === null || row.consent === undefined
      ? t('forms.submissions.consentNotAsked')
      : t(row.consent ? 'forms.submissions.consentYes' : 'forms.submissions.consentNo');
  // Not asked: a dash, read out in words.
  const consent = (row: FormSubmission) =>
    row.consent === null || row.consent === undefined ? (
      <>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {consentText(row)}
        </Box>
      </>
    ) : (
      consentText(row)
    );
  const result = (row: FormSubmission) => (
    <Chip
      size="small"
      variant="outlined"
      color={row.createdContact ? 'success' : 'default'}
      label={t(row.createdContact ? 'forms.submissions.created' : 'forms.submissions.updated')}
      sx={{ fontWeight: 600 }}
    />
  );
  const contactLink = (row: WithId<FormSubmission>) => (
    <Link
      component={RouterLink}
      to={sectionHref('contacts', { id: row.contactId })}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {row.contactName}
    </Link>
  );

  const columns: ListColumn<WithId<FormSubmission>>[] = [
    {
      field: 'createdAt',
      headerName: t('forms.submissions.when'),
      width: 190,
      valueGetter: (_value, row) => when(row),
    },
    {
      field: 'contactName',
      headerName: t('forms.submissions.contact'),
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => contactLink(row),
    },
    {
      field: 'createdContact',
      headerName: t('forms.submissions.result'),
      width: 180,
      renderCell: ({ row }) => result(row),
    },
    {
      field: 'consent',
      headerName: t('forms.submissions.consent'),
      width: 150,
      renderCell: ({ row }) => consent(row),
    },
  ];

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          <Typography variant="h2" sx={cardTitle}>
            {t('forms.submissions.title')}
          </Typography>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="submission-count">
            <Box component="span" sx={visuallyHidden}>
              {t('forms.submissions.count')}:{' '}
            </Box>
            {count ? `${formatCount(count, language)}` : '…'}
          </Typography>
        </Stack>
        <DataList
          list={list}
          columns={columns}
          label={t('forms.submissions.title')}
          loadingLabel={t('forms.submissions.loading')}
          renderCard={(row) => (
            <Stack spacing={0.5}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                {contactLink(row)}
                {result(row)}
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {when(row)} · {t('forms.submissions.consent')}: {consent(row)}
              </Typography>
            </Stack>
          )}
          empty={
            <Typography
              sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}
              data-testid="empty-state"
            >
              {t('forms.submissions.empty')}
            </Typography>
          }
        />
      </CardContent>
    </Card>
  );
}
