import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Formik } from 'formik';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Ticket, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { lazyWithPrefetch } from '@/components/prefetchedLazy';
import { LoadingBlock, QueryState } from '@/components/data/QueryState';
import { FormTextField } from '@/components/form/FormTextField';
import { GuardedForm } from '@/components/form/GuardedForm';
import { EnumSelectField, SelectField } from '@/components/form/SelectField';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { linksFromState } from '@/components/records/links';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useErrorToast, useToast } from '@/components/toast';
import {
  createRecord,
  orgRecordPath,
  orgTarget,
  updateRecord,
  useDocument,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import { enumOptions } from '@/i18n/enums';
import { ticketFormSchema, ticketFormValues, ticketWrite } from './utils/ticketForm';
import { sectionHref } from '@/app/sections';

// Rare (a deleted ticket's edit link): its code stays out of the form's first load (≤ 400 KB).
const NotFoundRecord = lazy(() =>
  import('@/components/records/NotFoundRecord').then((m) => ({ default: m.NotFoundRecord })),
);

const TicketPicker = lazyWithPrefetch(() => import('./components/TicketPicker'));

/** A picker once its code is here; until then (a moment after the form) the field, read-only. */
function Picker({ kind, label }: { kind: 'owner' | 'contact' | 'company'; label: string }) {
  return (
    <Suspense
      fallback={<OutlinedTextField label={label} fullWidth slotProps={{ input: { readOnly: true } }} />}
    >
      <TicketPicker kind={kind} label={label} />
    </Suspense>
  );
}

const LIST_PATH = sectionHref('tickets');

/**
 * /tickets/nuevo and /tickets/{id}/editar: one form for a new ticket and for an existing one.
 * Members without tickets.create (new) or tickets.edit (existing) are sent away, told why.
 */
export default function TicketFormPage() {
  // The pickers' code right away, in parallel with the ticket (not when the page is idle).
  useEffect(() => void TicketPicker.prefetch().catch(() => undefined), []);
  const { id } = useParams();
  const may = useCan('tickets', id === undefined ? 'create' : 'edit');
  if (!may) return <RedirectDenied />;
  return id === undefined ? <TicketForm ticket={null} /> : <EditTicket id={id} />;
}

/** The ticket to edit, live (its latest version is what a save merges with); 'no encontrado'. */
function EditTicket({ id }: { id: string }) {
  const { t } = useTranslation('tickets');
  const organizationId = useOrgId();
  const ticket = useDocument(orgRecordPath(organizationId, 'tickets', id));
  if (ticket.status === 'success' && ticket.data === null) {
    return (
      <>
        <BackLink to={LIST_PATH} label={t('detail.back')} />
        <Suspense fallback={<LoadingBlock />}>
          <NotFoundRecord
            title={t('detail.notFound')}
            body={t('detail.notFoundBody')}
            backLabel={t('detail.backToList')}
            backTo={LIST_PATH}
          />
        </Suspense>
      </>
    );
  }
  return <QueryState state={ticket}>{ticket.data && <TicketForm ticket={ticket.data} />}</QueryState>;
}

/** Two columns of a six-column grid on wider screens (three fields a row), the whole row on phones. */
const third = { gridColumn: { xs: '1 / -1', md: 'span 2' } };
const half = { gridColumn: { xs: '1 / -1', md: 'span 3' } };
const whole = { gridColumn: '1 / -1' };

function Cell({ span, children }: { span: object; children: ReactNode }) {
  return <Box sx={{ ...span, minWidth: 0 }}>{children}</Box>;
}

/**
 * The form: name, pipeline, status, priority, source, owner, contact, company, description. A
 * save goes to the ticket's page; a failed one keeps everything typed and toasts why.
 */
function TicketForm({ ticket }: { ticket: WithId<Ticket> | null }) {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { toast } = useToast();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const { uid } = useMembership();
  // Set once: a change someone else saves meanwhile does not wipe what is being typed.
  const [initialValues] = useState(() =>
    ticketFormValues(ticket, { ownerId: uid, links: linksFromState(location.state) }),
  );
  const target = orgTarget(organizationId, 'tickets');
  const detailPath = ticket ? sectionHref('tickets', { id: ticket.id }) : LIST_PATH;

  const save = async (values: Record<string, unknown>) => {
    try {
      const data = ticketWrite(values);
      let id = ticket?.id;
      if (ticket) {
        await updateRecord(target, ticket.id, data, ticket);
        toast({ title: t('toasts.updated'), variant: 'success' });
      } else {
        id = await createRecord(target, data);
        toast({ title: t('toasts.created'), variant: 'success' });
      }
      // The form leaves the history: Back from the ticket returns where the form was opened from.
      navigate(sectionHref('tickets', { id }), { replace: true });
    } catch (error) {
      showError(error);
    }
  };
  // Back where the form was opened from (the list, the ticket, a contact), else the ticket or list.
  const cancel = () => (location.key === 'default' ? navigate(detailPath) : navigate(-1));

  return (
    <>
      <PageHeader
        before={<BackLink to={detailPath} label={t('detail.back')} />}
        title={ticket ? t('form.editTitle') : t('form.createTitle')}
        subtitle={ticket?.ticketName}
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Formik initialValues={initialValues} validationSchema={ticketFormSchema} onSubmit={save}>
            {({ isSubmitting }) => (
              <GuardedForm aria-label={t('form.label')}>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
                    columnGap: 2,
                    rowGap: 2.5,
                  }}
                >
                  <Cell span={whole}>
                    <FormTextField
                      name="ticketName"
                      label={t('form.ticketName')}
                      required
                      fullWidth
                      // A new ticket starts with its name; an edit keeps the phone's keyboard away.
                      autoFocus={!ticket}
                    />
                  </Cell>
                  <Cell span={third}>
                    <FormTextField name="pipeline" label={t('form.pipeline')} required fullWidth />
                  </Cell>
                  <Cell span={third}>
                    <EnumSelectField
                      name="status"
                      enumName="ticketStatus"
                      label={t('form.status')}
                      fullWidth
                    />
                  </Cell>
                  <Cell span={third}>
                    <SelectField
                      name="priority"
                      label={t('form.priority')}
                      options={enumOptions(tc, 'ticketPriority')}
                      emptyLabel={t('form.noPriority')}
                      fullWidth
                      displayEmpty
                    />
                  </Cell>
                  <Cell span={half}>
                    <Picker kind="owner" label={t('form.owner')} />
                  </Cell>
                  <Cell span={half}>
                    <FormTextField
                      name="source"
                      label={t('form.source')}
                      placeholder={t('form.sourcePlaceholder')}
                      fullWidth
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </Cell>
                  <Cell span={half}>
                    <Picker kind="contact" label={t('form.contact')} />
                  </Cell>
                  <Cell span={half}>
                    <Picker kind="company" label={t('form.company')} />
                  </Cell>
                  <Cell span={whole}>
                    <FormTextField
                      name="description"
                      label={t('form.description')}
                      multiline
                      minRows={4}
                      fullWidth
                    />
                  </Cell>
                </Box>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 3 }}>
                  <Button onClick={cancel} disabled={isSubmitting}>
                    {tc('common.actions.cancel')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={isSubmitting} aria-busy={isSubmitting}>
                    {isSubmitting ? tc('common.actions.saving') : tc('common.actions.save')}
                  </Button>
                </Box>
              </GuardedForm>
            )}
          </Formik>
        </CardContent>
      </Card>
    </>
  );
}
